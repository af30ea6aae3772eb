import type { FailedJob } from '@esd/shared/jobs/jobs.schemas';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useStateResetOn } from '@/components/use-state-reset-on';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useRetryFailedJob } from '../api/retry-failed-job';

/** Asks before sending a failed job back to its queue; a refusal stays in view. */
export const RetryJobModal = ({ job, onClose }: { job: FailedJob | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const retry = useRetryFailedJob();
  // a new job starts without the last refusal
  const [error, setError] = useStateResetOn<string | null>(null, job?.id);

  const queue = job ? t(`jobs.queues.${job.queue}`) : '';
  const confirm = () => {
    if (!job) return;
    retry.mutate(job.id, {
      onSuccess: () => {
        notifySuccess(t('jobs.retry.done', { queue }));
        onClose();
      },
      onError: (failure) => setError(getErrorMessage(failure)),
    });
  };

  return (
    <ConfirmDialog
      opened={job !== null}
      onClose={onClose}
      title={t('jobs.retry.title')}
      error={error}
      confirmLabel={t('jobs.retry.confirm')}
      isPending={retry.isPending}
      onConfirm={confirm}
    >
      <Text size="sm">
        {job?.order_id
          ? t('jobs.retry.textOrder', { queue, order: job.order_id })
          : t('jobs.retry.text', { queue })}
      </Text>
    </ConfirmDialog>
  );
};
