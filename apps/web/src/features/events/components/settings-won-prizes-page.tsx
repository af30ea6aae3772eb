import { WON_PRIZE_STATUSES, type WonPrizeStatusName } from '@esd/shared/events/events.rules';
import type { WonPrize } from '@esd/shared/events/events.schemas';
import { formatDateTime } from '@esd/shared/format/format';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconTruckDelivery } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useWonPrizes } from '../api/won-prizes';
import { DeliveryDetails } from './delivery-details';
import { EventFilter } from './event-filter';
import { WonStatusBadge } from './status-badges';
import { WonPrizeModal } from './won-prize-modal';

const isStatus = (value: string | null): value is WonPrizeStatusName =>
  (WON_PRIZE_STATUSES as readonly string[]).includes(value ?? '');

/** /pages/settings/winned/prizes: who won what and when, and where its delivery stands. */
export const SettingsWonPrizesPage = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const [params, setParams] = useSearchParams();
  const eventId = Number(params.get('event')) || undefined;
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : undefined;
  const won = useWonPrizes({
    page: list.query.page,
    perPage: list.query.perPage,
    event_id: eventId,
    status,
  });
  const [editing, setEditing] = useState<WonPrize | null>(null);

  const setFilter = (key: 'event' | 'status', value: string | undefined) => {
    list.setPage(1);
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };

  const columns: DataTableColumn<WonPrize>[] = [
    {
      key: 'prize',
      header: t('events.settings.won.table.prize'),
      render: (w) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {w.prize_title}
          </Text>
          <Text size="xs" c="dimmed">
            {w.event_title}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'dealer',
      header: t('events.settings.won.table.dealer'),
      render: (w) => (
        <Stack gap={0}>
          <Text size="sm">{w.dealer_name}</Text>
          <Text size="xs" c="dimmed">
            {w.dealer_email}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'deliverTo',
      header: t('events.settings.won.table.deliverTo'),
      render: (w) => <DeliveryDetails delivery={w.delivery} />,
    },
    {
      key: 'source',
      header: t('events.settings.won.table.source'),
      render: (w) =>
        w.source === 'claim'
          ? t('events.myPrizes.claimed', { count: w.points_spent, points: w.points_spent })
          : t('events.myPrizes.ranked', { rank: w.rank }),
    },
    {
      key: 'when',
      header: t('events.settings.won.table.when'),
      nowrap: true,
      render: (w) => formatDateTime(w.created_at, i18n.language),
    },
    {
      key: 'status',
      card: 'aside',
      header: t('events.settings.won.table.status'),
      render: (w) => (
        <Stack gap={2} align="flex-start">
          <WonStatusBadge status={w.status} />
          {w.note ? (
            <Text size="xs" c="dimmed" lineClamp={2}>
              {w.note}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'change',
      header: t('events.settings.won.table.delivery'),
      render: (w) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconTruckDelivery size={16} aria-hidden />}
          aria-label={t('events.settings.won.changeNamed', {
            prize: w.prize_title,
            dealer: w.dealer_name,
          })}
          onClick={() => setEditing(w)}
        >
          {t('events.settings.won.change')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsWonPrizes')}
        description={t('events.settings.won.description')}
      />
      <DataTable
        caption={t('pages.settingsWonPrizes')}
        columns={columns}
        rows={won.data?.items}
        total={won.data?.total}
        getRowKey={(w) => w.id}
        getRowLabel={(w) => `${w.prize_title} — ${w.dealer_name}`}
        isLoading={won.isPending}
        isFetching={won.isFetching}
        isError={won.isError}
        onRetry={() => void won.refetch()}
        list={list}
        toolbar={
          <Group gap="sm" align="flex-end">
            <EventFilter
              value={eventId}
              onChange={(id) => setFilter('event', id ? String(id) : undefined)}
            />
            <Select
              label={t('events.settings.won.filterStatus')}
              placeholder={t('events.settings.won.allStatuses')}
              clearable
              w={{ base: '100%', sm: 200 }}
              data={WON_PRIZE_STATUSES.map((s) => ({
                value: s,
                label: t(`events.wonStatus.${s}`),
              }))}
              value={status ?? null}
              onChange={(value) => setFilter('status', value ?? undefined)}
            />
          </Group>
        }
        emptyMessage={t('events.settings.won.empty')}
        minWidth={1000}
      />
      <WonPrizeModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
};
