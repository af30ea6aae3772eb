import { Button, Group } from '@mantine/core';
import { IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { type ExportPage, useStatisticsExport } from '../api/sales-statistics';

type SalesExportButtonsProps = { page: ExportPage; params: Record<string, string | number> };

/** Excel and CSV of the page's numbers (the server scopes them like the page). */
export const SalesExportButtons = ({ page, params }: SalesExportButtonsProps) => {
  const { t } = useTranslation();
  const download = useStatisticsExport();
  const running = download.isPending ? download.variables.format : null;
  const start = (format: 'xlsx' | 'csv') =>
    download.mutate(
      { page, format, params },
      {
        onSuccess: () => notifySuccess(t('statistics.sales.export.done')),
        onError: (error) => notifyError(getErrorMessage(error)),
      },
    );
  return (
    <Group gap="xs" role="group" aria-label={t('statistics.sales.export.label')}>
      <Button
        variant="default"
        leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
        loading={running === 'xlsx'}
        disabled={running === 'csv'}
        aria-label={t('statistics.sales.export.xlsxLabel')}
        onClick={() => start('xlsx')}
      >
        Excel
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileTypeCsv size={18} aria-hidden />}
        loading={running === 'csv'}
        disabled={running === 'xlsx'}
        aria-label={t('statistics.sales.export.csvLabel')}
        onClick={() => start('csv')}
      >
        CSV
      </Button>
    </Group>
  );
};
