import type { EventStatus, WonPrizeStatusName } from '@esd/shared/events/events.rules';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';

const eventColors: Record<EventStatus, string> = {
  current: 'teal.9',
  upcoming: 'blue.8',
  past: 'gray.7',
};

export const EventStatusBadge = ({ status }: { status: EventStatus }) => {
  const { t } = useTranslation();
  return (
    <CellBadge color={eventColors[status]} variant="filled" tt="none">
      {t(`events.status.${status}`)}
    </CellBadge>
  );
};

const wonColors: Record<WonPrizeStatusName, string> = {
  pending: 'yellow.3',
  shipped: 'blue.8',
  delivered: 'teal.9',
  cancelled: 'gray.7',
};

export const WonStatusBadge = ({ status }: { status: WonPrizeStatusName }) => {
  const { t } = useTranslation();
  return (
    <CellBadge
      color={wonColors[status]}
      c={status === 'pending' ? 'dark.9' : undefined}
      variant="filled"
      tt="none"
    >
      {t(`events.wonStatus.${status}`)}
    </CellBadge>
  );
};
