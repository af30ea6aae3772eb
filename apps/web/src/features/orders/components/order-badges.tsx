import type { ItemStatusName, OrderDisplayStatus } from '@esd/shared/orders/orders.rules';
import { SELL_TYPE, type SellType, sellTypeName } from '@esd/shared/shop/pricing.rules';
import type { BadgeProps, MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';

// Exhaustive: a new status fails to compile until it has colours. Filled badges with text of
// at least 4.5:1 contrast (WCAG AA) on their background.
type BadgeColors = { color: MantineColor; c: MantineColor };
const statusColors: Record<OrderDisplayStatus, BadgeColors> = {
  pending: { color: 'yellow.4', c: 'dark.9' },
  in_progress: { color: 'blue.8', c: 'white' },
  completed: { color: 'teal.9', c: 'white' },
  cancelled: { color: 'gray.7', c: 'white' },
  partly_returned: { color: 'orange.2', c: 'dark.9' },
  returned: { color: 'red.9', c: 'white' },
};

const itemStatusColors: Record<ItemStatusName, BadgeColors> = {
  waiting: { color: 'yellow.4', c: 'dark.9' },
  delivered: { color: 'teal.9', c: 'white' },
  returned: { color: 'gray.7', c: 'white' },
};

type Size = Pick<BadgeProps, 'size'>;

/** The order's display status (`display_status`): a completed order reads as (partly) returned. */
export const OrderStatusBadge = ({ status, size }: { status: OrderDisplayStatus } & Size) => {
  const { t } = useTranslation();
  return (
    <CellBadge size={size} variant="filled" {...statusColors[status]}>
      {t(`orders.status.${status}`)}
    </CellBadge>
  );
};

export const OrderTypeBadge = ({ sellType, size }: { sellType: SellType } & Size) => {
  const { t } = useTranslation();
  return (
    <CellBadge
      size={size}
      variant="outline"
      color={sellType === SELL_TYPE.credit ? 'grape.9' : 'teal.9'}
    >
      {t(`orders.type.${sellTypeName(sellType)}`)}
    </CellBadge>
  );
};

export const ItemStatusBadge = ({ status }: { status: ItemStatusName }) => {
  const { t } = useTranslation();
  return (
    <CellBadge size="sm" variant="filled" {...itemStatusColors[status]}>
      {t(`orders.itemStatus.${status}`)}
    </CellBadge>
  );
};
