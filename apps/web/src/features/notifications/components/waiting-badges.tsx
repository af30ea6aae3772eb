import type { WaitingCounts } from '@esd/shared/notifications/notifications.schemas';
import { Badge, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useWaiting } from '../api/get-waiting';

export type WaitingKind = keyof WaitingCounts;

const colors: Record<WaitingKind, string> = {
  cash_orders: 'yellow.4',
  return_requests: 'orange.3',
  partner_applications: 'yellow.4',
  low_stock_products: 'red.2',
};

/**
 * How many things of each kind wait for the signed-in admin, beside a navigation link: a
 * badge per kind with something waiting, none otherwise.
 */
export const WaitingBadges = ({ kinds }: { kinds: readonly WaitingKind[] }) => {
  const { t } = useTranslation();
  const waiting = useWaiting((counts) =>
    kinds.map((kind) => ({ kind, count: counts[kind] })).filter(({ count }) => count > 0),
  );
  if (!waiting.data?.length) return null;
  return (
    <Group gap={4} wrap="nowrap">
      {waiting.data.map(({ kind, count }) => (
        <Tooltip key={kind} label={t(`notifications.waiting.${kind}`, { count })} withinPortal>
          <Badge
            size="sm"
            circle={count < 10}
            color={colors[kind]}
            c="dark.9"
            variant="filled"
            data-testid={`waiting-${kind}`}
          >
            {count}
            <VisuallyHidden>{` ${t(`notifications.waiting.${kind}`, { count })}`}</VisuallyHidden>
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
};
