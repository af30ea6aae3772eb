import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { Button, Select, Tabs } from '@mantine/core';
import { IconKey, IconPackage, IconPlus } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useDeleteProduct } from '../api/delete-product';
import { useCategoryOptions } from '../api/get-category-options';
import { type ProductSettingsSort, useProducts } from '../api/get-products';
import { useContentLanguage } from './localized';
import { useProductColumns } from './product-columns';
import { ProductDrawer } from './product-drawer';

/** The catalogue's products; `keyStock` (composed by the route) is the second tab. */
export const ProductsPage = ({ keyStock }: { keyStock: ReactNode }) => {
  const { t } = useTranslation();
  const lang = useContentLanguage();
  const list = useListQuery<ProductSettingsSort>({ defaultSort: 'title' });
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const products = useProducts({
    ...list.query,
    category_id: categoryId ? Number(categoryId) : undefined,
  });
  const categories = useCategoryOptions();
  const deleteProduct = useDeleteProduct();
  const [editing, setEditing] = useState<ProductSettings | 'new' | null>(null);
  const columns = useProductColumns(categories.data);
  // `?tab=keys` opens the key stock, so it can be linked to
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'keys' ? 'keys' : 'products';

  return (
    <>
      <PageHeader
        title={t('pages.settingsProducts')}
        description={t('settings.products.description')}
        actions={
          tab === 'products' ? (
            <Button
              leftSection={<IconPlus size={18} aria-hidden />}
              onClick={() => setEditing('new')}
            >
              {t('settings.products.add')}
            </Button>
          ) : null
        }
      />
      <Tabs
        value={tab}
        onChange={(next) => setSearchParams(next === 'keys' ? { tab: 'keys' } : {})}
        keepMounted={false}
        mb="md"
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="products" leftSection={<IconPackage size={16} aria-hidden />}>
            {t('keys.tabs.products')}
          </Tabs.Tab>
          <Tabs.Tab value="keys" leftSection={<IconKey size={16} aria-hidden />}>
            {t('keys.tabs.stock')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="products">
          <DataTable
            caption={t('pages.settingsProducts')}
            columns={columns}
            rows={products.data?.items}
            total={products.data?.total}
            getRowKey={(product) => product.id}
            getRowLabel={(product) => `${product.sku} — ${product.title[lang]}`}
            isLoading={products.isPending}
            isFetching={products.isFetching}
            isError={products.isError}
            onRetry={() => void products.refetch()}
            list={list}
            searchLabel={t('settings.products.search')}
            toolbar={
              <Select
                label={t('settings.products.fields.category')}
                placeholder={t('settings.products.allCategories')}
                data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={categoryId}
                onChange={(value) => {
                  setCategoryId(value);
                  list.resetPage();
                }}
                clearable
                searchable
                w={{ base: '100%', xs: 260 }}
                clearButtonProps={{ 'aria-label': t('settings.products.clearCategory') }}
              />
            }
            emptyMessage={t('settings.products.empty')}
            onEdit={setEditing}
            onDelete={(product) => deleteProduct.mutateAsync(product.id)}
            describeDeletion={(product) => product.title[lang]}
            minWidth={760}
          />
        </Tabs.Panel>
        <Tabs.Panel value="keys">{keyStock}</Tabs.Panel>
      </Tabs>
      <ProductDrawer target={editing} onTargetChange={setEditing} />
    </>
  );
};
