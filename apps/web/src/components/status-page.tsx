import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type StatusPageProps = {
  code?: string;
  title: string;
  description: ReactNode;
  actions?: ReactNode;
};

/** Full message pages: 404, not authorized, load errors. */
export const StatusPage = ({ code, title, description, actions }: StatusPageProps) => (
  <Stack align="center" ta="center" py={{ base: 40, sm: 80 }} px="md" gap="md">
    {code ? (
      <Text
        aria-hidden
        fw={800}
        fz={{ base: 72, sm: 110 }}
        lh={1}
        c="indigo.5"
        style={{ letterSpacing: '-0.04em' }}
      >
        {code}
      </Text>
    ) : null}
    <Title order={1}>{title}</Title>
    <Text c="dimmed" maw={480}>
      {description}
    </Text>
    {actions ? (
      <Group justify="center" mt="sm">
        {actions}
      </Group>
    ) : null}
  </Stack>
);
