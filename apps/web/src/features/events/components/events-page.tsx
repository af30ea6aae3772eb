import { EVENT_STATUSES, type EventStatus } from '@esd/shared/events/events.rules';
import type { EventCard } from '@esd/shared/events/events.schemas';
import { formatDate, formatNumber } from '@esd/shared/format/format';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconCalendar, IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useEvents } from '../api/get-events';
import { Picture } from './picture';
import { EventStatusBadge } from './status-badges';

const PER_PAGE = 9;

const EventCardView = ({ event }: { event: EventCard }) => {
  const { t, i18n } = useTranslation();
  return (
    <Card radius="lg" padding="md" withBorder component="article">
      <Card.Section>
        <Picture src={event.image_url} alt="" kind="event" />
      </Card.Section>
      <Stack gap="xs" mt="md" style={{ flex: 1 }}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Title order={2} size="h4">
            {event.title}
          </Title>
          <EventStatusBadge status={event.status} />
        </Group>
        <Group gap={6} c="dimmed">
          <IconCalendar size={16} aria-hidden />
          <Text size="sm">
            {t('events.list.period', {
              start: formatDate(event.starts_at, i18n.language),
              end: formatDate(event.ends_at, i18n.language),
            })}
          </Text>
        </Group>
        <Text size="sm" lineClamp={3}>
          {event.description}
        </Text>
        <Group gap="xs" mt="auto">
          <Badge
            variant="light"
            color="indigo"
            leftSection={<IconStar size={14} aria-hidden />}
            tt="none"
          >
            {t('events.list.myPoints', { points: formatNumber(event.my_points, i18n.language) })}
          </Badge>
          <Badge variant="light" color="gray" c="dark.6" tt="none">
            {t('events.list.prizes', { count: event.prizes_count })}
          </Badge>
        </Group>
        <Button
          component={Link}
          to={paths.event.getHref({ id: event.id })}
          variant="light"
          mt="xs"
          aria-label={t('events.list.openNamed', { title: event.title })}
        >
          {t('events.list.open')}
        </Button>
      </Stack>
    </Card>
  );
};

/** /pages/events: current, upcoming and past events as cards with the viewer's points. */
export const EventsPage = () => {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = (EVENT_STATUSES as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as EventStatus)
    : 'current';
  const [page, setPage] = useState(1);
  const events = useEvents({ status: tab, page, perPage: PER_PAGE });
  const pages = Math.max(1, Math.ceil((events.data?.total ?? 0) / PER_PAGE));

  return (
    <>
      <PageHeader title={t('pages.events')} description={t('events.list.description')} />
      <Tabs
        value={tab}
        onChange={(value) => {
          setPage(1);
          setParams(value && value !== 'current' ? { tab: value } : {}, { replace: true });
        }}
        mb="lg"
      >
        <Tabs.List>
          {EVENT_STATUSES.map((status) => (
            <Tabs.Tab key={status} value={status}>
              {t(`events.list.tabs.${status}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {events.isError ? (
        <Alert color="red" title={t('common.errorTitle')}>
          <Group justify="space-between">
            <Text size="sm">{t('events.list.loadFailed')}</Text>
            <Button size="xs" variant="white" onClick={() => void events.refetch()}>
              {t('actions.retry')}
            </Button>
          </Group>
        </Alert>
      ) : events.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} h={360} radius="lg" />
          ))}
        </SimpleGrid>
      ) : events.data.items.length === 0 ? (
        <Card radius="lg" padding="xl" withBorder>
          <Text c="dimmed" ta="center">
            {t(`events.list.empty.${tab}`)}
          </Text>
        </Card>
      ) : (
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {events.data.items.map((event) => (
              <EventCardView key={event.id} event={event} />
            ))}
          </SimpleGrid>
          {pages > 1 ? (
            <Pagination
              value={page}
              onChange={setPage}
              total={pages}
              getControlProps={(control) => ({ 'aria-label': t(`events.list.pager.${control}`) })}
            />
          ) : null}
        </Stack>
      )}
    </>
  );
};
