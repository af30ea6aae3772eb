import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '@/lib/format-money';
import { AmountRow } from './checkout-totals';

type CreditSummaryProps = {
  credit: NonNullable<CheckoutPreview['credit']>;
  fits: boolean;
};

/** The dealer's credit (USD excl. VAT) now and after this order; red when it does not fit. */
export const CreditSummary = ({ credit, fits }: CreditSummaryProps) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="checkout-credit-title">
      <Stack gap={6}>
        <Title order={2} fz="md" id="checkout-credit-title">
          {t('checkout.credit.title')}
        </Title>
        <AmountRow label={t('checkout.credit.limit')} value={formatUsd(credit.limit, lang)} />
        <AmountRow
          label={t('checkout.credit.remaining')}
          value={formatUsd(credit.remaining, lang)}
        />
        <AmountRow
          label={t('checkout.credit.after')}
          value={formatUsd(credit.remaining_after, lang)}
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
