import { Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import type { DateRange, ExportPage } from '../api/sales-statistics';
import { RangeFilter } from './range-filter';
import { SalesExportButtons } from './sales-export-buttons';
import {
  type Currency,
  CurrencyControl,
  Refreshing,
  readCurrency,
  SalesEmptyState,
  SalesErrorState,
  SalesLoadingState,
} from './sales-parts';
import { readRange } from './sales-range';
import { TopProductsBlock } from './top-products-block';

/** Range and currency live in the URL, so a view can be shared. */
export const useSalesFilters = () => {
  const [searchParams, setSearchParams] = useSearchParams();
  const range = readRange(searchParams);
  const currency = readCurrency(searchParams.get('currency'));
  const set = (next: { range?: DateRange; currency?: Currency }) => {
    const r = next.range ?? range;
    const c = next.currency ?? currency;
    setSearchParams(
      { date_from: r.date_from, date_to: r.date_to, ...(c === 'azn' ? { currency: c } : {}) },
      { replace: true },
    );
  };
  return { range, currency, set };
};

type SalesFilters = ReturnType<typeof useSalesFilters>;

/** What the page needs of its statistics query (TanStack Query's fits). */
type SalesQuery<T> = {
  data: T | undefined;
  isError: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<unknown>;
};

type SalesRangePageProps<T extends { totals: { orders: number } }> = {
  page: Extract<ExportPage, 'weekly' | 'distribution'>;
  title: string;
  description: string;
  filters: SalesFilters;
  query: SalesQuery<T>;
  /** the key figures, shown even for a range without sales */
  kpis: (data: T) => ReactNode;
  /** the charts of a range with sales */
  charts: (data: T) => ReactNode;
};

/**
 * A sales page of a date range in USD or AZN (weekly, distribution): its header and exports,
 * the range and currency, then its key figures, its charts (or the empty state) and the top
 * products, dimmed while another range loads.
 */
export const SalesRangePage = <T extends { totals: { orders: number } }>({
  page,
  title,
  description,
  filters,
  query,
  kpis,
  charts,
}: SalesRangePageProps<T>) => {
  const { t } = useTranslation();
  const { range, currency, set } = filters;
  const data = query.data;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={<SalesExportButtons page={page} params={range} />}
      />
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <RangeFilter
          key={`${range.date_from}/${range.date_to}`}
          value={range}
          onChange={(r) => set({ range: r })}
        />
        <CurrencyControl value={currency} onChange={(c) => set({ currency: c })} />
      </Group>
      {query.isError && !data ? (
        <SalesErrorState onRetry={() => void query.refetch()} />
      ) : !data ? (
        <SalesLoadingState />
      ) : (
        <Refreshing busy={query.isPlaceholderData}>
          <Stack gap="md">
            {kpis(data)}
            {data.totals.orders === 0 ? (
              <SalesEmptyState
                title={t('statistics.sales.empty.title')}
                description={t('statistics.sales.empty.description')}
              />
            ) : (
              charts(data)
            )}
            <TopProductsBlock range={range} />
          </Stack>
        </Refreshing>
      )}
    </>
  );
};
