import { formatUsd } from '@esd/shared/format/format';
import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AmountRow } from './checkout-totals';

type CreditSummaryProps = {
  credit: NonNullable<CheckoutPreview['credit']>;
  fits: boolean;
};

/** The dealer's credit (USD excl. VAT) now and after this order; red when it does not fit. */
export const CreditSummary = ({ credit, fits }: CreditSummaryProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  // a negative remainder reads -$1.00, not $-1.00
  const usd = (value: string) =>
    value.startsWith('-') ? `-${formatUsd(value.slice(1), lang)}` : formatUsd(value, lang);
  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="checkout-credit-title">
      <Stack gap={6}>
        <Title order={2} fz="md" id="checkout-credit-title">
          {t('checkout.credit.title')}
        </Title>
        <AmountRow label={t('checkout.credit.limit')} value={usd(credit.limit)} />
        <AmountRow label={t('checkout.credit.remaining')} value={usd(credit.remaining)} />
        <AmountRow
          label={t('checkout.credit.after')}
          value={usd(credit.remaining_after)}
          color={fits ? 'teal.9' : 'red.8'}
          strong
        />
        {fits ? null : (
          <Text size="xs" c="red.8" fw={500}>
            {t('checkout.credit.overLimit')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
};
