import '@mantine/charts/styles.css';
import type { AdobeStatisticsMonth } from '@esd/shared/statistics/adobe-statistics.schemas';
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
import { IconTable } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCompactMoney, formatMonth, formatNumber, formatUsd } from '@/lib/format';

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
  const [isTableOpen, setTableOpen] = useState(false);
  const tableId = useId();
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
  const chartProps = {
    h: 220,
    data: points,
    dataKey: 'month',
    gridAxis: 'x' as const,
    tickLine: 'none' as const,
    maxBarWidth: 28,
    xAxisProps: { interval: 'preserveStartEnd' as const, minTickGap: 8 },
  };

  return (
    <Paper radius="lg" p="md" withBorder component="figure" m={0}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {t('statistics.adobe.sales.title')}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconTable size={16} aria-hidden />}
          aria-expanded={isTableOpen}
          aria-controls={tableId}
          onClick={() => setTableOpen((open) => !open)}
        >
          {isTableOpen
            ? t('statistics.adobe.sales.hideTable')
            : t('statistics.adobe.sales.showTable')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('statistics.adobe.sales.usd')}
          </Text>
          <div role="img" aria-label={`${t('statistics.adobe.sales.usd')}. ${summary}`}>
            <BarChart
              {...chartProps}
              series={[
                { name: 'usd', label: t('statistics.adobe.sales.usdSeries'), color: 'indigo.6' },
              ]}
              valueFormatter={(value) => formatCompactMoney('usd', value, lang)}
              yAxisProps={{ width: 56 }}
            />
          </div>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            {t('statistics.adobe.sales.licences')}
          </Text>
          <div
            role="img"
            aria-label={t('statistics.adobe.sales.licencesSummary', {
              licences: formatNumber(totals.licences, lang),
            })}
          >
            <BarChart
              {...chartProps}
              series={[
                { name: 'licences', label: t('statistics.adobe.sales.licences'), color: 'teal.7' },
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
          minWidth={360}
          mt="sm"
          tabIndex={0}
          role="region"
          aria-label={t('statistics.adobe.sales.tableCaption')}
        >
          <Table striped fz="sm">
            <Table.Caption>{t('statistics.adobe.sales.tableCaption')}</Table.Caption>
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
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </Paper>
  );
};
