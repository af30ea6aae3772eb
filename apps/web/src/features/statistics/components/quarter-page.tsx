import '@mantine/charts/styles.css';
import { formatCompactMoney, formatUsd } from '@esd/shared/format/format';
import type {
  QuarterCell,
  QuarterStatistics,
} from '@esd/shared/statistics/sales-statistics.schemas';
import { bakuToday, yearOf } from '@esd/shared/statistics/statistics.dates';
import { BarChart } from '@mantine/charts';
import { Paper, Progress, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { useQuarterStatistics } from '../api/sales-statistics';
import { SalesExportButtons } from './sales-export-buttons';
import {
  formatShare,
  Refreshing,
  SalesEmptyState,
  SalesErrorState,
  SalesLoadingState,
} from './sales-parts';
import { TopProductsBlock } from './top-products-block';

const YEARS_BACK = 5;

/** `?year=` when it is one of the last five years, else this year (Baku). */
const readYear = (value: string | null, thisYear: number) => {
  const year = Number(value);
  return Number.isInteger(year) && year <= thisYear && year > thisYear - YEARS_BACK
    ? year
    : thisYear;
};

/** Display only: the bar of a percentage, capped at 100. */
const barValue = (percent: string | null) =>
  percent === null ? 0 : Math.min(100, Number(percent)); // money-floats: display only

const Cell = ({ cell }: { cell: Omit<QuarterCell, 'quarter'> }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack gap={2} miw={120}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {formatUsd(cell.sales_usd, lang)}
      </Text>
      {cell.target_usd === null ? (
        <Text size="xs" c="dimmed">
          {t('statistics.sales.quarter.noTarget')}
        </Text>
      ) : (
        <>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('statistics.sales.quarter.ofTarget', {
              target: formatUsd(cell.target_usd, lang),
              percent: cell.percent === null ? '—' : formatShare(cell.percent, lang),
            })}
          </Text>
          <Progress
            value={barValue(cell.percent)}
            size="sm"
            color={barValue(cell.percent) >= 100 ? 'teal' : 'indigo'}
            aria-hidden
          />
        </>
      )}
    </Stack>
  );
};

const QuarterChart = ({ data }: { data: QuarterStatistics }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const points = data.totals.map((q) => ({
    quarter: `Q${q.quarter}`,
    // display only; the table has the exact amounts
    sales: Number(q.sales_usd),
    target: q.target_usd === null ? 0 : Number(q.target_usd), // display only
  }));
  const summary = t('statistics.sales.quarter.summary', {
    year: data.year,
    quarters: data.totals
      .map(
        (q) =>
          `Q${q.quarter}: ${formatUsd(q.sales_usd, lang)}${
            q.target_usd === null ? '' : ` / ${formatUsd(q.target_usd, lang)}`
          }`,
      )
      .join('; '),
  });
  return (
    <Paper radius="lg" p="md" withBorder component="figure" m={0}>
      <Title order={2} size="h4" mb="sm">
        {t('statistics.sales.quarter.chartTitle', { year: data.year })}
      </Title>
      <div role="img" aria-label={summary}>
        <BarChart
          h={240}
          data={points}
          dataKey="quarter"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          tickLine="none"
          maxBarWidth={36}
          series={[
            { name: 'sales', label: t('statistics.sales.quarter.sales'), color: 'indigo.6' },
            { name: 'target', label: t('statistics.sales.quarter.target'), color: 'gray.5' },
          ]}
          valueFormatter={(value) => formatCompactMoney('usd', value, lang)}
          yAxisProps={{ width: 64 }}
        />
      </div>
      <Text component="figcaption" size="xs" c="dimmed" mt="xs">
        {summary}
      </Text>
    </Paper>
  );
};

const DealersTable = ({ data }: { data: QuarterStatistics }) => {
  const { t } = useTranslation();
  return (
    <Paper radius="lg" p="md" withBorder>
      <Title order={2} size="h4" mb="sm">
        {t('statistics.sales.quarter.tableTitle')}
      </Title>
      <Table.ScrollContainer
        minWidth={760}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('statistics.sales.quarter.tableCaption', { year: data.year })}
      >
        <Table striped fz="sm" verticalSpacing="sm">
          <Table.Caption>
            {t('statistics.sales.quarter.tableCaption', { year: data.year })}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('statistics.sales.fields.dealer')}</Table.Th>
              {[1, 2, 3, 4].map((q) => (
                <Table.Th key={q}>{`Q${q}`}</Table.Th>
              ))}
              <Table.Th>{t('statistics.sales.quarter.year', { year: data.year })}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.dealers.map((dealer) => (
              <Table.Tr key={dealer.dealer_id}>
                <Table.Th scope="row" fw={500}>
                  {dealer.dealer_name}
                </Table.Th>
                {dealer.quarters.map((cell) => (
                  <Table.Td key={cell.quarter}>
                    <Cell cell={cell} />
                  </Table.Td>
                ))}
                <Table.Td>
                  <Cell cell={dealer.year} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          {data.dealers.length > 1 ? (
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('statistics.sales.total')}</Table.Th>
                {data.totals.map((cell) => (
                  <Table.Td key={cell.quarter}>
                    <Cell cell={cell} />
                  </Table.Td>
                ))}
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          ) : null}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
};

/**
 * /pages/statistic/quarter (all but end users): each dealer's sales per quarter of a year
 * against its targets; a dealer sees its own, a local district admin its countries' dealers.
 */
export const QuarterPage = () => {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const today = bakuToday();
  const thisYear = yearOf(today);
  const year = readYear(searchParams.get('year'), thisYear);
  const quarter = useQuarterStatistics(year);
  const data = quarter.data;
  const yearRange = {
    date_from: `${year}-01-01`,
    date_to: year === thisYear ? today : `${year}-12-31`,
  };
  return (
    <>
      <PageHeader
        title={t('pages.statisticQuarter')}
        description={t('statistics.sales.quarter.description')}
        actions={<SalesExportButtons page="quarter" params={{ year }} />}
      />
      <Select
        mb="md"
        w={{ base: '100%', xs: 160 }}
        label={t('statistics.sales.quarter.yearLabel')}
        data={Array.from({ length: YEARS_BACK }, (_, i) => String(thisYear - i))}
        value={String(year)}
        allowDeselect={false}
        onChange={(next) =>
          setSearchParams(next && Number(next) !== thisYear ? { year: next } : {}, {
            replace: true,
          })
        }
      />
      {quarter.isError && !data ? (
        <SalesErrorState onRetry={() => void quarter.refetch()} />
      ) : !data ? (
        <SalesLoadingState />
      ) : (
        <Refreshing busy={quarter.isPlaceholderData}>
          <Stack gap="md">
            {data.dealers.length === 0 ? (
              <SalesEmptyState
                title={t('statistics.sales.quarter.emptyTitle', { year })}
                description={t('statistics.sales.quarter.emptyDescription')}
              />
            ) : (
              <>
                <QuarterChart data={data} />
                <DealersTable data={data} />
              </>
            )}
            <TopProductsBlock range={yearRange} />
          </Stack>
        </Refreshing>
      )}
    </>
  );
};
