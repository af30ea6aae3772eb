import { Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useFormatCount } from './use-format-count';

type KeyReportLinesProps = {
  heading: string;
  /** how many such lines there were; the server lists the first 100 */
  total: number;
  rows: { line: number; reason: string }[];
};

/** Lines of a key file or pasted text that were not imported, each with its reason. */
export const KeyReportLines = ({ heading, total, rows }: KeyReportLinesProps) => {
  const { t } = useTranslation();
  const formatCount = useFormatCount();
  if (rows.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={3} size="h6">
        {heading}
      </Title>
      {total > rows.length ? (
        <Text size="sm" c="dimmed">
          {t('keys.import.linesMore', {
            shown: formatCount(rows.length),
            total: formatCount(total),
            count: total,
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
            {rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td style={{ wordBreak: 'break-word' }}>{row.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
};
