import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
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
import { type ReactNode, useId, useState } from 'react';

type Bars = {
  /** the heading above the bars */
  title: string;
  /** what a screen reader hears for the bars */
  label: string;
  series: BarChartSeries;
  valueFormatter: (value: number) => string;
  yAxisProps: { width: number; allowDecimals?: boolean };
};

type TwinBarChartProps = {
  title: string;
  /** one point a period: its axis label under `dataKey`, then a number per series */
  points: Record<string, string | number>[];
  dataKey: string;
  /** the money's bars, left (above on phones) */
  amount: Bars;
  /** the count's bars, right (below on phones) */
  count: Bars;
  /** one sentence under both charts */
  summary: string;
  showTableLabel: string;
  hideTableLabel: string;
  /** the table's caption and its scrolling region's name */
  tableCaption: string;
  tableMinWidth: number;
  /** the table scrolls with the browser's own scrollbar rather than Mantine's */
  isNativeScroll?: boolean;
  /** the figures behind the bars: the table's head, body and foot */
  children: ReactNode;
};

const BarsOf = ({
  bars,
  points,
  dataKey,
}: {
  bars: Bars;
  points: TwinBarChartProps['points'];
  dataKey: string;
}) => (
  <Stack gap={4}>
    <Text size="sm" fw={600}>
      {bars.title}
    </Text>
    <div role="img" aria-label={bars.label}>
      <BarChart
        h={220}
        data={points}
        dataKey={dataKey}
        gridAxis="x"
        tickLine="none"
        maxBarWidth={28}
        xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 8 }}
        series={[bars.series]}
        valueFormatter={bars.valueFormatter}
        yAxisProps={bars.yAxisProps}
      />
    </div>
  </Stack>
);

/**
 * A period's sales as two bar charts side by side (an amount and a count), a one-line summary
 * and, on demand, the exact figures as a table: the Adobe sales by month and the weekly sales.
 */
export const TwinBarChart = ({
  title,
  points,
  dataKey,
  amount,
  count,
  summary,
  showTableLabel,
  hideTableLabel,
  tableCaption,
  tableMinWidth,
  isNativeScroll = false,
  children,
}: TwinBarChartProps) => {
  const [isTableOpen, setTableOpen] = useState(false);
  const tableId = useId();
  return (
    <Paper radius="lg" p="md" withBorder component="figure" m={0}>
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconTable size={16} aria-hidden />}
          aria-expanded={isTableOpen}
          aria-controls={tableId}
          onClick={() => setTableOpen((open) => !open)}
        >
          {isTableOpen ? hideTableLabel : showTableLabel}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <BarsOf bars={amount} points={points} dataKey={dataKey} />
        <BarsOf bars={count} points={points} dataKey={dataKey} />
      </SimpleGrid>
      <Text component="figcaption" size="xs" c="dimmed" mt="xs">
        {summary}
      </Text>
      <Collapse expanded={isTableOpen} id={tableId}>
        <Table.ScrollContainer
          minWidth={tableMinWidth}
          mt="sm"
          type={isNativeScroll ? 'native' : undefined}
          tabIndex={0}
          role="region"
          aria-label={tableCaption}
        >
          <Table striped fz="sm">
            <Table.Caption>{tableCaption}</Table.Caption>
            {children}
          </Table>
        </Table.ScrollContainer>
      </Collapse>
    </Paper>
  );
};
