import type { KeyImportReport } from '@esd/shared/orders/orders.schemas';
import { Alert, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { KeyReportLines } from './key-report-lines';
import { useFormatCount } from './use-format-count';

/** The server's reasons, in the interface language (unknown ones as sent). */
const reasonKeys = {
  empty: 'keys.import.reasons.empty',
  'longer than 500 characters': 'keys.import.reasons.tooLong',
  'contains control characters': 'keys.import.reasons.control',
  'starts like a spreadsheet formula': 'keys.import.reasons.formula',
} as const;

const Stat = ({ label, value, color }: { label: string; value: string; color?: string }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
      {label}
    </Text>
    <Text size="xl" fw={700} c={color}>
      {value}
    </Text>
  </Stack>
);

/** An import's preview (nothing stored yet) or its result: counts, then the refused lines. */
export const KeyImportReportView = ({ report }: { report: KeyImportReport }) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const reason = (text: string) =>
    text in reasonKeys ? t(reasonKeys[text as keyof typeof reasonKeys]) : text;
  const refused = (count: number) => (count > 0 ? 'red.8' : undefined);

  return (
    <Stack gap="md">
      <Alert
        color={report.preview ? 'blue' : 'teal'}
        icon={
          report.preview ? (
            <IconEye size={18} aria-hidden />
          ) : (
            <IconCircleCheck size={18} aria-hidden />
          )
        }
        role="status"
        title={report.preview ? t('keys.import.previewTitle') : t('keys.import.done')}
      >
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" mt={4}>
          <Stat label={t('keys.import.report.lines')} value={formatCount(report.lines)} />
          <Stat
            label={t(report.preview ? 'keys.import.report.toAdd' : 'keys.import.report.added')}
            value={formatCount(report.added)}
            color="teal.8"
          />
          <Stat
            label={t('keys.import.report.existing')}
            value={formatCount(report.existing_count)}
            color={refused(report.existing_count)}
          />
          <Stat label={t('keys.import.report.duplicates')} value={formatCount(report.duplicates)} />
          <Stat
            label={t('keys.import.report.invalid')}
            value={formatCount(report.invalid_count)}
            color={refused(report.invalid_count)}
          />
          <Stat label={t('keys.import.report.available')} value={formatCount(report.available)} />
        </SimpleGrid>
      </Alert>
      <KeyReportLines
        heading={t('keys.import.existingHeading')}
        total={report.existing_count}
        rows={report.existing.map((row) => ({
          line: row.line,
          reason: t('keys.import.existingReason', {
            key: row.key,
            sku: row.sku,
            state: t(`keys.import.states.${row.status}`),
          }),
        }))}
      />
      <KeyReportLines
        heading={t('keys.import.invalidHeading')}
        total={report.invalid_count}
        rows={report.invalid.map((row) => ({ line: row.line, reason: reason(row.reason) }))}
      />
    </Stack>
  );
};
