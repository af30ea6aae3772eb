import {
  formatCompactMoney,
  formatMonth,
  formatNumber,
  formatUsd,
} from '@esd/shared/format/format';
import type { AdobeStatisticsMonth } from '@esd/shared/statistics/adobe-statistics.schemas';
import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TwinBarChart } from './twin-bar-chart';

/** Exact comparison of two USD strings ('12.30' < '100.00') without floats. */
const cents = (value: string) => BigInt(value.replace('.', ''));

const bestMonth = (months: AdobeStatisticsMonth[]) =>
  months.reduce<AdobeStatisticsMonth | undefined>(
    (best, m) => (!best || cents(m.total_usd) > cents(best.total_usd) ? m : best),
    undefined,
  );

type SalesChartProps = {
  months: AdobeStatisticsMonth[];
  totals: { licences: number; total_usd: string };
};

/** Monthly Adobe sales: USD and licences side by side, with the figures as a table on demand. */
export const AdobeSalesChart = ({ months, totals }: SalesChartProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const points = months.map((m) => ({
    month: formatMonth(m.month, lang),
    // display only: the chart needs numbers; the table and the summary show the exact strings
    usd: Number(m.total_usd),
    licences: m.licences,
  }));
  const best = bestMonth(months);
  const summary = t('statistics.adobe.sales.summary', {
    count: totals.licences,
    months: months.length,
    total: formatUsd(totals.total_usd, lang),
    licences: formatNumber(totals.licences, lang),
    best: best ? formatMonth(best.month, lang) : '',
    bestTotal: best ? formatUsd(best.total_usd, lang) : '',
  });
  return (
    <TwinBarChart
      title={t('statistics.adobe.sales.title')}
      points={points}
      dataKey="month"
      amount={{
        title: t('statistics.adobe.sales.usd'),
        label: `${t('statistics.adobe.sales.usd')}. ${summary}`,
        series: { name: 'usd', label: t('statistics.adobe.sales.usdSeries'), color: 'indigo.6' },
        valueFormatter: (value) => formatCompactMoney('usd', value, lang),
        yAxisProps: { width: 56 },
      }}
      count={{
        title: t('statistics.adobe.sales.licences'),
        label: t('statistics.adobe.sales.licencesSummary', {
          licences: formatNumber(totals.licences, lang),
        }),
        series: { name: 'licences', label: t('statistics.adobe.sales.licences'), color: 'teal.7' },
        valueFormatter: (value) => formatNumber(value, lang),
        yAxisProps: { width: 40, allowDecimals: false },
      }}
      summary={summary}
      showTableLabel={t('statistics.adobe.sales.showTable')}
      hideTableLabel={t('statistics.adobe.sales.hideTable')}
      tableCaption={t('statistics.adobe.sales.tableCaption')}
      tableMinWidth={360}
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('statistics.adobe.fields.month')}</Table.Th>
          <Table.Th ta="right">{t('statistics.adobe.fields.orders')}</Table.Th>
          <Table.Th ta="right">{t('statistics.adobe.fields.licences')}</Table.Th>
          <Table.Th ta="right">{t('statistics.adobe.fields.totalUsd')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((m) => (
          <Table.Tr key={m.month}>
            <Table.Th scope="row" fw={500}>
              {formatMonth(m.month, lang)}
            </Table.Th>
            <Table.Td ta="right">{formatNumber(m.orders, lang)}</Table.Td>
            <Table.Td ta="right">{formatNumber(m.licences, lang)}</Table.Td>
            <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
              {formatUsd(m.total_usd, lang)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TwinBarChart>
  );
};
