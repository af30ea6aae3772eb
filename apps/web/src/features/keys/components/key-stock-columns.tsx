import type { KeyStock } from '@esd/shared/orders/orders.schemas';
import { Button, Text } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CellBadge } from '@/components/cell-badge';
import type { DataTableColumn } from '@/components/data-table';
import { KeyThresholdCell } from './key-threshold-cell';
import { useFormatCount } from './use-format-count';

export const useKeyStockColumns = (onImport: (row: KeyStock) => void) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  return useMemo<DataTableColumn<KeyStock>[]>(
    () => [
      {
        key: 'sku',
        header: t('keys.stock.table.sku'),
        nowrap: true,
        render: (row) => (
          <Text size="sm" ff="monospace">
            {row.sku}
          </Text>
        ),
      },
      { key: 'title', header: t('keys.stock.table.title'), render: (row) => row.FullTitle },
      {
        key: 'available',
        header: t('keys.stock.table.available'),
        align: 'right',
        render: (row) => (
          <Text size="sm" fw={600} c={row.low ? 'red.8' : undefined}>
            {formatCount(row.available)}
          </Text>
        ),
      },
      {
        key: 'allocated',
        header: t('keys.stock.table.allocated'),
        align: 'right',
        render: (row) => formatCount(row.allocated),
      },
      {
        key: 'waiting',
        header: t('keys.stock.table.waiting'),
        align: 'right',
        render: (row) =>
          row.waiting > 0 ? (
            <Text size="sm" fw={600} c="orange.9">
              {formatCount(row.waiting)}
            </Text>
          ) : (
            '0'
          ),
      },
      {
        key: 'threshold',
        header: t('keys.stock.table.threshold'),
        align: 'right',
        nowrap: true,
        render: (row) => <KeyThresholdCell row={row} />,
      },
      {
        key: 'status',
        card: 'aside',
        header: t('keys.stock.table.status'),
        nowrap: true,
        render: (row) =>
          row.low ? (
            <CellBadge color="red" variant="filled">
              {t('keys.stock.lowBadge')}
            </CellBadge>
          ) : null,
      },
      {
        key: 'import',
        card: 'aside',
        header: t('list.actions'),
        align: 'right',
        nowrap: true,
        render: (row) => (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconFileImport size={16} aria-hidden />}
            onClick={() => onImport(row)}
            aria-label={t('keys.stock.importFor', { name: `${row.sku} — ${row.FullTitle}` })}
          >
            {t('keys.stock.importAction')}
          </Button>
        ),
      },
    ],
    [t, formatCount, onImport],
  );
};
