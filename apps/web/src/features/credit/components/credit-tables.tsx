import type { DealerCredit } from '@esd/shared/credit/credit.schemas';
import { formatAzn, formatDateTime, formatUsd } from '@esd/shared/format/format';
import { Anchor, Paper, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { orderHref } from './credit-words';

const tabular = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

const OrderLink = ({ id }: { id: number }) => {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to={orderHref(paths.orders.getHref(), id)}
      fw={600}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
    >
      {t('credit.orders.link', { id })}
    </Anchor>
  );
};

const Section = ({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty: string | null;
  children: React.ReactNode;
}) => (
  <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
    <Title order={2} size="h5" id={id} mb="sm">
      {title}
    </Title>
    {empty ? (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    ) : (
      <ScrollArea type="auto">{children}</ScrollArea>
    )}
  </Paper>
);

/** The credit orders still open: each links to its order, with what it still uses. */
export const OpenCreditOrders = ({
  credit,
  showBuyer,
}: {
  credit: DealerCredit;
  showBuyer: boolean;
}) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = credit.open_orders;
  return (
    <Section
      id="credit-open-orders"
      title={t('credit.orders.title')}
      empty={rows.length === 0 ? t('credit.orders.empty') : null}
    >
      <Table miw={showBuyer ? 560 : 440} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('credit.orders.order')}</Table.Th>
            <Table.Th>{t('credit.orders.placed')}</Table.Th>
            {showBuyer ? <Table.Th>{t('credit.orders.buyer')}</Table.Th> : null}
            <Table.Th>{t('credit.orders.status')}</Table.Th>
            <Table.Th ta="right">{t('credit.orders.open')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((order) => (
            <Table.Tr key={order.id}>
              <Table.Td>
                <OrderLink id={order.id} />
              </Table.Td>
              <Table.Td style={tabular}>{formatDateTime(order.created_at, lang)}</Table.Td>
              {showBuyer ? <Table.Td>{order.buyer.name}</Table.Td> : null}
              <Table.Td>{t(`credit.status.${order.display_status}`)}</Table.Td>
              <Table.Td ta="right" style={tabular}>
                {formatUsd(order.open_usd, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
};

/** Settlements and refunds of the credit orders, newest first. */
export const CreditMovements = ({ credit }: { credit: DealerCredit }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const rows = credit.movements;
  return (
    <Section
      id="credit-movements"
      title={t('credit.movements.title')}
      empty={rows.length === 0 ? t('credit.movements.empty') : null}
    >
      <Table miw={560} verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('credit.movements.when')}</Table.Th>
            <Table.Th>{t('credit.orders.order')}</Table.Th>
            <Table.Th>{t('credit.movements.what')}</Table.Th>
            <Table.Th ta="right">{t('credit.movements.usd')}</Table.Th>
            <Table.Th ta="right">{t('credit.movements.azn')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((movement) => (
            <Table.Tr key={movement.id}>
              <Table.Td style={tabular}>{formatDateTime(movement.at, lang)}</Table.Td>
              <Table.Td>
                <OrderLink id={movement.order_id} />
              </Table.Td>
              <Table.Td>{t(`credit.movements.kind.${movement.kind}`)}</Table.Td>
              <Table.Td ta="right" style={tabular}>
                {formatUsd(movement.amount_usd, lang)}
              </Table.Td>
              <Table.Td ta="right" style={tabular}>
                {formatAzn(movement.amount_azn, lang)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
};
