import type { ExchangeRate } from '@esd/shared/catalogue/settings.schemas';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useListQuery } from '@/components/use-list-query';
import { formatAzn, formatDateTime } from '@/lib/format';
import { useDeleteExchangeRate } from '../api/delete-exchange-rate';
import { useExchangeRates } from '../api/get-exchange-rates';
import { CurrentRateCard } from './current-rate-card';
import { RateChart } from './rate-chart';
import { formatRateDate, pickCurrentRate, todayIsoDate } from './rate-dates';
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
        <RateImport />
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
        onDelete={(rate) => deleteRate.mutateAsync(rate.id)}
        minWidth={560}
      />
    </Stack>
  );
};
