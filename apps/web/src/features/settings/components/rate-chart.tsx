import '@mantine/charts/styles.css';
import type { ExchangeRate } from '@esd/shared/catalogue/settings.schemas';
import { formatDayMonth, formatDecimalString } from '@esd/shared/format/format';
import { LineChart } from '@mantine/charts';
import { Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRateDate } from './rate-dates';

/** The USD→AZN rate over the listed dates, oldest on the left. */
export const RateChart = ({ rates }: { rates: ExchangeRate[] }) => {
  const { t, i18n } = useTranslation();
  const rateText = (value: number) => formatDecimalString(value.toFixed(4), i18n.language, 4);
  const points = [...rates]
    .sort((a, b) => a.date.localeCompare(b.date))
    // display only: the chart needs numbers, the stored rates stay strings
    .map((rate) => ({
      date: formatDayMonth(rate.date.slice(0, 10), i18n.language),
      rate: Number(rate.rate),
    }));
  const values = points.map((p) => p.rate);
  // a domain on half-hundredths keeps the axis ticks round (1.6950, 1.7000, 1.7050)
  const low = Math.floor((Math.min(...values) - 0.001) * 200) / 200;
  const high = Math.ceil((Math.max(...values) + 0.001) * 200) / 200;
  const summary =
    points.length > 1
      ? t('settings.rates.chartSummary', {
          from: formatRateDate(rates.at(-1)!.date, i18n.language),
          to: formatRateDate(rates[0]!.date, i18n.language),
          min: rateText(Math.min(...values)),
          max: rateText(Math.max(...values)),
        })
      : '';

  return (
    <Paper radius="lg" p="md" component="figure" m={0}>
      <Title order={2} size="h5" mb="xs">
        {t('settings.rates.chartTitle')}
      </Title>
      {points.length < 2 ? (
        <Text size="sm" c="dimmed">
          {t('settings.rates.chartEmpty')}
        </Text>
      ) : (
        <>
          <div role="img" aria-label={summary}>
            <LineChart
              h={180}
              data={points}
              dataKey="date"
              series={[{ name: 'rate', label: t('settings.rates.chartSeries'), color: 'indigo.6' }]}
              curveType="linear"
              withDots={points.length <= 31}
              yAxisProps={{ domain: [low, high], width: 64, tickCount: 3 }}
              valueFormatter={rateText}
              gridAxis="y"
            />
          </div>
          <Text component="figcaption" size="xs" c="dimmed" mt={4}>
            {summary}
          </Text>
        </>
      )}
    </Paper>
  );
};
