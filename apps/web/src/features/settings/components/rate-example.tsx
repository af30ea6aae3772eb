import type { ExchangeRate } from '@esd/shared/catalogue/settings.schemas';
import { formatAzn, formatUsd } from '@esd/shared/format/format';
import { toAzn } from '@esd/shared/shop/pricing.rules';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePricingSettings } from '../api/get-pricing-settings';

const EXAMPLE_USD = '100.00';

/** What a $100 price costs in AZN today: the rate, VAT and surcharge checked at a glance. */
export const RateExample = ({ rate }: { rate: ExchangeRate }) => {
  const { t, i18n } = useTranslation();
  const settings = usePricingSettings();
  if (!settings.data) return null;
  const { vat_percent: vatPercent, credit_surcharge_percent: surcharge } = settings.data;
  const cash = toAzn({ usd: EXAMPLE_USD, rate: rate.rate, vatPercent, surchargePercent: '0' });
  const credit = toAzn({
    usd: EXAMPLE_USD,
    rate: rate.rate,
    vatPercent,
    surchargePercent: surcharge,
  });
  return (
    <Text size="sm" c="dimmed" mt="xs">
      {t('settings.rates.example', {
        usd: formatUsd(EXAMPLE_USD, i18n.language),
        cash: formatAzn(cash, i18n.language),
        credit: formatAzn(credit, i18n.language),
      })}
    </Text>
  );
};
