import { compareMoney, isMoney } from '@esd/shared/shop/money';
import { NumberInput, SimpleGrid, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { FormSection } from './form-section';
import type { ProductFormValues } from './product-form-values';

type SectionProps = { form: UseFormReturnType<ProductFormValues> };

const moneyFields = ['dealer_price', 'unit_price', 'royalty', 'bonus'] as const;

export const ProductPricesSection = ({ form }: SectionProps) => {
  const { t } = useTranslation();
  const { dealer_price: dealerPrice, unit_price: unitPrice } = form.values;
  const isBelowCost =
    isMoney(dealerPrice) && isMoney(unitPrice) && compareMoney(unitPrice, dealerPrice) < 0;
  return (
    <FormSection title={t('settings.products.form.prices')}>
      <Text size="sm" c="dimmed">
        {t('settings.products.form.pricesHint')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {moneyFields.map((field) => (
          <DecimalInput
            key={field}
            label={t(`settings.products.fields.${field}`)}
            required={field === 'dealer_price' || field === 'unit_price'}
            leftSection="$"
            placeholder="0.00"
            {...form.getInputProps(field)}
          />
        ))}
        <NumberInput
          label={t('settings.products.fields.points')}
          description={t('settings.products.form.pointsHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          min={0}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('points')}
        />
      </SimpleGrid>
      {isBelowCost ? (
        <Text size="sm" c="orange.9" role="status">
          {t('settings.products.form.belowCost')}
        </Text>
      ) : null}
    </FormSection>
  );
};
