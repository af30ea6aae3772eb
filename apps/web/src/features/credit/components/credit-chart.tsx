import '@mantine/charts/styles.css';
import type { DealerCredit } from '@esd/shared/credit/credit.schemas';
import {
  formatCompactMoney,
  formatDate,
  formatDayMonth,
  formatUsd,
} from '@esd/shared/format/format';
import { AreaChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { seriesPoints } from './credit-words';

/** The used credit of the last 90 days against the limit (a line), with its summary in words. */
export const CreditChart = ({ credit }: { credit: DealerCredit }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const points = seriesPoints(credit.series).map((p) => ({
    ...p,
    day: formatDayMonth(p.date, lang),
  }));
  const first = credit.series[0];
  const last = credit.series.at(-1);
  const summary =
    first && last
      ? t('credit.chart.summary', {
          from: formatDate(first.date, lang),
          to: formatDate(last.date, lang),
          start: formatUsd(first.used, lang),
          end: formatUsd(last.used, lang),
          limit: formatUsd(credit.limit, lang),
        })
      : '';
  const limit = Number(credit.limit);
  const top = Math.max(limit, ...points.map((p) => p.used)) * 1.1 || 1;
  return (
    <Paper withBorder radius="md" p="md" component="figure" m={0}>
      <Title order={2} size="h5" mb="xs">
        {t('credit.chart.title')}
      </Title>
      <div role="img" aria-label={summary}>
        <AreaChart
          h={220}
          data={points}
          dataKey="day"
          series={[{ name: 'used', label: t('credit.chart.used'), color: 'grape.7' }]}
          curveType="stepAfter"
          withDots={false}
          gridAxis="y"
          yAxisProps={{ domain: [0, top], width: 64 }}
          valueFormatter={(value) => formatCompactMoney('usd', value, lang)}
          referenceLines={[
            {
              y: limit,
              label: t('credit.chart.limit'),
              color: 'red.8',
              labelPosition: 'insideTopLeft',
            },
          ]}
        />
      </div>
      <Text component="figcaption" size="xs" c="dimmed" mt={4}>
        {summary}
      </Text>
    </Paper>
  );
};
