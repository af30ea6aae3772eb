import { NumberInput, SimpleGrid } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormSection } from './form-section';
import type { ProductFormValues } from './product-form-values';

type SectionProps = { form: UseFormReturnType<ProductFormValues> };

export const ProductDetailsSection = ({ form }: SectionProps) => {
  const { t } = useTranslation();
  return (
    <FormSection title={t('settings.products.form.details')}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput
          label={t('settings.products.fields.users_count')}
          description={t('settings.products.form.countHint')}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('users_count')}
        />
        <NumberInput
          label={t('settings.products.fields.devices_count')}
          description={t('settings.products.form.countHint')}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('devices_count')}
        />
      </SimpleGrid>
    </FormSection>
  );
};
