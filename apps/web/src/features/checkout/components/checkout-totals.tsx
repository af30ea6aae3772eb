import { bakuDate } from '@esd/shared/baku-time';
import {
  formatAzn,
  formatDate,
  formatDecimalString,
  formatPercent,
  formatUsd,
} from '@esd/shared/format/format';
import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';
import { compareMoney } from '@esd/shared/shop/money';
import { Divider, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type RowProps = { label: ReactNode; value: string; strong?: boolean; color?: string };

export const AmountRow = ({ label, value, strong, color }: RowProps) => (
  <Group justify="space-between" wrap="nowrap" gap="sm" align="baseline">
    <Text size="sm" c={strong ? undefined : 'dimmed'}>
      {label}
    </Text>
    <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 600} ta="right" c={color} style={tabular}>
      {value}
    </Text>
  </Group>
);

/** The day of the rate used, in words: today's, or an earlier one while today's is not in. */
const RateDate = ({ date, lang }: { date: string; lang: string }) => {
  const { t } = useTranslation();
  const isEarlier = date < bakuDate(new Date());
  return (
    <Text size="xs" c={isEarlier ? undefined : 'dimmed'} fw={isEarlier ? 600 : undefined}>
      {t(isEarlier ? 'checkout.totals.rateEarlier' : 'checkout.totals.rateOf', {
        date: formatDate(date, lang),
      })}
    </Text>
  );
};

/**
 * USD excl. VAT, VAT, USD incl. VAT, then AZN at the bank rate, and when that amount is fixed:
 * now for credit, on the day the payment is received for cash (issue 31).
 */
export const CheckoutTotals = ({ preview }: { preview: CheckoutPreview }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const hasSurcharge = compareMoney(preview.surcharge_percent, '0') > 0;
  // specification §1: cash is paid at the rate of the day the payment is received
  const atPayment = preview.azn_fixed_at === 'payment';
  return (
    <Stack gap={6}>
      <AmountRow label={t('checkout.totals.subtotal')} value={formatUsd(preview.total_usd, lang)} />
      <AmountRow
        label={t('checkout.totals.vat', { vat: formatPercent(preview.vat_percent, lang) })}
        value={formatUsd(preview.vat_usd, lang)}
      />
      <AmountRow
        label={t('checkout.totals.totalUsd')}
        value={formatUsd(preview.total_usd_with_vat, lang)}
      />
      <Divider my={4} />
      <AmountRow
        label={t('checkout.totals.rateLabel')}
        value={t('checkout.totals.rate', { rate: formatDecimalString(preview.rate, lang, 4) })}
      />
      {preview.rate_date ? <RateDate date={preview.rate_date} lang={lang} /> : null}
      {hasSurcharge ? (
        <AmountRow
          label={t('checkout.totals.surcharge')}
          value={`+${formatPercent(preview.surcharge_percent, lang)}%`}
        />
      ) : null}
      <AmountRow
        label={t(atPayment ? 'checkout.totals.totalAznIfPaidToday' : 'checkout.totals.totalAzn')}
        value={formatAzn(preview.total_azn, lang)}
        strong
      />
      <Text size="xs" c={atPayment ? undefined : 'dimmed'}>
        {t(atPayment ? 'checkout.totals.rateNotePayment' : 'checkout.totals.rateNote')}
      </Text>
    </Stack>
  );
};

const tabular = { fontVariantNumeric: 'tabular-nums' } as const;
