import { NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { FormSection } from './form-section';
import type { ProductFormValues } from './product-form-values';

type SectionProps = { form: UseFormReturnType<ProductFormValues> };

export const ProductDetailsSection = ({ form }: SectionProps) => {
  const { t } = useTranslation();
  return (
    <FormSection title={t('settings.products.form.details')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('settings.products.fields.delivery_time')}
          placeholder={t('settings.products.form.deliveryPlaceholder')}
          maxLength={200}
          {...form.getInputProps('delivery_time')}
        />
        <TextInput
          label={t('settings.products.fields.licence_type')}
          placeholder={t('settings.products.form.licencePlaceholder')}
          maxLength={200}
          {...form.getInputProps('licence_type')}
        />
      </SimpleGrid>
      <TextInput
        label={t('settings.products.fields.operating_systems')}
        placeholder="Windows 10/11, macOS 13+"
        maxLength={500}
        {...form.getInputProps('operating_systems')}
      />
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
      {form.values.provider_id === '3' ? null : (
        <NumberInput
          label={t('settings.products.fields.reorder_level')}
          description={t('settings.products.form.reorderHint')}
          min={1}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('reorder_level')}
        />
      )}
    </FormSection>
  );
};
