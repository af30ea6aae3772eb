import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAzn, formatDecimalString, formatPercent, formatUsd } from '@/lib/format';

type TotalRowProps = { label: string; value: string; strong?: boolean };

const TotalRow = ({ label, value, strong }: TotalRowProps) => (
  <Group justify="space-between" wrap="nowrap" gap="sm">
    <Text size="sm" c={strong ? undefined : 'dimmed'}>
      {label}
    </Text>
    <Text size={strong ? 'lg' : 'sm'} fw={strong ? 700 : 600} ta="right">
      {value}
    </Text>
  </Group>
);

/** USD excl. VAT, and AZN incl. VAT at the bank rate shown (spec 1, 9). */
export const BasketTotals = ({ basket }: { basket: Basket }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  return (
    <Stack gap={6} component="section" aria-label={t('basket.totals.label')}>
      <Divider />
      <TotalRow label={t('basket.totals.quantity')} value={String(basket.totalQuantity)} />
      <TotalRow label={t('basket.totals.usd')} value={formatUsd(basket.totalUsdAmount, lang)} />
      <TotalRow
        label={t('basket.totals.azn', { vat: formatPercent(basket.vat_percent, lang) })}
        value={formatAzn(basket.totalAmount, lang)}
        strong
      />
      <Text size="xs" c="dimmed" ta="right">
        {t('basket.totals.rate', { rate: formatDecimalString(basket.rate, lang, 4) })}
      </Text>
    </Stack>
  );
};
