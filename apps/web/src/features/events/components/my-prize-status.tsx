import type { PrizeHolding } from '@esd/shared/events/events.schemas';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WonStatusBadge } from './status-badges';

/**
 * Where the viewer's dealer's claim or award of a prize stands, on the prize's card and page;
 * the dealer itself also reads the admin's tracking note (a tracking number, a reason).
 */
export const MyPrizeStatus = ({ holding }: { holding: PrizeHolding }) => {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Group gap={6}>
        <Text size="xs" c="dimmed">
          {t('events.prize.delivery')}
        </Text>
        <WonStatusBadge status={holding.status} />
      </Group>
      {holding.tracking_note ? (
        <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
          {t('events.myPrizes.tracking', { note: holding.tracking_note })}
        </Text>
      ) : null}
    </Stack>
  );
};
