import {
  formatCompactMoney,
  formatDayMonth,
  formatDecimalString,
  formatNumber,
} from '@esd/shared/format/format';
import type { WeeklyStatistics } from '@esd/shared/statistics/sales-statistics.schemas';
import { Table } from '@mantine/core';
import {
  IconCalendarStats,
  IconCalendarWeek,
  IconChartArrows,
  IconTrendingUp,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useWeeklyStatistics } from '../api/sales-statistics';
import { KpiGrid } from './kpi-grid';
import { type Currency, formatMoneyIn, formatShare } from './sales-parts';
import { SalesRangePage, useSalesFilters } from './sales-range-page';
import { TwinBarChart } from './twin-bar-chart';

const amountOf = (row: { amount_usd: string; amount_azn: string }, currency: Currency) =>
  currency === 'usd' ? row.amount_usd : row.amount_azn;

const Kpis = ({ data, currency }: { data: WeeklyStatistics; currency: Currency }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { current } = data;
  const change =
    currency === 'usd' ? current.change_percent.amount_usd : current.change_percent.amount_azn;
  return (
    <KpiGrid
      kpis={[
        {
          label: t('statistics.sales.weekly.thisWeek'),
          value: formatMoneyIn(currency, amountOf(current.this_week, currency), lang),
          hint: t('statistics.sales.weekly.ordersHint', {
            count: current.this_week.orders,
            orders: formatNumber(current.this_week.orders, lang),
            from: formatDayMonth(current.week_start, lang),
          }),
          icon: <IconCalendarWeek size={20} />,
          color: 'indigo',
        },
        {
          label: t('statistics.sales.weekly.lastWeek'),
          value: formatMoneyIn(currency, amountOf(current.last_week, currency), lang),
          hint: t('statistics.sales.weekly.ordersCount', {
            count: current.last_week.orders,
            orders: formatNumber(current.last_week.orders, lang),
          }),
          icon: <IconCalendarStats size={20} />,
          color: 'teal',
        },
        {
          label: t('statistics.sales.weekly.average4'),
          value: formatMoneyIn(currency, amountOf(current.average_previous_4, currency), lang),
          hint: t('statistics.sales.weekly.averageOrders', {
            count: Number(current.average_previous_4.orders),
            orders: formatDecimalString(current.average_previous_4.orders, lang, 1),
          }),
          icon: <IconChartArrows size={20} />,
          color: 'grape',
        },
        {
          label: t('statistics.sales.weekly.change'),
          value: change === null ? '—' : formatShare(change, lang, true),
          hint:
            change === null
              ? t('statistics.sales.weekly.noLastWeek')
              : t('statistics.sales.weekly.changeOrders', {
                  change:
                    current.change_percent.orders === null
                      ? '—'
                      : formatShare(current.change_percent.orders, lang, true),
                }),
          icon: <IconTrendingUp size={20} />,
          color: 'orange',
        },
      ]}
    />
  );
};

const WeeksChart = ({ data, currency }: { data: WeeklyStatistics; currency: Currency }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
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
  return (
    <TwinBarChart
      title={t('statistics.sales.weekly.chartTitle')}
      points={points}
      dataKey="week"
      amount={{
        title: t(`statistics.sales.weekly.amount_${currency}`),
        label: summary,
        series: {
          name: 'amount',
          label: t('statistics.sales.weekly.amountSeries'),
          color: 'indigo.6',
        },
        valueFormatter: (value) => formatCompactMoney(currency, value, lang),
        yAxisProps: { width: 64 },
      }}
      count={{
        title: t('statistics.sales.fields.orders'),
        label: t('statistics.sales.weekly.ordersSummary', {
          orders: formatNumber(data.totals.orders, lang),
        }),
        series: { name: 'orders', label: t('statistics.sales.fields.orders'), color: 'teal.7' },
        valueFormatter: (value) => formatNumber(value, lang),
        yAxisProps: { width: 40, allowDecimals: false },
      }}
      summary={summary}
      showTableLabel={t('statistics.sales.showTable')}
      hideTableLabel={t('statistics.sales.hideTable')}
      tableCaption={t('statistics.sales.weekly.tableCaption')}
      tableMinWidth={520}
      isNativeScroll
    >
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
    </TwinBarChart>
  );
};

/**
 * /pages/statistic/weekly (global and local district admins): sales per ISO week of the
 * range in USD or AZN, this week against the last and the 4 before, the top products.
 */
export const WeeklyPage = () => {
  const { t } = useTranslation();
  const filters = useSalesFilters();
  const weekly = useWeeklyStatistics(filters.range);
  return (
    <SalesRangePage
      page="weekly"
      title={t('pages.statisticWeekly')}
      description={t('statistics.sales.weekly.description')}
      filters={filters}
      query={weekly}
      kpis={(data) => <Kpis data={data} currency={filters.currency} />}
      charts={(data) => <WeeksChart data={data} currency={filters.currency} />}
    />
  );
};
