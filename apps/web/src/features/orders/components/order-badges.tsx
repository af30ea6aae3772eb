import type { ItemStatusName, OrderStatusName } from '@esd/shared/orders/orders.rules';
import type { BadgeProps, MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';

// Exhaustive: a new status fails to compile until it has a colour.
const statusColors: Record<OrderStatusName, MantineColor> = {
  pending: 'yellow',
  in_progress: 'blue',
  completed: 'green',
  cancelled: 'gray',
};

const itemStatusColors: Record<ItemStatusName, MantineColor> = {
  waiting: 'yellow',
  delivered: 'green',
  returned: 'gray',
};

type Size = Pick<BadgeProps, 'size'>;

export const OrderStatusBadge = ({ status, size }: { status: OrderStatusName } & Size) => {
  const { t } = useTranslation();
  // yellow needs dark text for contrast; the others carry white text on a filled badge
  return (
    <CellBadge
      size={size}
      variant="light"
      color={statusColors[status]}
      c={status === 'pending' ? 'yellow.9' : undefined}
    >
      {t(`orders.status.${status}`)}
    </CellBadge>
  );
};

export const OrderTypeBadge = ({ sellType, size }: { sellType: 1 | 2 } & Size) => {
  const { t } = useTranslation();
  return (
    <CellBadge size={size} variant="outline" color={sellType === 2 ? 'grape.9' : 'teal.9'}>
      {t(`orders.type.${sellType === 2 ? 'credit' : 'cash'}`)}
    </CellBadge>
  );
};

export const ItemStatusBadge = ({ status }: { status: ItemStatusName }) => {
  const { t } = useTranslation();
  return (
    <CellBadge
      size="sm"
      variant="light"
      color={itemStatusColors[status]}
      c={status === 'waiting' ? 'yellow.9' : undefined}
    >
      {t(`orders.itemStatus.${status}`)}
    </CellBadge>
  );
};
