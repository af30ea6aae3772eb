import '@mantine/charts/styles.css';
import { formatDecimalString, formatNumber } from '@esd/shared/format/format';
import type { AdobeStatistics } from '@esd/shared/statistics/adobe-statistics.schemas';
import { DonutChart } from '@mantine/charts';
import {
  ColorSwatch,
  Group,
  getThemeColor,
  Paper,
  Stack,
  Text,
  Title,
  useMantineTheme,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { sharePercent } from './format-stats';

type Slice = { key: string; name: string; value: number; color: string };

type ShareDonutProps = {
  title: string;
  /** what the centre of the ring says (the share or the total) */
  centre: string;
  /** the whole chart in words, read instead of the drawing */
  summary: string;
  slices: Slice[];
};

/** A ring with its legend as a list of values: the list is the chart's text alternative too. */
const ShareDonut = ({ title, centre, summary, slices }: ShareDonutProps) => {
  const { i18n } = useTranslation();
  const theme = useMantineTheme();
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return (
    <Paper radius="lg" p="md" withBorder component="figure" m={0}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Group align="center" gap="lg" wrap="nowrap">
        <div role="img" aria-label={summary}>
          <DonutChart
            data={slices.map(({ name, value, color }) => ({ name, value, color }))}
            size={132}
            thickness={22}
            chartLabel={centre}
            withTooltip={false}
            paddingAngle={slices.filter((s) => s.value > 0).length > 1 ? 2 : 0}
          />
        </div>
        <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none', minWidth: 0 }}>
          {slices.map((slice) => (
            <Group key={slice.key} component="li" gap={8} wrap="nowrap">
              <ColorSwatch color={getThemeColor(slice.color, theme)} size={12} aria-hidden />
              <Text size="sm">
                {slice.name}:{' '}
                <Text span fw={700}>
                  {formatNumber(slice.value, i18n.language)}
                </Text>{' '}
                <Text span c="dimmed">
                  ({`${sharePercent(slice.value, total)}\u00a0%`})
                </Text>
              </Text>
            </Group>
          ))}
        </Stack>
      </Group>
    </Paper>
  );
};

/** Licences with a three-year commitment, and customers by market segment. */
export const AdobeShareDonuts = ({ data }: { data: AdobeStatistics }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { commitment, customers } = data;
  const segments = (['COM', 'EDU', 'GOV'] as const).map((segment, index) => ({
    key: segment,
    name: t(`statistics.adobe.segments.${segment}`),
    value: customers.by_segment[segment],
    color: (['indigo.6', 'teal.7', 'orange.7'] as const)[index] ?? 'gray.6',
  }));
  const share = `${formatDecimalString(commitment.three_year_share_percent, lang, 1)}\u00a0%`;
  return (
    <>
      <ShareDonut
        title={t('statistics.adobe.commitment.title')}
        centre={share}
        summary={t('statistics.adobe.commitment.summary', {
          share,
          threeYear: formatNumber(commitment.three_year_licences, lang),
          other: formatNumber(commitment.other_licences, lang),
        })}
        slices={[
          {
            key: 'threeYear',
            name: t('statistics.adobe.commitment.threeYear'),
            value: commitment.three_year_licences,
            color: 'grape.7',
          },
          {
            key: 'other',
            name: t('statistics.adobe.commitment.other'),
            value: commitment.other_licences,
            color: 'gray.5',
          },
        ]}
      />
      <ShareDonut
        title={t('statistics.adobe.segments.title')}
        centre={formatNumber(customers.total, lang)}
        summary={t('statistics.adobe.segments.summary', {
          count: customers.total,
          total: formatNumber(customers.total, lang),
          com: formatNumber(customers.by_segment.COM, lang),
          edu: formatNumber(customers.by_segment.EDU, lang),
          gov: formatNumber(customers.by_segment.GOV, lang),
        })}
        slices={segments}
      />
    </>
  );
};
