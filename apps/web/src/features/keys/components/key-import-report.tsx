import type { KeyImportReport } from '@esd/shared/orders/orders.schemas';
import { Alert, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

export const KeyImportReportView = ({ report }: { report: KeyImportReport }) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  const reason = (text: string) =>
    text in reasonKeys ? t(reasonKeys[text as keyof typeof reasonKeys]) : text;

  return (
    <Stack gap="md">
      <Alert
        color="teal"
        icon={<IconCircleCheck size={18} aria-hidden />}
        role="status"
        title={t('keys.import.done')}
      >
        <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm" mt={4}>
          <Stat label={t('keys.import.report.lines')} value={formatCount(report.lines)} />
          <Stat
            label={t('keys.import.report.added')}
            value={formatCount(report.added)}
            color="teal.8"
          />
          <Stat label={t('keys.import.report.duplicates')} value={formatCount(report.duplicates)} />
          <Stat
            label={t('keys.import.report.invalid')}
            value={formatCount(report.invalid_count)}
            color={report.invalid_count > 0 ? 'red.8' : undefined}
          />
          <Stat label={t('keys.import.report.available')} value={formatCount(report.available)} />
        </SimpleGrid>
      </Alert>
      {report.invalid.length > 0 ? (
        <Stack gap="xs">
          <Title order={3} size="h6">
            {t('keys.import.invalidHeading')}
          </Title>
          {report.invalid_count > report.invalid.length ? (
            <Text size="sm" c="dimmed">
              {t('keys.import.invalidMore', {
                shown: formatCount(report.invalid.length),
                count: formatCount(report.invalid_count),
              })}
            </Text>
          ) : null}
          <Table.ScrollContainer minWidth={300} mah={240} type="native">
            <Table striped withTableBorder tabularNums stickyHeader verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={90}>{t('keys.import.line')}</Table.Th>
                  <Table.Th>{t('keys.import.reason')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.invalid.map((line) => (
                  <Table.Tr key={line.line}>
                    <Table.Td>{line.line}</Table.Td>
                    <Table.Td>{reason(line.reason)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ) : null}
    </Stack>
  );
};
