import { Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Who reads the note: an end user (type 4) buys through its dealer, a dealer needs an account. */
export type AdobeNoteAudience = 'endUser' | 'dealer';

/**
 * Adobe products (provider 3) are bought only by dealers with an Adobe account (spec 1): the
 * note says so and whom to ask, instead of the basket controls.
 */
export const AdobeNote = ({ audience }: { audience: AdobeNoteAudience }) => {
  const { t } = useTranslation();
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconInfoCircle
        size={16}
        aria-hidden
        style={{ flexShrink: 0, marginTop: 2 }}
        color="var(--mantine-color-blue-7)"
      />
      <Text size="xs" c="dimmed">
        {t(`basket.adobe.${audience}`)}
      </Text>
    </Group>
  );
};
