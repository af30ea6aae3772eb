import type { Standing } from '@esd/shared/events/events.schemas';
import { formatNumber } from '@esd/shared/format/format';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const Figure = ({ label, value }: { label: string; value: string }) => (
  <Stack gap={0}>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
    <Text fz={28} fw={700} lh={1.2}>
      {value}
    </Text>
  </Stack>
);

/** The viewer's dealer in this event: points, what is left to spend, and its rank. */
export const StandingCard = ({ me }: { me: Standing }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="event-standing">
      <Title order={2} size="h4" id="event-standing">
        {t('events.detail.me.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('events.detail.me.dealer', { name: me.dealer_name })}
      </Text>
      <SimpleGrid cols={3} spacing="sm">
        <Figure label={t('events.detail.me.points')} value={formatNumber(me.points, lang)} />
        <Figure label={t('events.detail.me.balance')} value={formatNumber(me.balance, lang)} />
        <Figure
          label={t('events.detail.me.rank')}
          value={me.rank === null ? t('events.detail.me.unranked') : `#${me.rank}`}
        />
      </SimpleGrid>
    </Paper>
  );
};
