import type { EventSettings } from '@esd/shared/events/events.schemas';
import { formatDateTime } from '@esd/shared/format/format';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconAward, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { useAwardEvent, useDeleteEvent, useEventSettings } from '../api/event-settings';
import { EventFormModal } from './event-form-modal';
import { EventStatusBadge } from './status-badges';
import { useContentLanguage } from './use-content-language';

/** /pages/settings/events: events with their period, products, prizes, and the rank award. */
export const SettingsEventsPage = () => {
  const { t, i18n } = useTranslation();
  const lang = useContentLanguage();
  const list = useListQuery();
  const events = useEventSettings({
    page: list.query.page,
    perPage: list.query.perPage,
    q: list.query.q,
  });
  const deleteEvent = useDeleteEvent();
  const award = useAwardEvent();
  const [editing, setEditing] = useState<EventSettings | 'new' | null>(null);

  const columns: DataTableColumn<EventSettings>[] = [
    {
      key: 'title',
      header: t('events.settings.events.table.title'),
      render: (e) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {e.title[lang]}
          </Text>
          <Text size="xs" c="dimmed">
            {t('events.settings.events.table.productsCount', { count: e.products.length })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'period',
      header: t('events.settings.events.table.period'),
      nowrap: true,
      render: (e) => (
        <Text size="sm">
          {formatDateTime(e.starts_at, i18n.language)}
          <br />
          {formatDateTime(e.ends_at, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'status',
      card: 'aside',
      header: t('events.settings.events.table.status'),
      render: (e) => <EventStatusBadge status={e.status} />,
    },
    {
      key: 'prizes',
      header: t('events.settings.events.table.prizes'),
      align: 'right',
      render: (e) => `${e.won_count} / ${e.prizes_count}`,
    },
    {
      key: 'award',
      header: t('events.settings.events.table.award'),
      render: (e) =>
        e.awarded_at ? (
          <Text size="sm">
            {t('events.settings.events.awardedAt', {
              date: formatDateTime(e.awarded_at, i18n.language),
            })}
          </Text>
        ) : e.can_award ? (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconAward size={16} aria-hidden />}
            loading={award.isPending && award.variables?.id === e.id}
            aria-label={t('events.settings.events.awardNamed', { title: e.title[lang] })}
            onClick={() =>
              award.mutate(e, {
                onSuccess: (result) =>
                  notifySuccess(t('events.settings.events.awarded', { count: result.awarded })),
                onError: (error) => notifyError(getErrorMessage(error)),
              })
            }
          >
            {t('events.settings.events.award')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsEvents')}
        description={t('events.settings.events.description')}
        actions={
          <Group>
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing('new')}
            >
              {t('events.settings.events.add')}
            </Button>
          </Group>
        }
      />
      <DataTable
        caption={t('pages.settingsEvents')}
        columns={columns}
        rows={events.data?.items}
        total={events.data?.total}
        getRowKey={(e) => e.id}
        getRowLabel={(e) => e.title[lang]}
        isLoading={events.isPending}
        isFetching={events.isFetching}
        isError={events.isError}
        onRetry={() => void events.refetch()}
        list={list}
        searchLabel={t('events.settings.events.search')}
        emptyMessage={t('events.settings.events.empty')}
        onEdit={setEditing}
        onDelete={(e) => deleteEvent.mutateAsync(e.id)}
        describeDeletion={(e) =>
          t('events.settings.events.deleteDetails', { count: e.prizes_count })
        }
        minWidth={760}
      />
      <EventFormModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
};
