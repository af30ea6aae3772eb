import type { DealerProductPrice } from '@esd/shared/catalogue/settings.schemas';
import { formatDecimalString, formatUsd } from '@esd/shared/format/format';
import { Alert, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { useListQuery } from '@/components/use-list-query';
import { useProductPrices } from '../api/get-product-prices';
import { ProductPriceEditor } from './product-price-editor';

/** "My prices": the dealer's own price or markup per product for its users. */
export const ProductPricesPage = () => {
  const { t, i18n } = useTranslation();
  const list = useListQuery();
  const prices = useProductPrices({
    page: list.query.page,
    perPage: list.query.perPage,
    q: list.query.q,
  });
  const [editingId, setEditingId] = useState<number | null>(null);
  const usd = (value: string) => formatUsd(value, i18n.language);

  const setting = (row: DealerProductPrice) => {
    if (row.mode === 'price' && row.value)
      return (
        <CellBadge variant="light">{t('dealer.prices.fixed', { price: usd(row.value) })}</CellBadge>
      );
    if (row.mode === 'markup' && row.value)
      return (
        <CellBadge variant="light" color="grape">
          {t('dealer.prices.markup', { percent: formatDecimalString(row.value, i18n.language) })}
        </CellBadge>
      );
    return (
      <CellBadge variant="outline" color="gray">
        {t('dealer.prices.default')}
      </CellBadge>
    );
  };

  const columns: DataTableColumn<DealerProductPrice>[] = [
    {
      key: 'sku',
      header: t('dealer.prices.table.sku'),
      nowrap: true,
      render: (row) => (
        <Text size="xs" ff="monospace">
          {row.sku}
        </Text>
      ),
    },
    { key: 'title', header: t('dealer.prices.table.product'), render: (row) => row.FullTitle },
    {
      key: 'cost',
      header: t('dealer.prices.table.cost'),
      align: 'right',
      nowrap: true,
      render: (row) => usd(row.dealer_cost),
    },
    {
      key: 'unit',
      header: t('dealer.prices.table.unit'),
      align: 'right',
      nowrap: true,
      render: (row) => usd(row.unit_price),
    },
    { key: 'setting', header: t('dealer.prices.table.setting'), nowrap: true, render: setting },
    {
      key: 'user',
      header: t('dealer.prices.table.userPrice'),
      align: 'right',
      nowrap: true,
      render: (row) => <Text fw={700}>{usd(row.user_price)}</Text>,
    },
  ];

  return (
    <>
      <PageHeader title={t('pages.settingsProduct')} description={t('dealer.prices.description')} />
      <Alert variant="light" icon={<IconInfoCircle size={18} aria-hidden />} mb="md">
        {t('dealer.prices.chain')}
      </Alert>
      <DataTable
        caption={t('pages.settingsProduct')}
        columns={columns}
        rows={prices.data?.items}
        total={prices.data?.total}
        getRowKey={(row) => row.product_id}
        getRowLabel={(row) => `${row.sku} — ${row.FullTitle}`}
        isLoading={prices.isPending}
        isFetching={prices.isFetching}
        isError={prices.isError}
        onRetry={() => void prices.refetch()}
        list={list}
        searchLabel={t('dealer.prices.search')}
        emptyMessage={t('dealer.prices.empty')}
        onEdit={(row) =>
          setEditingId((current) => (current === row.product_id ? null : row.product_id))
        }
        renderRowDetail={(row) =>
          row.product_id === editingId ? (
            <ProductPriceEditor row={row} onClose={() => setEditingId(null)} />
          ) : null
        }
        minWidth={860}
      />
    </>
  );
};
