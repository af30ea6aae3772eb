import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import {
  formatAzn,
  formatDecimalString,
  formatPercent,
  formatUsd,
} from '@esd/shared/format/format';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

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

/**
 * USD excl. VAT, and AZN incl. VAT at the bank rate shown (spec 1, 9), per way of paying when
 * the basket has both.
 */
export const BasketTotals = ({ basket }: { basket: Basket }) => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const vat = formatPercent(basket.vat_percent, lang);
  const apart = basket.by_sell_type.length > 1;
  return (
    <Stack gap={6} component="section" aria-label={t('basket.totals.label')}>
      <Divider />
      <TotalRow label={t('basket.totals.quantity')} value={String(basket.totalQuantity)} />
      <TotalRow label={t('basket.totals.usd')} value={formatUsd(basket.totalUsdAmount, lang)} />
      {/* cash and credit lines are checked out apart: a sum of both is no amount anyone pays */}
      {basket.by_sell_type.map((total) => (
        <TotalRow
          key={total.sell_type}
          label={t(
            apart
              ? total.sell_type === SELL_TYPE.cash
                ? 'basket.totals.aznCash'
                : 'basket.totals.aznCredit'
              : 'basket.totals.azn',
            { vat },
          )}
          value={formatAzn(total.total_azn, lang)}
          strong
        />
      ))}
      {apart ? (
        <Text size="xs" c="dimmed">
          {t('basket.totals.apart')}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" ta="right">
        {t('basket.totals.rate', { rate: formatDecimalString(basket.rate, lang, 4) })}
      </Text>
    </Stack>
  );
};
