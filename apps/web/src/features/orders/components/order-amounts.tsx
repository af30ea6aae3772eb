import type { OrderDetail } from '@esd/shared/orders/orders.schemas';
import { compareMoney } from '@esd/shared/shop/money';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAzn, formatDate, formatDecimalString, formatPercent, formatUsd } from '@/lib/format';

const Amount = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Stack gap={0}>
    <Text size="xs" c="dimmed">
      {label}
    </Text>
    <Text fw={strong ? 700 : 600} size={strong ? 'lg' : 'sm'} style={tabular}>
      {value}
    </Text>
  </Stack>
);

/** The amounts fixed on the order when it was placed: rate, VAT, surcharge, totals. */
export const OrderAmounts = ({ order }: { order: OrderDetail }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hasSurcharge = compareMoney(order.surcharge_percent, '0') > 0;
  const hasRefund = compareMoney(order.refunded_usd, '0') > 0;
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
          label={t('orders.amounts.rate')}
          value={t('orders.amounts.rateValue', { rate: formatDecimalString(order.rate, lang, 4) })}
        />
        {hasSurcharge ? (
          <Amount
            label={t('orders.amounts.surcharge')}
            value={`+${formatPercent(order.surcharge_percent, lang)}%`}
          />
        ) : null}
        <Amount
          label={t('orders.amounts.totalAzn')}
          value={formatAzn(order.total_azn, lang)}
          strong
        />
        {hasRefund ? (
          <Amount
            label={t('orders.amounts.refunded')}
            value={`${formatUsd(order.refunded_usd, lang)} / ${formatAzn(order.refunded_azn, lang)}`}
          />
        ) : null}
      </SimpleGrid>
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
