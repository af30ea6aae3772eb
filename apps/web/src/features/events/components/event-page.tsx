import { formatDateTime, formatNumber } from '@esd/shared/format/format';
import {
  Alert,
  Anchor,
  Button,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { usePageTitleOverride } from '@/lib/page-title-override';
import { useEvent } from '../api/get-event';
import { Leaderboard } from './leaderboard';
import { Picture } from './picture';
import { PrizeCard } from './prize-card';
import { StandingCard } from './standing-card';
import { EventStatusBadge } from './status-badges';

/** /pages/events/{id}: rules, products with points, prizes, leaderboard and the viewer's standing. */
export const EventPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const id = Number(useParams().id);
  const event = useEvent(id);
  usePageTitleOverride(event.data?.title);

  if (event.isError || !Number.isInteger(id)) {
    const missing = isApiError(event.error) && event.error.status === 404;
    return (
      <>
        <PageHeader title={t('pages.event')} />
        <Alert
          color={missing ? 'gray' : 'red'}
          title={t(missing ? 'events.detail.notFound' : 'common.errorTitle')}
        >
          <Group justify="space-between">
            <Text size="sm">
              {missing ? t('events.detail.notFoundHint') : t('events.list.loadFailed')}
            </Text>
            <Button component={Link} to={paths.events.getHref()} size="xs" variant="white">
              {t('events.detail.back')}
            </Button>
          </Group>
        </Alert>
      </>
    );
  }
  if (event.isPending) {
    return (
      <Stack>
        <Skeleton h={40} w="60%" />
        <Skeleton h={240} radius="lg" />
        <Skeleton h={200} radius="lg" />
      </Stack>
    );
  }
  const e = event.data;
  return (
    <>
      <Anchor component={Link} to={paths.events.getHref()} size="sm" mb="xs" display="inline-flex">
        <Group gap={4}>
          <IconArrowLeft size={16} aria-hidden />
          {t('events.detail.back')}
        </Group>
      </Anchor>
      <PageHeader
        title={e.title}
        description={
          <Group gap="xs" component="span">
            <IconCalendar size={16} aria-hidden />
            <span>
              {t('events.list.period', {
                start: formatDateTime(e.starts_at, i18n.language),
                end: formatDateTime(e.ends_at, i18n.language),
              })}
            </span>
          </Group>
        }
        actions={<EventStatusBadge status={e.status} />}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
              <Picture src={e.image_url} alt="" kind="event" ratio={21 / 9} />
              <Stack p="md" gap="xs" component="section" aria-labelledby="event-rules">
                <Title order={2} size="h4" id="event-rules">
                  {t('events.detail.rules')}
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{e.description}</Text>
                <Text size="sm" c="dimmed">
                  {t('events.detail.rulesNote')}
                </Text>
              </Stack>
            </Paper>
            <Paper radius="lg" p="md" component="section" aria-labelledby="event-products">
              <Title order={2} size="h4" id="event-products" mb="xs">
                {t('events.detail.products.heading')}
              </Title>
              <Table.ScrollContainer minWidth={320}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">{t('events.detail.products.product')}</Table.Th>
                      <Table.Th scope="col" ta="right">
                        {t('events.detail.products.points')}
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {e.products.map((p) => (
                      <Table.Tr key={p.product_id}>
                        <Table.Td>
                          <Anchor component={Link} to={paths.product.getHref({ id: p.product_id })}>
                            {p.title}
                          </Anchor>
                          <Text size="xs" c="dimmed" ff="monospace">
                            {p.sku}
                          </Text>
                        </Table.Td>
                        <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                          {t('events.detail.products.perUnit', {
                            points: formatNumber(p.points, lang),
                          })}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Paper>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            {e.me ? <StandingCard me={e.me} /> : null}
            <Leaderboard leaders={e.leaderboard} participants={e.participants} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Stack component="section" aria-labelledby="event-prizes" mt="xl" gap="sm">
        <Title order={2} size="h3" id="event-prizes">
          {t('events.detail.prizes.heading')}
        </Title>
        {e.prizes.length === 0 ? (
          <Text c="dimmed">{t('events.detail.prizes.empty')}</Text>
        ) : (
          <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: 'xs', sm: 'md' }}>
            {e.prizes.map((prize) => (
              <PrizeCard
                key={prize.id}
                prize={prize}
                eventStatus={e.status}
                me={e.me}
                canClaim={e.can_claim}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </>
  );
};
