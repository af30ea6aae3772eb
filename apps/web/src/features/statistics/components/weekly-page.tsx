import '@mantine/charts/styles.css';
import type { WeeklyStatistics } from '@esd/shared/statistics/sales-statistics.schemas';
import { BarChart } from '@mantine/charts';
import {
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalendarStats,
  IconCalendarWeek,
  IconChartArrows,
  IconTable,
  IconTrendingUp,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import {
  formatCompactMoney,
  formatDayMonth,
  formatDecimalString,
  formatNumber,
} from '@/lib/format';
import { type DateRange, useWeeklyStatistics } from '../api/sales-statistics';
import { RangeFilter } from './range-filter';
import { SalesExportButtons } from './sales-export-buttons';
import {
  type Currency,
  CurrencyControl,
  formatMoneyIn,
  formatShare,
  Refreshing,
  readCurrency,
  SalesEmptyState,
  SalesErrorState,
  SalesLoadingState,
  StatCard,
} from './sales-parts';
import { readRange } from './sales-range';
import { TopProductsBlock } from './top-products-block';

const amountOf = (row: { amount_usd: string; amount_azn: string }, currency: Currency) =>
  currency === 'usd' ? row.amount_usd : row.amount_azn;

const Kpis = ({ data, currency }: { data: WeeklyStatistics; currency: Currency }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { current } = data;
  const change =
    currency === 'usd' ? current.change_percent.amount_usd : current.change_percent.amount_azn;
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
      <StatCard
        label={t('statistics.sales.weekly.thisWeek')}
        value={formatMoneyIn(currency, amountOf(current.this_week, currency), lang)}
        hint={t('statistics.sales.weekly.ordersHint', {
          count: current.this_week.orders,
          orders: formatNumber(current.this_week.orders, lang),
          from: formatDayMonth(current.week_start, lang),
        })}
        icon={<IconCalendarWeek size={20} />}
        color="indigo"
      />
      <StatCard
        label={t('statistics.sales.weekly.lastWeek')}
        value={formatMoneyIn(currency, amountOf(current.last_week, currency), lang)}
        hint={t('statistics.sales.weekly.ordersCount', {
          count: current.last_week.orders,
          orders: formatNumber(current.last_week.orders, lang),
        })}
        icon={<IconCalendarStats size={20} />}
        color="teal"
      />
      <StatCard
        label={t('statistics.sales.weekly.average4')}
        value={formatMoneyIn(currency, amountOf(current.average_previous_4, currency), lang)}
        hint={t('statistics.sales.weekly.averageOrders', {
          count: Number(current.average_previous_4.orders),
          orders: formatDecimalString(current.average_previous_4.orders, lang, 1),
        })}
        icon={<IconChartArrows size={20} />}
        color="grape"
      />
      <StatCard
        label={t('statistics.sales.weekly.change')}
        value={change === null ? '—' : formatShare(change, lang, true)}
        hint={
          change === null
            ? t('statistics.sales.weekly.noLastWeek')
            : t('statistics.sales.weekly.changeOrders', {
                change:
                  current.change_percent.orders === null
                    ? '—'
                    : formatShare(current.change_percent.orders, lang, true),
              })
        }
        icon={<IconTrendingUp size={20} />}
        color="orange"
      />
    </SimpleGrid>
  );
};

const WeeksChart = ({ data, currency }: { data: WeeklyStatistics; currency: Currency }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [isTableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  const points = data.weeks.map((w) => ({
    week: formatDayMonth(w.week_start, lang),
    // display only: the chart needs numbers; the table shows the exact strings
    amount: Number(amountOf(w, currency)),
    orders: w.orders,
  }));
  const summary = t('statistics.sales.weekly.summary', {
    count: data.totals.orders,
    weeks: data.weeks.length,
    total: formatMoneyIn(currency, amountOf(data.totals, currency), lang),
    orders: formatNumber(data.totals.orders, lang),
  });
  const chartProps = {
    h: 220,
    data: points,
    dataKey: 'week',
    gridAxis: 'x' as const,
    tickLine: 'none' as const,
    maxBarWidth: 28,
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 8 },
  };
  return (
    <Paper radius="lg" p="md" withBorder component="figure" m={0}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {t('statistics.sales.weekly.chartTitle')}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconTable size={16} aria-hidden />}
          aria-expanded={isTableOpen}
          aria-controls={tableId}
          onClick={() => setTableOpen((open) => !open)}
        >
          {isTableOpen ? t('statistics.sales.hideTable') : t('statistics.sales.showTable')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t(`statistics.sales.weekly.amount_${currency}`)}
          </Text>
          <div role="img" aria-label={summary}>
            <BarChart
              {...chartProps}
              series={[
                {
                  name: 'amount',
                  label: t('statistics.sales.weekly.amountSeries'),
                  color: 'indigo.6',
                },
              ]}
              valueFormatter={(value) => formatCompactMoney(currency, value, lang)}
              yAxisProps={{ width: 64 }}
            />
          </div>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('statistics.sales.fields.orders')}
          </Text>
          <div
            role="img"
            aria-label={t('statistics.sales.weekly.ordersSummary', {
              orders: formatNumber(data.totals.orders, lang),
            })}
          >
            <BarChart
              {...chartProps}
              series={[
                { name: 'orders', label: t('statistics.sales.fields.orders'), color: 'teal.7' },
              ]}
              valueFormatter={(value) => formatNumber(value, lang)}
              yAxisProps={{ width: 40, allowDecimals: false }}
            />
          </div>
        </Stack>
      </SimpleGrid>
      <Text component="figcaption" size="xs" c="dimmed" mt="xs">
        {summary}
      </Text>
      <Collapse expanded={isTableOpen} id={tableId}>
        <Table.ScrollContainer
          minWidth={520}
          mt="sm"
          type="native"
          tabIndex={0}
          role="region"
          aria-label={t('statistics.sales.weekly.tableCaption')}
        >
          <Table striped fz="sm">
            <Table.Caption>{t('statistics.sales.weekly.tableCaption')}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('statistics.sales.fields.week')}</Table.Th>
                <Table.Th ta="right">{t('statistics.sales.fields.orders')}</Table.Th>
                <Table.Th ta="right">{t('statistics.sales.fields.licences')}</Table.Th>
                <Table.Th ta="right">{t('statistics.sales.fields.usd')}</Table.Th>
                <Table.Th ta="right">{t('statistics.sales.fields.azn')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.weeks.map((w) => (
                <Table.Tr key={w.week_start}>
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {w.week} · {formatDayMonth(w.week_start, lang)}
                  </Table.Th>
                  <Table.Td ta="right">{formatNumber(w.orders, lang)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(w.quantity, lang)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoneyIn('usd', w.amount_usd, lang)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatMoneyIn('azn', w.amount_azn, lang)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('statistics.sales.total')}</Table.Th>
                <Table.Th ta="right">{formatNumber(data.totals.orders, lang)}</Table.Th>
                <Table.Th ta="right">{formatNumber(data.totals.quantity, lang)}</Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoneyIn('usd', data.totals.amount_usd, lang)}
                </Table.Th>
                <Table.Th ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoneyIn('azn', data.totals.amount_azn, lang)}
                </Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </Paper>
  );
};

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

/**
 * /pages/statistic/weekly (global and local district admins): sales per ISO week of the
 * range in USD or AZN, this week against the last and the 4 before, the top products.
 */
export const WeeklyPage = () => {
  const { t } = useTranslation();
  const { range, currency, set } = useSalesFilters();
  const weekly = useWeeklyStatistics(range);
  const data = weekly.data;
  return (
    <>
      <PageHeader
        title={t('pages.statisticWeekly')}
        description={t('statistics.sales.weekly.description')}
        actions={<SalesExportButtons page="weekly" params={range} />}
      />
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <RangeFilter
          key={`${range.date_from}/${range.date_to}`}
          value={range}
          onChange={(r) => set({ range: r })}
        />
        <CurrencyControl value={currency} onChange={(c) => set({ currency: c })} />
      </Group>
      {weekly.isError && !data ? (
        <SalesErrorState onRetry={() => void weekly.refetch()} />
      ) : !data ? (
        <SalesLoadingState />
      ) : (
        <Refreshing busy={weekly.isPlaceholderData}>
          <Stack gap="md">
            <Kpis data={data} currency={currency} />
            {data.totals.orders === 0 ? (
              <SalesEmptyState
                title={t('statistics.sales.empty.title')}
                description={t('statistics.sales.empty.description')}
              />
            ) : (
              <WeeksChart data={data} currency={currency} />
            )}
            <TopProductsBlock range={range} />
          </Stack>
        </Refreshing>
      )}
    </>
  );
};
