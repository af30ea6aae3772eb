import type { Target } from '@esd/shared/content/targets.schemas';
import { formatDate, formatUsd } from '@esd/shared/format/format';
import { Button, Select, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useTargets } from '../api/get-targets';
import { TargetFormModal } from './target-form-modal';
import { TargetImmutableNote } from './target-note';
import { TargetProgress } from './target-progress';

const thisYear = new Date().getFullYear();
const years = Array.from({ length: 5 }, (_, i) => String(thisYear - 2 + i));

export const TargetsPage = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const [year, setYear] = useState<string | null>(null);
  const [quarter, setQuarter] = useState<string | null>(null);
  const [isAdding, setAdding] = useState(false);
  const targets = useTargets({
    page: list.query.page,
    perPage: list.query.perPage,
    year: year ? Number(year) : undefined,
    quarter: quarter ? Number(quarter) : undefined,
  });

  const columns: DataTableColumn<Target>[] = [
    {
      key: 'dealer',
      header: t('targets.table.dealer'),
      render: (target) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {target.dealer_name}
          </Text>
          <Text size="xs" c="dimmed">
            {target.dealer_email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'period',
      header: t('targets.table.period'),
      nowrap: true,
      render: (target) => t('targets.period', { quarter: target.quarter, year: target.year }),
    },
    {
      key: 'amount',
      card: 'aside',
      header: t('targets.table.amount'),
      align: 'right',
      nowrap: true,
      render: (target) => formatUsd(target.amount_usd, i18n.language),
    },
    {
      key: 'progress',
      header: t('targets.table.progress'),
      render: (target) => (
        <TargetProgress achieved={target.achieved_usd} target={target.amount_usd} />
      ),
    },
    {
      key: 'note',
      header: t('targets.table.note'),
      render: (target) => target.note || '—',
    },
    {
      key: 'created',
      header: t('targets.table.created'),
      render: (target) => (
        <Stack gap={0}>
          <Text size="sm">{formatDate(target.created_at, i18n.language)}</Text>
          {target.created_by ? (
            <Text size="xs" c="dimmed">
              {target.created_by}
            </Text>
          ) : null}
        </Stack>
      ),
    },
  ];

  const resetPage = list.resetPage;
  return (
    <>
      <PageHeader
        title={t('pages.settingsTargets')}
        description={t('targets.description')}
        actions={
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setAdding(true)}>
            {t('targets.add')}
          </Button>
        }
      />
      <Stack gap="md">
        <TargetImmutableNote />
        <DataTable
          caption={t('pages.settingsTargets')}
          columns={columns}
          rows={targets.data?.items}
          total={targets.data?.total}
          getRowKey={(target) => target.id}
          getRowLabel={(target) =>
            `${target.dealer_name} — ${t('targets.period', { quarter: target.quarter, year: target.year })}`
          }
          isLoading={targets.isPending}
          isFetching={targets.isFetching}
          isError={targets.isError}
          onRetry={() => void targets.refetch()}
          list={list}
          emptyMessage={t('targets.empty')}
          toolbar={
            <>
              <Select
                label={t('targets.filters.year')}
                placeholder={t('targets.filters.all')}
                data={years}
                value={year}
                onChange={(value) => {
                  setYear(value);
                  resetPage();
                }}
                clearable
                w={{ base: '100%', xs: 160 }}
              />
              <Select
                label={t('targets.filters.quarter')}
                placeholder={t('targets.filters.all')}
                data={['1', '2', '3', '4'].map((q) => ({
                  value: q,
                  label: t('targets.quarterName', { quarter: q }),
                }))}
                value={quarter}
                onChange={(value) => {
                  setQuarter(value);
                  resetPage();
                }}
                clearable
                w={{ base: '100%', xs: 160 }}
              />
            </>
          }
          minWidth={880}
        />
      </Stack>
      <TargetFormModal opened={isAdding} onClose={() => setAdding(false)} />
    </>
  );
};
