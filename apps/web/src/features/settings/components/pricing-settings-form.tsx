import {
  type PricingSettings,
  pricingSettingsSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { Group, Skeleton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { SaveForm, SettingsSection, StoredSettings } from '@/components/stored-settings-form';
import { useStoredValuesForm } from '@/components/use-stored-values-form';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { usePricingSettings } from '../api/get-pricing-settings';
import { useUpdatePricingSettings } from '../api/update-pricing-settings';

/** VAT and the credit surcharge that turn USD prices into AZN cash and credit prices. */
export const PricingSettingsForm = () => {
  const { t } = useTranslation();
  const settings = usePricingSettings();
  const updateSettings = useUpdatePricingSettings();
  const form = useStoredValuesForm<PricingSettings>(settings.data, {
    initialValues: { vat_percent: '', credit_surcharge_percent: '' },
    validate: (values) =>
      schemaErrors(pricingSettingsSchema, values, {
        vat_percent: t('validation.percent'),
        credit_surcharge_percent: t('validation.percent'),
      }),
  });

  const submit = form.onSubmit((values) => {
    updateSettings.mutate(pricingSettingsSchema.parse(values), {
      onSuccess: () => notifySuccess(t('settings.pricing.saved')),
    });
  });

  return (
    <SettingsSection
      id="pricing-heading"
      heading={t('settings.pricing.heading')}
      hint={t('settings.pricing.hint')}
    >
      <StoredSettings
        query={settings}
        loadError={t('settings.pricing.loadError')}
        loading={<Skeleton h={120} />}
      >
        <SaveForm onSubmit={submit} saving={updateSettings.isPending}>
          <Group grow align="flex-start" wrap="wrap">
            <DecimalInput
              label={t('settings.pricing.vat')}
              description={t('settings.pricing.vatHint')}
              rightSection="%"
              required
              miw={200}
              {...form.getInputProps('vat_percent')}
            />
            <DecimalInput
              label={t('settings.pricing.credit')}
              description={t('settings.pricing.creditHint')}
              rightSection="%"
              required
              miw={200}
              {...form.getInputProps('credit_surcharge_percent')}
            />
          </Group>
        </SaveForm>
      </StoredSettings>
    </SettingsSection>
  );
};
