import type { RateFeedOutcome } from '@esd/shared/catalogue/settings.schemas';
import { formatDateTime } from '@esd/shared/format/format';
import { Badge, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRateStatus } from '../api/get-rate-status';
import { formatRateDate } from './rate-dates';

const outcomeColor: Record<RateFeedOutcome, string> = {
  ok: 'teal',
  present: 'gray',
  no_file: 'yellow',
  wrong_day: 'orange',
  malformed: 'red',
  unreachable: 'red',
};

/** The central bank feed's last try of a day: when, what it found, and when it tries next. */
export const RateFeedStatus = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const status = useRateStatus().data;
  if (!status) return null;
  const feed = status.feed;
  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="rate-feed-heading">
      <Title order={2} size="h5" id="rate-feed-heading" mb="xs">
        {t('settings.rates.feed.heading')}
      </Title>
      {!status.fetch_enabled ? (
        <Text size="sm" c="dimmed">
          {t('settings.rates.feed.off')}
        </Text>
      ) : null}
      {feed ? (
        <Stack gap={4}>
          <Text size="sm">
            {t('settings.rates.feed.day', { date: formatRateDate(feed.date, lang) })}{' '}
            <Badge color={outcomeColor[feed.outcome]} variant="light">
              {t(`settings.rates.feed.outcome.${feed.outcome}`)}
            </Badge>
          </Text>
          <Text size="sm">
            {t('settings.rates.feed.lastTry', {
              time: formatDateTime(feed.last_try_at, lang),
              count: feed.tries,
            })}
          </Text>
          {feed.outcome === 'ok' || feed.outcome === 'present' ? null : (
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {feed.message}
            </Text>
          )}
          <Text size="sm" fw={600}>
            {feed.next_try_at
              ? t('settings.rates.feed.nextTry', { time: formatDateTime(feed.next_try_at, lang) })
              : t('settings.rates.feed.noNextTry')}
          </Text>
        </Stack>
      ) : status.fetch_enabled ? (
        <Text size="sm" c="dimmed">
          {t('settings.rates.feed.never')}
        </Text>
      ) : null}
    </Paper>
  );
};
