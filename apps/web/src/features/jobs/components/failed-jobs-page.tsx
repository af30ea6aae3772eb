import { formatDateTime } from '@esd/shared/format/format';
import type { FailedJob } from '@esd/shared/jobs/jobs.schemas';
import { Anchor, Button, Code, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { paths } from '@/config/paths';
import { useFailedJobs } from '../api/get-failed-jobs';
import { RetryJobModal } from './retry-job-modal';

/**
 * /pages/settings/jobs: jobs that spent all their retries (key delivery, order mail, the
 * delivery watch) wait here; a global admin reads why and sends them back to their queue.
 */
export const FailedJobsPage = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const jobs = useFailedJobs({ page: list.query.page, perPage: list.query.perPage });
  const [retrying, setRetrying] = useState<FailedJob | null>(null);

  const columns: DataTableColumn<FailedJob>[] = [
    {
      key: 'failed',
      header: t('jobs.table.failedAt'),
      nowrap: true,
      render: (job) => formatDateTime(job.failed_at, i18n.language),
    },
    {
      key: 'queue',
      header: t('jobs.table.queue'),
      nowrap: true,
      render: (job) => t(`jobs.queues.${job.queue}`),
    },
    {
      key: 'order',
      header: t('jobs.table.order'),
      nowrap: true,
      render: (job) =>
        job.order_id === null ? (
          '—'
        ) : (
          <Anchor component={Link} to={`${paths.orders.getHref()}?order=${job.order_id}`}>
            #{job.order_id}
          </Anchor>
        ),
    },
    {
      key: 'error',
      header: t('jobs.table.error'),
      render: (job) =>
        job.error ? (
          <Text size="sm" lineClamp={3} style={{ wordBreak: 'break-word' }} title={job.error}>
            {job.error}
          </Text>
        ) : (
          '—'
        ),
    },
    {
      key: 'attempts',
      header: t('jobs.table.attempts'),
      align: 'right',
      render: (job) => job.attempts,
    },
    {
      key: 'id',
      header: t('jobs.table.id'),
      render: (job) => <Code>{job.id.slice(0, 8)}</Code>,
    },
    {
      key: 'retry',
      card: 'aside',
      header: t('jobs.table.actions'),
      render: (job) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={16} aria-hidden />}
          aria-label={t('jobs.retry.label', { id: job.id.slice(0, 8) })}
          onClick={() => setRetrying(job)}
        >
          {t('jobs.retry.button')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.settingsJobs')} description={t('jobs.description')} />
      <DataTable
        caption={t('jobs.caption')}
        columns={columns}
        rows={jobs.data?.items}
        total={jobs.data?.total}
        getRowKey={(job) => job.id}
        getRowLabel={(job) => job.id}
        isLoading={jobs.isPending}
        isFetching={jobs.isFetching}
        isError={jobs.isError}
        onRetry={() => void jobs.refetch()}
        list={list}
        emptyMessage={t('jobs.empty')}
        minWidth={860}
      />
      <RetryJobModal job={retrying} onClose={() => setRetrying(null)} />
    </>
  );
};
