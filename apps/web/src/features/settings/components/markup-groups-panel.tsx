import type { MarkupGroup } from '@esd/shared/catalogue/settings.schemas';
import { formatDecimalString } from '@esd/shared/format/format';
import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { useListQuery } from '@/components/use-list-query';
import { useDeleteMarkupGroup } from '../api/delete-markup-group';
import { useCategoryOptions } from '../api/get-category-options';
import { type MarkupGroupSort, useMarkupGroups } from '../api/get-markup-groups';
import { MarkupGroupFormModal } from './markup-group-form-modal';

export const MarkupGroupsPanel = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery<MarkupGroupSort>({ defaultSort: 'name' });
  const groups = useMarkupGroups(list.query);
  const categories = useCategoryOptions();
  const deleteGroup = useDeleteMarkupGroup();
  const [editing, setEditing] = useState<MarkupGroup | 'new' | null>(null);
  const percent = (value: string) => `${formatDecimalString(value, i18n.language)} %`;
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name ?? `#${id}`;

  const columns: DataTableColumn<MarkupGroup>[] = [
    {
      key: 'name',
      header: t('settings.markup.fields.name'),
      sortKey: 'name',
      render: (g) => g.name,
    },
    {
      key: 'percent',
      header: t('settings.markup.fields.percent'),
      sortKey: 'percent',
      align: 'right',
      nowrap: true,
      render: (g) => percent(g.percent),
    },
    {
      key: 'overrides',
      header: t('settings.markup.table.overrides'),
      render: (g) =>
        g.categories.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('settings.markup.table.noOverrides')}
          </Text>
        ) : (
          <Text size="sm">
            {g.categories
              .map((c) => `${categoryName(c.category_id)}: ${percent(c.percent)}`)
              .join('; ')}
          </Text>
        ),
    },
    {
      key: 'dealers',
      header: t('settings.markup.table.dealers'),
      sortKey: 'dealers',
      align: 'right',
      render: (g) => g.dealers_count,
    },
  ];

  return (
    <>
      <DataTable
        caption={t('settings.markup.tabs.groups')}
        columns={columns}
        rows={groups.data?.items}
        total={groups.data?.total}
        getRowKey={(g) => g.id}
        getRowLabel={(g) => g.name}
        isLoading={groups.isPending}
        isFetching={groups.isFetching}
        isError={groups.isError}
        onRetry={() => void groups.refetch()}
        list={list}
        searchLabel={t('settings.markup.search')}
        toolbar={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('settings.markup.add')}
          </Button>
        }
        emptyMessage={t('settings.markup.empty')}
        onEdit={setEditing}
        onDelete={(g) => deleteGroup.mutateAsync(g.id)}
        describeDeletion={(g) => t('settings.markup.deleteDetails', { count: g.dealers_count })}
        minWidth={640}
      />
      <MarkupGroupFormModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
};
