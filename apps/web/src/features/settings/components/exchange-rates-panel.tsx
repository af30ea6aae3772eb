import { type ExchangeRate, RATE_REASON_MAX } from '@esd/shared/catalogue/settings.schemas';
import { formatAzn, formatDateTime } from '@esd/shared/format/format';
import { SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { ReasonField } from '@/components/reason-field';
import { useListQuery } from '@/components/use-list-query';
import { useDeleteExchangeRate } from '../api/delete-exchange-rate';
import { useExchangeRates } from '../api/get-exchange-rates';
import { CurrentRateCard } from './current-rate-card';
import { RateChart } from './rate-chart';
import { formatRateDate, pickCurrentRate, todayIsoDate } from './rate-dates';
import { RateFeedStatus } from './rate-feed-status';
import { RateForm } from './rate-form';
import { RateImport } from './rate-import';
import { RateMissingAlert } from './rate-missing-alert';

export const ExchangeRatesPanel = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const rates = useExchangeRates(list.query);
  // the newest few, whatever page the table shows: enough to find today's rate
  const newest = useExchangeRates({ page: 1, perPage: 10, order: 'desc' });
  const deleteRate = useDeleteExchangeRate();
  // a day's rate is a record (issue 31): deleting it, like changing it, needs a reason
  const [deleteReason, setDeleteReason] = useState('');

  const columns: DataTableColumn<ExchangeRate>[] = [
    {
      key: 'date',
      header: t('settings.rates.fields.date'),
      nowrap: true,
      render: (rate) => formatRateDate(rate.date, i18n.language),
    },
    {
      key: 'rate',
      header: t('settings.rates.fields.rate'),
      align: 'right',
      nowrap: true,
      render: (rate) => formatAzn(rate.rate, i18n.language, 4),
    },
    {
      key: 'source',
      header: t('settings.rates.fields.source'),
      render: (rate) => (
        <CellBadge variant="dot" color={rate.source === 'cbar' ? 'teal' : 'gray'}>
          {t(`settings.rates.source.${rate.source}`)}
        </CellBadge>
      ),
    },
    {
      key: 'created',
      header: t('settings.rates.fields.created'),
      nowrap: true,
      render: (rate) => formatDateTime(rate.created_at, i18n.language),
    },
  ];

  return (
    <Stack gap="md">
      <RateMissingAlert />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CurrentRateCard
          rate={newest.data ? pickCurrentRate(newest.data.items, todayIsoDate()) : null}
          isLoading={newest.isPending}
        />
        <RateChart rates={rates.data?.items ?? []} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <RateForm />
        <Stack gap="md">
          <RateImport />
          <RateFeedStatus />
        </Stack>
      </SimpleGrid>
      <DataTable
        caption={t('settings.markup.tabs.rates')}
        columns={columns}
        rows={rates.data?.items}
        total={rates.data?.total}
        getRowKey={(rate) => rate.id}
        getRowLabel={(rate) =>
          `${formatRateDate(rate.date, i18n.language)}: ${formatAzn(rate.rate, i18n.language, 4)}`
        }
        isLoading={rates.isPending}
        isFetching={rates.isFetching}
        isError={rates.isError}
        onRetry={() => void rates.refetch()}
        list={list}
        emptyMessage={t('settings.rates.empty')}
        onDelete={async (rate) => {
          await deleteRate.mutateAsync({ id: rate.id, reason: deleteReason.trim() });
          setDeleteReason('');
        }}
        describeDeletion={() => (
          <ReasonField
            mt="sm"
            label={t('settings.rates.reason.deleteLabel')}
            description={t('settings.rates.reason.deleteHint')}
            max={RATE_REASON_MAX}
            value={deleteReason}
            onChange={(event) => setDeleteReason(event.currentTarget.value)}
          />
        )}
        minWidth={560}
      />
    </Stack>
  );
};
