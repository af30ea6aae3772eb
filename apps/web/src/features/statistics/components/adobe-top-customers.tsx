import { formatNumber, formatUsd } from '@esd/shared/format/format';
import type { AdobeTopCustomer } from '@esd/shared/statistics/adobe-statistics.schemas';
import { Badge, Paper, Table, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** The ten customers with the highest USD total of the chosen months. */
export const AdobeTopCustomers = ({ rows }: { rows: AdobeTopCustomer[] }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const titleId = useId();
  return (
    <Paper radius="lg" p="md" withBorder>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        {t('statistics.adobe.top.title')}
      </Title>
      <Table.ScrollContainer minWidth={340} tabIndex={0} role="region" aria-labelledby={titleId}>
        <Table aria-labelledby={titleId} fz="sm" verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>#</Table.Th>
              <Table.Th>{t('statistics.adobe.fields.company')}</Table.Th>
              <Table.Th ta="right">{t('statistics.adobe.fields.licences')}</Table.Th>
              <Table.Th ta="right">{t('statistics.adobe.fields.totalUsd')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={row.customer_id}>
                <Table.Td c="dimmed">{index + 1}</Table.Td>
                <Table.Td>
                  {row.company_name}{' '}
                  {row.market_segment ? (
                    <Badge
                      size="xs"
                      variant="light"
                      color="gray"
                      title={t(`statistics.adobe.segments.${row.market_segment as 'COM'}`, {
                        defaultValue: row.market_segment,
                      })}
                    >
                      {row.market_segment}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(row.licences, lang)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatUsd(row.total_usd, lang)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
};
