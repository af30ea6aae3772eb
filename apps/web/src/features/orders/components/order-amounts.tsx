import {
  formatAzn,
  formatDate,
  formatDecimalString,
  formatPercent,
  formatUsd,
} from '@esd/shared/format/format';
import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { compareMoney } from '@esd/shared/shop/money';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type AmountProps = { label: string; value: string; hint?: string; strong?: boolean };

const Amount = ({ label, value, hint, strong }: AmountProps) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={strong ? 700 : 600} size={strong ? 'lg' : 'sm'} style={tabular}>
      {value}
    </Text>
    {hint ? (
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    ) : null}
  </Stack>
);

/**
 * When the order's AZN amount is fixed (specification §1, issue 31): a cash order awaiting
 * payment at the rate of the day its payment is received; a paid cash order was fixed then; a
 * credit order when it was placed.
 */
const AznRule = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation();
  if (order.status === 'cancelled' && !order.azn_fixed) return null;
  const date = order.rate_date ? formatDate(order.rate_date, i18n.language) : null;
  const text = !order.azn_fixed
    ? t('orders.amounts.noteAtPayment')
    : date === null
      ? null
      : order.sell_type === SELL_TYPE.credit
        ? t('orders.amounts.noteFixedPlacement', { date })
        : t('orders.amounts.noteFixedPayment', { date });
  return text ? (
    <Text size="xs" c="dimmed" mt="sm">
      {text}
    </Text>
  ) : null;
};

/** The order's amounts: rate, VAT, surcharge, totals, and what a cash order costs if paid today. */
export const OrderAmounts = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hasSurcharge = compareMoney(order.surcharge_percent, '0') > 0;
  const hasRefund = compareMoney(order.refunded_usd, '0') > 0;
  const due = order.payment_due;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-amounts">
      <Title order={3} fz="md" id="order-amounts" mb="sm">
        {t('orders.amounts.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
        <Amount label={t('orders.amounts.subtotal')} value={formatUsd(order.total_usd, lang)} />
        <Amount
          label={t('orders.amounts.vat', { vat: formatPercent(order.vat_percent, lang) })}
          value={formatUsd(order.vat_usd, lang)}
        />
        <Amount
          label={
            order.rate_date
              ? t('orders.amounts.rateOf', { date: formatDate(order.rate_date, lang) })
              : t('orders.amounts.rate')
          }
          value={t('orders.amounts.rateValue', { rate: formatDecimalString(order.rate, lang, 4) })}
        />
        {hasSurcharge ? (
          <Amount
            label={t('orders.amounts.surcharge')}
            value={`+${formatPercent(order.surcharge_percent, lang)}%`}
          />
        ) : null}
        <Amount
          label={
            due && order.rate_date
              ? t('orders.amounts.placedAzn', { date: formatDate(order.rate_date, lang) })
              : t('orders.amounts.totalAzn')
          }
          value={formatAzn(order.total_azn, lang)}
          strong={!due}
        />
        {due ? (
          <Amount
            label={t('orders.amounts.dueToday')}
            value={formatAzn(due.total_azn, lang)}
            hint={t('orders.amounts.dueTodayRate', {
              rate: formatDecimalString(due.rate, lang, 4),
              date: formatDate(due.rate_date, lang),
            })}
            strong
          />
        ) : null}
        {hasRefund ? (
          <Amount
            label={t('orders.amounts.refunded')}
            value={`${formatUsd(order.refunded_usd, lang)} / ${formatAzn(order.refunded_azn, lang)}`}
          />
        ) : null}
      </SimpleGrid>
      <AznRule order={order} />
      {order.sell_type === SELL_TYPE.credit ? (
        <Group mt="sm">
          <Text size="xs" c={order.credit_settled ? 'teal.9' : 'dimmed'}>
            {order.credit_settled && order.credit_settled_at
              ? t('orders.detail.creditSettled', {
                  date: formatDate(order.credit_settled_at, i18n.language),
                })
              : t('orders.detail.creditOpen')}
          </Text>
        </Group>
      ) : null}
    </Paper>
  );
};

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
