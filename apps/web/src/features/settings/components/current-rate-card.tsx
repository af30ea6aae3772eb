import type { ExchangeRate } from '@esd/shared/catalogue/settings.schemas';
import { formatDecimalString } from '@esd/shared/format/format';
import { Badge, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatRateDate } from './rate-dates';
import { RateExample } from './rate-example';

type CurrentRateCardProps = { rate: ExchangeRate | null; isLoading: boolean };

/** The rate AZN prices use today, in large type. */
export const CurrentRateCard = ({ rate, isLoading }: CurrentRateCardProps) => {
  const { t, i18n } = useTranslation();
  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="current-rate-heading">
      <Text id="current-rate-heading" size="sm" c="dimmed" fw={600}>
        {t('settings.rates.current')}
      </Text>
      {isLoading ? (
        <Skeleton h={44} w={220} mt="xs" />
      ) : rate ? (
        <Stack gap={4} mt={4}>
          <Text
            fz={36}
            fw={800}
            lh={1.1}
            c="indigo.8"
            style={{ fontVariantNumeric: 'tabular-nums' }}
          >
            {t('settings.rates.currentValue', {
              rate: formatDecimalString(rate.rate, i18n.language, 4),
            })}
          </Text>
          <Group gap="xs">
            <Text size="sm">
              {t('settings.rates.since', { date: formatRateDate(rate.date, i18n.language) })}
            </Text>
            <Badge variant="dot" color={rate.source === 'cbar' ? 'teal' : 'gray'}>
              {t(`settings.rates.source.${rate.source}`)}
            </Badge>
          </Group>
          <RateExample rate={rate} />
        </Stack>
      ) : (
        <Text c="red.8" mt="xs" role="status">
          {t('settings.rates.noCurrent')}
        </Text>
      )}
    </Paper>
  );
};
