import '@mantine/charts/styles.css';
import { formatAzn, formatCompactMoney, formatNumber, formatUsd } from '@esd/shared/format/format';
import type {
  DistributionSlice,
  DistributionStatistics,
} from '@esd/shared/statistics/sales-statistics.schemas';
import { BarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Table, Text, Title, useMatches } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconCurrencyDollar,
  IconCurrencyManat,
  IconLicense,
  IconReceipt,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { axisLabel } from '@/components/chart-axis-label';
import { useDistributionStatistics } from '../api/sales-statistics';
import { KpiGrid } from './kpi-grid';
import { type Currency, formatMoneyIn, formatShare } from './sales-parts';
import { SalesRangePage, useSalesFilters } from './sales-range-page';

type Dimension = 'countries' | 'dealers' | 'categories' | 'products';
/** the names' axis: about 30 characters of a name on one line, 18 on a phone */
const axisTicks = {
  wide: { width: 200, tick: axisLabel(200) },
  narrow: { width: 120, tick: axisLabel(120) },
};
const DIMENSIONS: Dimension[] = ['countries', 'dealers', 'categories', 'products'];
/** below 600 px, where lists become cards */
const PHONE_QUERY = '(max-width: 37.5em)';

const SliceChart = ({
  dimension,
  slices,
  currency,
}: {
  dimension: Dimension;
  slices: DistributionSlice[];
  currency: Currency;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // a phone's table keeps the name, the amount in the chosen currency and the share in view;
  // the counts and the other currency stay on wider screens (and in the exports)
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const withCounts = !isPhone;
  const withOrders = withCounts && (dimension === 'countries' || dimension === 'dealers');
  const withUsd = !isPhone || currency === 'usd';
  const withAzn = !isPhone || currency === 'azn';
  const axis = useMatches({ base: axisTicks.narrow, sm: axisTicks.wide });
  const title = t(`statistics.sales.distribution.${dimension}`);
  const points = slices.map((s) => ({
    // long names are cut on the axis, one line each; the tooltip and the table have them whole
    name: s.name,
    // display only: the chart needs numbers; the table shows the exact strings
    amount: Number(currency === 'usd' ? s.amount_usd : s.amount_azn),
  }));
  const first = slices[0];
  const summary = first
    ? t('statistics.sales.distribution.summary', {
        what: title,
        count: slices.length,
        entries: formatNumber(slices.length, lang),
        first: first.name,
        amount: formatMoneyIn(
          currency,
          currency === 'usd' ? first.amount_usd : first.amount_azn,
          lang,
        ),
        share: formatShare(first.share_percent, lang),
      })
    : '';
  return (
    <Paper radius="lg" p="md" withBorder component="figure" m={0} style={{ minWidth: 0 }}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <div role="img" aria-label={summary}>
        <BarChart
          h={Math.max(120, slices.length * 30 + 30)}
          data={points}
          dataKey="name"
          orientation="vertical"
          gridAxis="y"
          tickLine="none"
          maxBarWidth={18}
          series={[
            {
              name: 'amount',
              label: t(`statistics.sales.currency.${currency}`),
              color: 'indigo.6',
            },
          ]}
          valueFormatter={(value) => formatCompactMoney(currency, value, lang)}
          yAxisProps={{ ...axis, interval: 0 }}
        />
      </div>
      <Text component="figcaption" size="xs" c="dimmed" mt="xs">
        {summary}
      </Text>
      <Table.ScrollContainer
        minWidth={isPhone ? 280 : 460}
        mt="sm"
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('statistics.sales.distribution.tableCaption', { what: title })}
      >
        <Table striped fz="sm">
          <Table.Caption>
            {t('statistics.sales.distribution.tableCaption', { what: title })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(`statistics.sales.distribution.name_${dimension}`)}</Table.Th>
              {withOrders ? (
                <Table.Th ta="right">{t('statistics.sales.fields.orders')}</Table.Th>
              ) : null}
              {withCounts ? (
                <Table.Th ta="right">{t('statistics.sales.fields.licences')}</Table.Th>
              ) : null}
              {withUsd ? <Table.Th ta="right">{t('statistics.sales.fields.usd')}</Table.Th> : null}
              {withAzn ? <Table.Th ta="right">{t('statistics.sales.fields.azn')}</Table.Th> : null}
              <Table.Th ta="right">{t('statistics.sales.fields.share')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {slices.map((s) => (
              <Table.Tr key={s.id ?? 'other'}>
                <Table.Th
                  scope="row"
                  fw={s.id === null ? 400 : 500}
                  fs={s.id === null ? 'italic' : undefined}
                >
                  {s.name}
                </Table.Th>
                {withOrders ? <Table.Td ta="right">{formatNumber(s.orders, lang)}</Table.Td> : null}
                {withCounts ? (
                  <Table.Td ta="right">{formatNumber(s.quantity, lang)}</Table.Td>
                ) : null}
                {withUsd ? (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatUsd(s.amount_usd, lang)}
                  </Table.Td>
                ) : null}
                {withAzn ? (
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {formatAzn(s.amount_azn, lang)}
                  </Table.Td>
                ) : null}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatShare(s.share_percent, lang)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
};

const Totals = ({ data }: { data: DistributionStatistics }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <KpiGrid
      kpis={[
        {
          label: t('statistics.sales.fields.orders'),
          value: formatNumber(data.totals.orders, lang),
          icon: <IconReceipt size={20} />,
          color: 'indigo',
        },
        {
          label: t('statistics.sales.fields.licences'),
          value: formatNumber(data.totals.quantity, lang),
          icon: <IconLicense size={20} />,
          color: 'teal',
        },
        {
          label: t('statistics.sales.fields.usd'),
          value: formatUsd(data.totals.amount_usd, lang),
          icon: <IconCurrencyDollar size={20} />,
          color: 'grape',
        },
        {
          label: t('statistics.sales.fields.azn'),
          value: formatAzn(data.totals.amount_azn, lang),
          icon: <IconCurrencyManat size={20} />,
          color: 'orange',
        },
      ]}
    />
  );
};

/**
 * /pages/statistic/distribution (global and local district admins): sales of the range by
 * country, dealer, category and product (top 10 each, the rest as "other"), charts and tables.
 */
export const DistributionPage = () => {
  const { t } = useTranslation();
  const filters = useSalesFilters();
  const distribution = useDistributionStatistics(filters.range);
  return (
    <SalesRangePage
      page="distribution"
      title={t('pages.statisticDistribution')}
      description={t('statistics.sales.distribution.description')}
      filters={filters}
      query={distribution}
      kpis={(data) => <Totals data={data} />}
      charts={(data) => (
        // side by side only where each table has room for all its columns (its Share column
        // was cut at 1366 px, in Azerbaijani most): the grid's own width decides
        <SimpleGrid type="container" cols={{ base: 1, '1400px': 2 }} spacing="md">
          {DIMENSIONS.map((dimension) => (
            <SliceChart
              key={dimension}
              dimension={dimension}
              slices={data[dimension]}
              currency={filters.currency}
            />
          ))}
        </SimpleGrid>
      )}
    />
  );
};
