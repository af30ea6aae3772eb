import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';
import { Badge, Paper, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAzn, formatUsd } from '@/lib/format-money';

/** The lines to be ordered, priced now for the chosen way of paying. */
export const CheckoutLines = ({ lines }: { lines: CheckoutPreview['lines'] }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Paper radius="lg" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={680} type="native">
        <Table verticalSpacing="sm" horizontalSpacing="md" tabularNums>
          <Table.Caption style={visuallyHidden}>{t('checkout.lines.caption')}</Table.Caption>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>{t('checkout.lines.sku')}</Table.Th>
              <Table.Th>{t('checkout.lines.title')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('checkout.lines.quantity')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('checkout.lines.unitUsd')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('checkout.lines.totalUsd')}</Table.Th>
              <Table.Th style={{ textAlign: 'right' }}>{t('checkout.lines.totalAzn')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.basket_item_id}>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <Text size="sm" ff="monospace">
                    {line.sku}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {line.FullTitle}
                  </Text>
                  {line.in_stock ? null : (
                    <Badge size="sm" color="orange.9" variant="light" mt={4}>
                      {t('checkout.lines.outOfStock')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right' }}>{line.quantity}</Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatUsd(line.unit_usd, lang)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatUsd(line.total_usd, lang)}
                </Table.Td>
                <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                  {formatAzn(line.total_azn, lang)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
};

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
