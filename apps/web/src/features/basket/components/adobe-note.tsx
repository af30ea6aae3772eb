import { Group, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Adobe products (provider 3) need a price request for a customer; that flow comes later. */
export const AdobeNote = () => {
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
        {t('basket.adobe.note')}
      </Text>
    </Group>
  );
};
