import type { KeyStock } from '@esd/shared/orders/orders.schemas';
import { Stack, Switch, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/data-table';
import { useListQuery } from '@/components/use-list-query';
import { useKeyStock } from '../api/get-key-stock';
import { KeyImportModal } from './key-import-modal';
import { useKeyStockColumns } from './key-stock-columns';
import { KeyStockSummary } from './key-stock-summary';
import { OrderSettingsForm } from './order-settings-form';

/** The key stock of every product with keys: low ones first, an import per product. */
export const KeyStockPanel = () => {
  const { t } = useTranslation();
  const list = useListQuery();
  const [onlyLow, setOnlyLow] = useState(false);
  const { page, perPage, q } = list.query;
  const stock = useKeyStock({ page, perPage, q, low: onlyLow ? true : undefined });
  const [importing, setImporting] = useState<KeyStock | null>(null);
  const columns = useKeyStockColumns(useCallback((row: KeyStock) => setImporting(row), []));

  return (
    <Stack gap="lg">
      <div>
        <Text c="dimmed" mb="md">
          {t('keys.stock.description')}
        </Text>
        <KeyStockSummary />
        <DataTable
          caption={t('keys.tabs.stock')}
          columns={columns}
          rows={stock.data?.items}
          total={stock.data?.total}
          getRowKey={(row) => row.product_id}
          getRowLabel={(row) => `${row.sku} — ${row.FullTitle}`}
          isLoading={stock.isPending}
          isFetching={stock.isFetching}
          isError={stock.isError}
          onRetry={() => void stock.refetch()}
          list={list}
          searchLabel={t('keys.stock.search')}
          toolbar={
            <Switch
              label={t('keys.stock.onlyLow')}
              checked={onlyLow}
              onChange={(event) => {
                setOnlyLow(event.currentTarget.checked);
                list.resetPage();
              }}
              mb={8}
            />
          }
          emptyMessage={t('keys.stock.empty')}
          minWidth={860}
        />
      </div>
      <OrderSettingsForm />
      <KeyImportModal product={importing} onClose={() => setImporting(null)} />
    </Stack>
  );
};
