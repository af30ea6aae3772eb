import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { partnerApplicationsQueryOptions } from '../api/get-partner-applications';

const PENDING_POLL_MS = 5 * 60_000;

/** The count of applications waiting for review, beside the nav link (global admins only). */
export const PendingPartnersBadge = () => {
  const { t } = useTranslation();
  const pending = useQuery({
    ...partnerApplicationsQueryOptions({ page: 1, perPage: 1, status: 'pending' }),
    select: (page) => page.counts.pending,
    refetchInterval: PENDING_POLL_MS,
    // a badge that fails to load stays away rather than alarming anyone
    meta: { notifyError: false },
  });
  if (!pending.data) return null;
  return (
    <Badge size="sm" circle={pending.data < 10} color="yellow.4" c="dark.9" variant="filled">
      {pending.data}
      <VisuallyHidden>{` ${t('partners.review.pendingBadge')}`}</VisuallyHidden>
    </Badge>
  );
};
