import type { PrizeSettings } from '@esd/shared/events/events.schemas';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useDeletePrize, usePrizeSettings } from '../api/prize-settings';
import { EventFilter } from './event-filter';
import { PrizeFormModal } from './prize-form-modal';
import { useContentLanguage } from './use-content-language';

/** /pages/settings/prizes: prizes of the events, filtered by event. */
export const SettingsPrizesPage = () => {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const list = useListQuery();
  const [params, setParams] = useSearchParams();
  const eventId = Number(params.get('event')) || undefined;
  const prizes = usePrizeSettings({
    page: list.query.page,
    perPage: list.query.perPage,
    event_id: eventId,
  });
  const deletePrize = useDeletePrize();
  const [editing, setEditing] = useState<PrizeSettings | 'new' | null>(null);

  const columns: DataTableColumn<PrizeSettings>[] = [
    {
      key: 'title',
      header: t('events.settings.prizes.table.title'),
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          {p.image_url ? (
            <Image src={p.image_url} alt="" w={48} h={36} radius="sm" fit="cover" />
          ) : null}
          <Stack gap={0}>
            <Text fw={600} size="sm">
              {p.title[lang]}
            </Text>
            <Text size="xs" c="dimmed">
              {p.event_title}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'rule',
      header: t('events.settings.prizes.table.rule'),
      render: (p) => (
        <CellBadge variant="light" color="indigo" tt="none">
          {p.points_needed !== null
            ? t('events.prize.pointsNeeded', { count: p.points_needed, points: p.points_needed })
            : t('events.prize.rank', { rank: p.rank })}
        </CellBadge>
      ),
    },
    {
      key: 'stock',
      header: t('events.settings.prizes.table.stock'),
      align: 'right',
      render: (p) => p.stock,
    },
    {
      key: 'won',
      header: t('events.settings.prizes.table.won'),
      align: 'right',
      render: (p) => p.won_count,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsPrizes')}
        description={t('events.settings.prizes.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('events.settings.prizes.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsPrizes')}
        columns={columns}
        rows={prizes.data?.items}
        total={prizes.data?.total}
        getRowKey={(p) => p.id}
        getRowLabel={(p) => p.title[lang]}
        isLoading={prizes.isPending}
        isFetching={prizes.isFetching}
        isError={prizes.isError}
        onRetry={() => void prizes.refetch()}
        list={list}
        toolbar={
          <EventFilter
            value={eventId}
            onChange={(id) => {
              list.setPage(1);
              setParams(id ? { event: String(id) } : {}, { replace: true });
            }}
          />
        }
        emptyMessage={t('events.settings.prizes.empty')}
        onEdit={setEditing}
        onDelete={(p) => deletePrize.mutateAsync(p.id)}
        describeDeletion={(p) =>
          t('events.settings.prizes.deleteDetails', { event: p.event_title })
        }
        minWidth={600}
      />
      <PrizeFormModal target={editing} defaultEventId={eventId} onClose={() => setEditing(null)} />
    </>
  );
};
