import '@mantine/charts/styles.css';
import type { Leader } from '@esd/shared/events/events.schemas';
import { formatNumber } from '@esd/shared/format/format';
import { BarChart } from '@mantine/charts';
import { Badge, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { axisLabel } from '@/components/chart-axis-label';

const AXIS_WIDTH = 160;
const axisTick = axisLabel(AXIS_WIDTH);

/** Dealers by points: a bar chart for the eye and the same figures as a table. */
export const Leaderboard = ({
  leaders,
  participants,
}: {
  leaders: Leader[];
  participants: number;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const data = leaders.map((l) => ({
    dealer: `${l.rank}. ${l.dealer_name}`,
    points: l.points,
  }));
  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="event-leaderboard">
      <Title order={2} size="h4" id="event-leaderboard" mb="xs">
        {t('events.detail.leaderboard.heading')}
      </Title>
      {leaders.length === 0 ? (
        <Text c="dimmed">{t('events.detail.leaderboard.empty')}</Text>
      ) : (
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('events.detail.leaderboard.summary', { count: participants })}
          </Text>
          <div role="img" aria-label={t('events.detail.leaderboard.chartLabel')}>
            <BarChart
              h={Math.max(160, data.length * 36)}
              data={data}
              dataKey="dealer"
              orientation="vertical"
              yAxisProps={{ width: AXIS_WIDTH, tick: axisTick, interval: 0 }}
              series={[
                { name: 'points', label: t('events.detail.leaderboard.points'), color: 'indigo.6' },
              ]}
              valueFormatter={(value) => formatNumber(value, lang)}
              withTooltip={false}
              gridAxis="none"
            />
          </div>
          <Table.ScrollContainer
            minWidth={300}
            tabIndex={0}
            role="region"
            aria-labelledby="event-leaderboard"
          >
            <Table striped aria-labelledby="event-leaderboard">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('events.detail.leaderboard.rank')}</Table.Th>
                  <Table.Th scope="col">{t('events.detail.leaderboard.dealer')}</Table.Th>
                  <Table.Th scope="col" ta="right">
                    {t('events.detail.leaderboard.points')}
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {leaders.map((l) => (
                  <Table.Tr key={l.dealer_id} fw={l.is_me ? 700 : undefined}>
                    <Table.Td>{l.rank}</Table.Td>
                    <Table.Td>
                      {l.dealer_name}{' '}
                      {l.is_me ? (
                        <Badge size="sm" variant="filled" color="indigo" tt="none">
                          {t('events.detail.leaderboard.you')}
                        </Badge>
                      ) : null}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(l.points, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Paper>
  );
};
