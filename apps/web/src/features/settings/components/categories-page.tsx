import type { CategorySettings } from '@esd/shared/catalogue/settings.schemas';
import { Button, Code } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useDeleteCategory } from '../api/delete-category';
import { type CategorySort, useCategories } from '../api/get-categories';
import { CategoryFormModal } from './category-form-modal';
import { useContentLanguage } from './localized';

export const CategoriesPage = () => {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const list = useListQuery<CategorySort>({ defaultSort: 'name' });
  const categories = useCategories(list.query);
  const deleteCategory = useDeleteCategory();
  const [editing, setEditing] = useState<CategorySettings | 'new' | null>(null);

  const columns: DataTableColumn<CategorySettings>[] = [
    {
      key: 'name',
      header: t('settings.categories.table.name'),
      sortKey: 'name',
      render: (category) => category.name[lang],
    },
    {
      key: 'slug',
      header: t('settings.categories.table.slug'),
      sortKey: 'slug',
      nowrap: true,
      render: (category) => <Code>{category.slug}</Code>,
    },
    {
      key: 'products',
      header: t('settings.categories.table.products'),
      sortKey: 'products',
      align: 'right',
      render: (category) => category.products_count,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('pages.settingsCategories')}
        description={t('settings.categories.description')}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setEditing('new')}
          >
            {t('settings.categories.add')}
          </Button>
        }
      />
      <DataTable
        caption={t('pages.settingsCategories')}
        columns={columns}
        rows={categories.data?.items}
        total={categories.data?.total}
        getRowKey={(category) => category.id}
        getRowLabel={(category) => category.name[lang]}
        isLoading={categories.isPending}
        isFetching={categories.isFetching}
        isError={categories.isError}
        onRetry={() => void categories.refetch()}
        list={list}
        searchLabel={t('settings.categories.search')}
        emptyMessage={t('settings.categories.empty')}
        onEdit={setEditing}
        onDelete={(category) => deleteCategory.mutateAsync(category.id)}
        describeDeletion={(category) =>
          t('settings.categories.deleteDetails', { count: category.products_count })
        }
        minWidth={480}
      />
      <CategoryFormModal target={editing} onClose={() => setEditing(null)} />
    </>
  );
};
