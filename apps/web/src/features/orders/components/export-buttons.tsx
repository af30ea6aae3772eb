import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { type ExportFormat, type ExportQuery, useExportOrders } from '../api/export-orders';

/** Excel and CSV of the orders the filters select; each button spins while its file comes. */
export const ExportButtons = ({ query }: { query: ExportQuery }) => {
  const { t } = useTranslation();
  const download = useExportOrders();
  const running = download.isPending ? download.variables.format : null;

  const start = (format: ExportFormat) =>
    download.mutate(
      { format, query },
      {
        onSuccess: () => notifySuccess(t('orders.export.done')),
        onError: (error) => notifyError(getErrorMessage(error)),
      },
    );

  return (
    <Group gap="xs" role="group" aria-label={t('orders.export.label')}>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        loading={running === 'xlsx'}
        disabled={running === 'csv'}
        aria-label={t('orders.export.xlsxLabel')}
        onClick={() => start('xlsx')}
      >
        {t('orders.export.xlsx')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        loading={running === 'csv'}
        disabled={running === 'xlsx'}
        aria-label={t('orders.export.csvLabel')}
        onClick={() => start('csv')}
      >
        {t('orders.export.csv')}
      </Button>
    </Group>
  );
};
