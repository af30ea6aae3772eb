import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadOutcome, ExportFileButtons } from '@/components/export-file-buttons';
import { type ExportPage, useStatisticsExport } from '../api/sales-statistics';

type SalesExportButtonsProps = { page: ExportPage; params: Record<string, string | number> };

/** Excel and CSV of the page's numbers (the server scopes them like the page). */
export const SalesExportButtons = ({ page, params }: SalesExportButtonsProps) => {
  const { t } = useTranslation();
  const download = useStatisticsExport();
  return (
    <Group gap="xs" role="group" aria-label={t('statistics.sales.export.label')}>
      <ExportFileButtons
        running={download.isPending ? download.variables.format : null}
        onStart={(format) =>
          download.mutate(
            { page, format, params },
            downloadOutcome(t('statistics.sales.export.done')),
          )
        }
        words={{
          xlsx: { text: 'Excel', label: t('statistics.sales.export.xlsxLabel') },
          csv: { text: 'CSV', label: t('statistics.sales.export.csvLabel') },
        }}
      />
    </Group>
  );
};
