import { formatDateTime } from '@esd/shared/format/format';
import {
  type PartnerApplication,
  type PartnerApplicationStatus,
  partnerApplicationStatuses,
} from '@esd/shared/partners/partners.schemas';
import { Button, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmailAddress } from '@/components/email-address';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { usePartnerApplications } from '../api/get-partner-applications';
import { PartnerApplicationDrawer } from './partner-application-drawer';
import { PartnerStatusBadge } from './partner-status-badge';

type StatusFilter = PartnerApplicationStatus | 'all';

/** Global admins review "Become a Partner" applications: waiting ones first. */
export const PartnerApplicationsPage = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const [status, setStatus] = useState<StatusFilter>('pending');
  const [openId, setOpenId] = useState<number>();
  // four choices with counts do not fit a phone's width side by side
  const isPhone = useMediaQuery('(max-width: 36em)');
  const { page, perPage, q } = list.query;
  const applications = usePartnerApplications({
    page,
    perPage,
    q,
    status: status === 'all' ? undefined : status,
  });
  const counts = applications.data?.counts;
  const countOf = (value: StatusFilter) =>
    counts
      ? value === 'all'
        ? counts.pending + counts.approved + counts.rejected
        : counts[value]
      : undefined;
  const filterLabel = (value: StatusFilter) => {
    const name = value === 'all' ? t('partners.review.all') : t(`partners.status.${value}`);
    const count = countOf(value);
    return count === undefined ? name : `${name} (${count})`;
  };

  const columns: DataTableColumn<PartnerApplication>[] = [
    {
      key: 'company',
      header: t('partners.review.table.company'),
      render: (row) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {row.company_name}
          </Text>
          <Text size="xs" c="dimmed">
            {t('partners.review.table.voen')} {row.voen}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'contact',
      header: t('partners.review.table.contact'),
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{row.full_name}</Text>
          <EmailAddress size="xs" c="dimmed" email={row.email} />
        </Stack>
      ),
    },
    {
      key: 'country',
      header: t('partners.review.table.country'),
      render: (row) => row.country.name,
    },
    {
      key: 'submitted',
      header: t('partners.review.table.submitted'),
      nowrap: true,
      render: (row) => formatDateTime(row.created_at, i18n.language),
    },
    {
      key: 'status',
      card: 'aside',
      header: t('partners.review.table.status'),
      render: (row) => <PartnerStatusBadge status={row.status} />,
    },
    {
      key: 'open',
      card: 'aside',
      header: t('partners.review.table.open'),
      align: 'right',
      render: (row) => (
        <Button
          size="xs"
          variant="light"
          onClick={() => setOpenId(row.id)}
          aria-label={t('partners.review.openRow', { company: row.company_name })}
        >
          {t('partners.review.table.open')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsPartners')}
        description={t('partners.review.description')}
      />
      <DataTable
        caption={t('pages.settingsPartners')}
        columns={columns}
        rows={applications.data?.items}
        total={applications.data?.total}
        getRowKey={(row) => row.id}
        getRowLabel={(row) => row.company_name}
        isLoading={applications.isPending}
        isFetching={applications.isFetching}
        isError={applications.isError}
        onRetry={() => void applications.refetch()}
        list={list}
        searchLabel={t('partners.review.search')}
        toolbar={
          <Stack gap={4} w={isPhone ? '100%' : undefined}>
            <Text size="sm" fw={500} id="partner-status-filter">
              {t('partners.review.filter')}
            </Text>
            <SegmentedControl
              aria-labelledby="partner-status-filter"
              orientation={isPhone ? 'vertical' : 'horizontal'}
              fullWidth={isPhone}
              value={status}
              onChange={(value) => {
                setStatus(value as StatusFilter);
                list.setPage(1);
              }}
              data={(['pending', ...partnerApplicationStatuses.slice(1), 'all'] as const).map(
                (value) => ({ value, label: filterLabel(value) }),
              )}
            />
          </Stack>
        }
        emptyMessage={
          status === 'all' ? t('partners.review.empty') : t('partners.review.emptyStatus')
        }
        minWidth={760}
      />
      <PartnerApplicationDrawer id={openId} onClose={() => setOpenId(undefined)} />
    </>
  );
};
