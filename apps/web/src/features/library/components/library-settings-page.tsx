import type { LibraryDocument } from '@esd/shared/content/library.schemas';
import { formatDate } from '@esd/shared/format/format';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useLibrarySettings } from '../api/get-library';
import { useDeleteLibraryDocument } from '../api/save-library-document';
import { DownloadButton } from './download-button';
import { FileKindIcon, formatFileSize } from './file-kind';
import { LibraryDocumentModal } from './library-document-modal';
import { LibraryFilters, type LibraryFilterValues } from './library-filters';

export const LibrarySettingsPage = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const [filters, setFilters] = useState<LibraryFilterValues>({ category: null, lang: null });
  const documents = useLibrarySettings({
    page: list.query.page,
    perPage: list.query.perPage,
    q: list.query.q,
    category: filters.category ?? undefined,
    lang: filters.lang ?? undefined,
  });
  const deleteDocument = useDeleteLibraryDocument();
  const [editing, setEditing] = useState<LibraryDocument | 'new' | null>(null);

  const columns: DataTableColumn<LibraryDocument>[] = [
    {
      key: 'title',
      header: t('library.fields.title'),
      render: (doc) => (
        <Group gap="sm" wrap="nowrap">
          <FileKindIcon kind={doc.kind} size={36} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {doc.title}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" maw={260}>
              {doc.file_name}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'category',
      header: t('library.fields.category'),
      nowrap: true,
      render: (doc) => (
        <CellBadge variant="light">{t(`library.category.${doc.category}`)}</CellBadge>
      ),
    },
    {
      key: 'lang',
      header: t('library.fields.lang'),
      nowrap: true,
      render: (doc) => t(`library.lang.${doc.lang}`),
    },
    {
      key: 'size',
      header: t('library.fields.size'),
      align: 'right',
      nowrap: true,
      render: (doc) => formatFileSize(doc.size_bytes, i18n.language),
    },
    {
      key: 'updated',
      header: t('library.fields.updated'),
      nowrap: true,
      render: (doc) => formatDate(doc.updated_at, i18n.language),
    },
    {
      key: 'download',
      card: 'aside',
      header: t('library.downloadShort'),
      render: (doc) => <DownloadButton doc={doc} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsLibrary')}
        description={t('library.settingsDescription')}
        actions={
          <Button
            leftSection={<IconUpload size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('library.upload')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsLibrary')}
        columns={columns}
        rows={documents.data?.items}
        total={documents.data?.total}
        getRowKey={(doc) => doc.id}
        getRowLabel={(doc) => doc.title}
        isLoading={documents.isPending}
        isFetching={documents.isFetching}
        isError={documents.isError}
        onRetry={() => void documents.refetch()}
        list={list}
        searchLabel={t('library.search')}
        emptyMessage={t('library.empty')}
        toolbar={
          <Group gap="sm" align="flex-end">
            <LibraryFilters
              value={filters}
              onChange={(next) => {
                setFilters(next);
                list.resetPage();
              }}
            />
          </Group>
        }
        onEdit={setEditing}
        onDelete={(doc) => deleteDocument.mutateAsync(doc.id)}
        describeDeletion={(doc) => t('library.deleteDetails', { name: doc.file_name })}
        minWidth={860}
      />
      <LibraryDocumentModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
};
