import type { FailedJob } from '@esd/shared/jobs/jobs.schemas';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { getErrorMessage, notifySuccess } from '@/lib/notify';
import { useRetryFailedJob } from '../api/retry-failed-job';

/** Asks before sending a failed job back to its queue; a refusal stays in view. */
export const RetryJobModal = ({ job, onClose }: { job: FailedJob | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const retry = useRetryFailedJob();
  const [error, setError] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new job starts without the last refusal
  useEffect(() => setError(null), [job?.id]);

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
    <DialogModal opened={job !== null} onClose={onClose} title={t('jobs.retry.title')} centered>
      <Stack gap="md">
        <Text size="sm">
          {job?.order_id
            ? t('jobs.retry.textOrder', { queue, order: job.order_id })
            : t('jobs.retry.text', { queue })}
        </Text>
        {error ? (
          <Alert
            color="red"
            title={t('common.errorTitle')}
            icon={<IconAlertTriangle size={18} aria-hidden />}
            role="alert"
          >
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button loading={retry.isPending} onClick={confirm}>
            {t('jobs.retry.confirm')}
          </Button>
        </Group>
      </Stack>
    </DialogModal>
  );
};
