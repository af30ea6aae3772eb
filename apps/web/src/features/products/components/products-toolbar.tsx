import { type ProductSort, productSorts } from '@esd/shared/catalogue/catalogue.constants';
import { CloseButton, Group, NativeSelect, Paper, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCategories } from '../api/get-categories';
import classes from './products-toolbar.module.css';
import type { ProductsParams } from './use-products-params';

const SEARCH_DEBOUNCE_MS = 350;

const isProductSort = (value: string): value is ProductSort =>
  (productSorts as readonly string[]).includes(value);

type ProductsToolbarProps = {
  params: ProductsParams;
  onChange: (change: Partial<ProductsParams>) => void;
  /** the "Pay by" control for shoppers allowed cash and credit */
  extra?: ReactNode;
};

/** Search (title or SKU, debounced), category, sort, and the shopper's sell type. */
export const ProductsToolbar = ({ params, onChange, extra }: ProductsToolbarProps) => {
  const { t } = useTranslation();
  const categories = useCategories();
  const [search, setSearch] = useState(params.q);
  const applySearch = useDebouncedCallback((q: string) => onChange({ q }), SEARCH_DEBOUNCE_MS);

  // the URL may change without typing (back, "clear filters"): the box follows it
  useEffect(() => setSearch(params.q), [params.q]);

  const typeSearch = (value: string) => {
    setSearch(value);
    applySearch(value);
  };

  const categoryOptions = [
    { value: '', label: t('products.toolbar.allCategories') },
    ...(categories.data ?? []).map((category) => ({
      value: String(category.id),
      label: `${category.name} (${category.products_count})`,
    })),
  ];

  return (
    <Paper p="md" radius="lg" mb="md" role="search" aria-label={t('products.toolbar.label')}>
      <Group gap="sm" align="flex-end">
        <TextInput
          type="search"
          classNames={{ input: classes.search }}
          label={t('products.toolbar.search')}
          placeholder={t('products.toolbar.searchPlaceholder')}
          value={search}
          onChange={(event) => typeSearch(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            search ? (
              <CloseButton
                size="sm"
                aria-label={t('products.toolbar.clearSearch')}
                onClick={() => {
                  setSearch('');
                  applySearch.cancel();
                  onChange({ q: '' });
                }}
              />
            ) : null
          }
          style={{ flex: '2 1 220px' }}
        />
        {/* the browser's own selects (issue 35): Mantine's Combobox, Popover and floating-ui
            are not part of the product list's first load */}
        <NativeSelect
          label={t('products.toolbar.category')}
          data={categoryOptions}
          value={params.categoryId ? String(params.categoryId) : ''}
          onChange={(event) => {
            const { value } = event.currentTarget;
            onChange({ categoryId: value ? Number(value) : undefined });
          }}
          style={{ flex: '1 1 200px' }}
        />
        <NativeSelect
          label={t('products.toolbar.sort')}
          data={productSorts.map((sort) => ({ value: sort, label: t(`products.sort.${sort}`) }))}
          value={params.sort}
          onChange={(event) => {
            const { value } = event.currentTarget;
            if (isProductSort(value)) onChange({ sort: value });
          }}
          style={{ flex: '1 1 180px' }}
        />
        {extra}
      </Group>
    </Paper>
  );
};
