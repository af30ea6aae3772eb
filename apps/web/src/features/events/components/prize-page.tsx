import { claimRefusal } from '@esd/shared/events/events.rules';
import { formatDate, formatNumber } from '@esd/shared/format/format';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { isApiError } from '@/lib/api-error';
import { usePageTitleOverride } from '@/lib/page-title-override';
import { getUserRole } from '@/lib/storage';
import { usePrize } from '../api/get-event';
import { ClaimButton } from './claim-button';
import { MyPrizeStatus } from './my-prize-status';
import { Picture } from './picture';
import { PrizeProgress } from './prize-progress';
import { EventStatusBadge } from './status-badges';

/** /pages/events/{eventId}/prize/{prizeId}: one prize, open to any role. */
export const PrizePage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const params = useParams();
  const eventId = Number(params.eventId);
  const prizeId = Number(params.prizeId);
  const prize = usePrize(eventId, prizeId);
  const role = getUserRole();
  const canOpenEvent = role === 'd' || role === 'u';
  // Events / <the event> / <the prize>; the event is a link for those who may open it
  usePageTitleOverride(prize.data?.title, {
    label: prize.data?.event.title ?? '',
    href: canOpenEvent ? paths.event.getHref({ id: eventId }) : undefined,
  });

  if (prize.isError) {
    const missing = isApiError(prize.error) && prize.error.status === 404;
    return (
      <>
        <PageHeader title={t('pages.prize')} />
        <Alert
          color={missing ? 'gray' : 'red'}
          title={t(missing ? 'events.prize.notFound' : 'common.errorTitle')}
        >
          {missing ? t('events.detail.notFoundHint') : t('events.list.loadFailed')}
        </Alert>
      </>
    );
  }
  if (prize.isPending) {
    return (
      <Stack>
        <Skeleton h={40} w="50%" />
        <Skeleton h={320} radius="lg" />
      </Stack>
    );
  }
  const p = prize.data;
  const balance = p.me?.balance ?? 0;
  return (
    <>
      {canOpenEvent ? (
        <Anchor
          component={Link}
          to={paths.event.getHref({ id: p.event.id })}
          size="sm"
          mb="xs"
          display="inline-flex"
        >
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {p.event.title}
          </Group>
        </Anchor>
      ) : null}
      <PageHeader title={p.title} description={p.event.title} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <Paper radius="lg" style={{ overflow: 'hidden' }}>
            <Picture src={p.image_url} alt={p.title} kind="prize" ratio={4 / 3} />
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Paper radius="lg" p="md">
            <Stack gap="sm">
              <Group gap="xs">
                <Badge variant="light" color="indigo" size="lg" tt="none">
                  {p.points_needed !== null
                    ? t('events.prize.pointsNeeded', {
                        count: p.points_needed,
                        points: formatNumber(p.points_needed, lang),
                      })
                    : t('events.prize.rank', { rank: p.rank })}
                </Badge>
                <Badge
                  variant="light"
                  color={p.stock > 0 ? 'gray' : 'red'}
                  c="dark.6"
                  size="lg"
                  tt="none"
                >
                  {p.stock > 0
                    ? t('events.prize.stock', { count: p.stock })
                    : t('events.prize.outOfStock')}
                </Badge>
                {p.won ? (
                  <Badge color="teal.9" size="lg" tt="none">
                    {t('events.prize.won')}
                  </Badge>
                ) : null}
              </Group>
              {p.my_prize ? <MyPrizeStatus holding={p.my_prize} /> : null}
              {p.description ? (
                <Text style={{ whiteSpace: 'pre-line' }}>{p.description}</Text>
              ) : null}
              <Group gap="xs">
                <EventStatusBadge status={p.event.status} />
                <Text size="sm" c="dimmed">
                  {t('events.list.period', {
                    start: formatDate(p.event.starts_at, i18n.language),
                    end: formatDate(p.event.ends_at, i18n.language),
                  })}
                </Text>
              </Group>
              {p.rank !== null ? (
                <Text size="sm">{t('events.prize.rankRule', { rank: p.rank })}</Text>
              ) : null}
              {p.me && p.points_needed !== null ? (
                <Stack gap={4}>
                  <Title order={2} size="h5">
                    {t('events.detail.me.heading')}
                  </Title>
                  <PrizeProgress
                    title={p.title}
                    balance={balance}
                    pointsNeeded={p.points_needed}
                    size="sm"
                  />
                </Stack>
              ) : null}
              {p.can_claim && p.points_needed !== null ? (
                <ClaimButton
                  eventId={p.event.id}
                  prizeId={p.id}
                  title={p.title}
                  pointsNeeded={p.points_needed}
                  balance={balance}
                  refusal={claimRefusal({
                    eventStatus: p.event.status,
                    pointsNeeded: p.points_needed,
                    stock: p.stock,
                    alreadyClaimed: p.won,
                    balance,
                  })}
                />
              ) : null}
              {canOpenEvent ? (
                <Button
                  component={Link}
                  to={paths.event.getHref({ id: p.event.id })}
                  variant="default"
                >
                  {t('events.prize.toEvent')}
                </Button>
              ) : null}
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
};
