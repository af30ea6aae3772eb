import type { PartnerApplicationStatus } from '@esd/shared/partners/partners.schemas';
import type { BadgeProps, MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';

// Exhaustive; filled badges whose text keeps at least 4.5:1 contrast on the background.
const statusColors: Record<PartnerApplicationStatus, { color: MantineColor; c: MantineColor }> = {
  pending: { color: 'yellow.4', c: 'dark.9' },
  approved: { color: 'teal.9', c: 'white' },
  rejected: { color: 'red.8', c: 'white' },
};

export const PartnerStatusBadge = ({
  status,
  size,
}: { status: PartnerApplicationStatus } & Pick<BadgeProps, 'size'>) => {
  const { t } = useTranslation();
  return (
    <CellBadge size={size} variant="filled" {...statusColors[status]}>
      {t(`partners.status.${status}`)}
    </CellBadge>
  );
};
