import { Group, SegmentedControl, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadOutcome, ExportFileButtons } from '@/components/export-file-buttons';
import { type ExportDetail, type ExportQuery, useExportOrders } from '../api/export-orders';

/**
 * Excel and CSV of the orders the filters select, one row per order or per line item; each
 * button spins while its file comes.
 */
export const ExportButtons = ({ query }: { query: ExportQuery }) => {
  const { t } = useTranslation();
  const labelId = useId();
  const [detail, setDetail] = useState<ExportDetail>('orders');
  const download = useExportOrders();
  const items = detail === 'items';

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
      <ExportFileButtons
        running={download.isPending ? download.variables.format : null}
        onStart={(format) =>
          download.mutate({ format, detail, query }, downloadOutcome(t('orders.export.done')))
        }
        words={{
          xlsx: {
            text: t('orders.export.xlsx'),
            label: items ? t('orders.export.xlsxItemsLabel') : t('orders.export.xlsxLabel'),
          },
          csv: {
            text: t('orders.export.csv'),
            label: items ? t('orders.export.csvItemsLabel') : t('orders.export.csvLabel'),
          },
        }}
      />
    </Group>
  );
};
