import { Group, Radio, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCategoryOptions } from '../api/get-category-options';
import { FormSection } from './form-section';
import type { ProductFormValues } from './product-form-values';

type SectionProps = { form: UseFormReturnType<ProductFormValues> };

export const ProductIdentitySection = ({ form }: SectionProps) => {
  const { t } = useTranslation();
  const categories = useCategoryOptions();
  return (
    <FormSection title={t('settings.products.form.identity')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={t('settings.products.fields.sku')}
          description={t('settings.products.form.skuHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          maxLength={64}
          autoComplete="off"
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('sku')}
        />
        <Select
          label={t('settings.products.fields.category')}
          placeholder={t('settings.products.form.chooseCategory')}
          required
          searchable
          nothingFoundMessage={t('settings.products.form.noCategory')}
          data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          disabled={categories.isPending}
          {...form.getInputProps('category_id')}
        />
      </SimpleGrid>
      <Radio.Group
        label={t('settings.products.fields.provider')}
        required
        withAsterisk={false}
        {...form.getInputProps('provider_id')}
      >
        <Group gap="lg" mt={6}>
          <Radio value="1" label={t('settings.products.provider.1')} />
          <Radio value="2" label={t('settings.products.provider.2')} />
          <Radio value="3" label={t('settings.products.provider.3')} />
        </Group>
      </Radio.Group>
      <Stack gap="xs">
        <Switch
          label={t('settings.products.fields.active')}
          description={t('settings.products.form.activeHint')}
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <Switch
          label={t('settings.products.fields.returnable')}
          description={t('settings.products.form.returnableHint')}
          {...form.getInputProps('is_returnable', { type: 'checkbox' })}
        />
      </Stack>
    </FormSection>
  );
};
