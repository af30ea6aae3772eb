import type { NewsSettings, NewsStatus } from '@esd/shared/content/news.schemas';
import { formatDateTime } from '@esd/shared/format/format';
import { Button, type MantineColor, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useNewsSettings } from '../api/get-news-settings';
import { useDeleteNews } from '../api/save-news';
import { NewsEditorModal } from './news-editor-modal';
import { useContentLanguage } from './use-content-language';

// Filled badges whose text keeps at least 4.5:1 contrast (WCAG AA) on their background.
const statusColors: Record<NewsStatus | 'scheduled', { color: MantineColor; c: MantineColor }> = {
  draft: { color: 'gray.7', c: 'white' },
  scheduled: { color: 'yellow.4', c: 'dark.9' },
  published: { color: 'teal.9', c: 'white' },
};

export const NewsSettingsPage = () => {
  const { t, i18n } = useTranslation();
  const lang = useContentLanguage();
  const list = useListQuery();
  const [status, setStatus] = useState<NewsStatus | null>(null);
  const news = useNewsSettings({
    page: list.query.page,
    perPage: list.query.perPage,
    q: list.query.q,
    status: status ?? undefined,
  });
  const deleteNews = useDeleteNews();
  const [editing, setEditing] = useState<NewsSettings | 'new' | null>(null);

  const columns: DataTableColumn<NewsSettings>[] = [
    { key: 'title', header: t('news.settings.table.title'), render: (item) => item.title[lang] },
    {
      key: 'status',
      card: 'aside',
      header: t('news.settings.table.status'),
      nowrap: true,
      render: (item) => {
        const isScheduled = item.status === 'published' && new Date(item.publish_at) > new Date();
        return (
          <CellBadge variant="filled" {...statusColors[isScheduled ? 'scheduled' : item.status]}>
            {isScheduled ? t('news.status.scheduled') : t(`news.status.${item.status}`)}
          </CellBadge>
        );
      },
    },
    {
      key: 'publish_at',
      header: t('news.settings.table.publishAt'),
      nowrap: true,
      render: (item) => formatDateTime(item.publish_at, i18n.language),
    },
    {
      key: 'author',
      header: t('news.settings.table.author'),
      render: (item) => item.author ?? '—',
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsNews')}
        description={t('news.settings.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('news.settings.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsNews')}
        columns={columns}
        rows={news.data?.items}
        total={news.data?.total}
        getRowKey={(item) => item.id}
        getRowLabel={(item) => item.title[lang]}
        isLoading={news.isPending}
        isFetching={news.isFetching}
        isError={news.isError}
        onRetry={() => void news.refetch()}
        list={list}
        searchLabel={t('news.settings.search')}
        emptyMessage={t('news.settings.empty')}
        toolbar={
          <Select
            label={t('news.settings.table.status')}
            placeholder={t('news.settings.allStatuses')}
            data={[
              { value: 'draft', label: t('news.status.draft') },
              { value: 'published', label: t('news.status.published') },
            ]}
            value={status}
            onChange={(value) => {
              setStatus(value as NewsStatus | null);
              list.resetPage();
            }}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        }
        onEdit={setEditing}
        onDelete={(item) => deleteNews.mutateAsync(item.id)}
        minWidth={640}
      />
      <NewsEditorModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
};
