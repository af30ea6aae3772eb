import type { WonPrize } from '@esd/shared/events/events.schemas';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Where a claimed prize goes, as the dealer gave it; rank awards have no address. */
export const DeliveryDetails = ({ delivery }: { delivery: WonPrize['delivery'] }) => {
  const { t } = useTranslation();
  if (!delivery) {
    return (
      <Text size="xs" c="dimmed">
        {t('events.settings.won.noDelivery')}
      </Text>
    );
  }
  return (
    <Stack gap={0} maw={260}>
      <Text size="sm">{delivery.contact_name}</Text>
      <Text size="xs" ff="monospace">
        {delivery.phone}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {delivery.address}
      </Text>
    </Stack>
  );
};
