import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';

/** The ESD word mark; the icon is decoration, the text is the name. */
export const Logo = () => (
  <Group gap={8} wrap="nowrap">
    <ThemeIcon size={32} radius="md" variant="filled" aria-hidden>
      <IconKey size={18} stroke={2} />
    </ThemeIcon>
    <Text fw={800} fz="xl" c="indigo.8" style={{ letterSpacing: '0.04em' }}>
      ESD
    </Text>
  </Group>
);
