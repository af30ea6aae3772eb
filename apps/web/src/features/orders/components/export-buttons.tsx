import { Button, Group, SegmentedControl, Text } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import {
  type ExportDetail,
  type ExportFormat,
  type ExportQuery,
  useExportOrders,
} from '../api/export-orders';

/**
 * Excel and CSV of the orders the filters select, one row per order or per line item; each
 * button spins while its file comes.
 */
export const ExportButtons = ({ query }: { query: ExportQuery }) => {
  const { t } = useTranslation();
  const labelId = useId();
  const [detail, setDetail] = useState<ExportDetail>('orders');
  const download = useExportOrders();
  const running = download.isPending ? download.variables.format : null;
  const items = detail === 'items';

  const start = (format: ExportFormat) =>
    download.mutate(
      { format, detail, query },
      {
        onSuccess: () => notifySuccess(t('orders.export.done')),
        onError: (error) => notifyError(getErrorMessage(error)),
      },
    );

  return (
    <Group gap="xs" role="group" aria-label={t('orders.export.label')}>
      <Group gap={6} wrap="nowrap">
        <Text id={labelId} size="sm" c="dimmed">
          {t('orders.export.rowsLabel')}
        </Text>
        <SegmentedControl
          size="sm"
          aria-labelledby={labelId}
          value={detail}
          onChange={(value) => setDetail(value === 'items' ? 'items' : 'orders')}
          data={[
            { value: 'orders', label: t('orders.export.perOrder') },
            { value: 'items', label: t('orders.export.perItem') },
          ]}
        />
      </Group>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        loading={running === 'xlsx'}
        disabled={running === 'csv'}
        aria-label={items ? t('orders.export.xlsxItemsLabel') : t('orders.export.xlsxLabel')}
        onClick={() => start('xlsx')}
      >
        {t('orders.export.xlsx')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        loading={running === 'csv'}
        disabled={running === 'xlsx'}
        aria-label={items ? t('orders.export.csvItemsLabel') : t('orders.export.csvLabel')}
        onClick={() => start('csv')}
      >
        {t('orders.export.csv')}
      </Button>
    </Group>
  );
};
