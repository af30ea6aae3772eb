import {
  type PricingSettings,
  pricingSettingsSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { LoadFailed } from '@/components/load-failed';
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
    <Paper radius="lg" p="lg" maw={640} component="section" aria-labelledby="pricing-heading">
      <Title order={2} size="h4" id="pricing-heading">
        {t('settings.pricing.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('settings.pricing.hint')}
      </Text>
      {settings.isError && !settings.data ? (
        <LoadFailed
          title={t('settings.pricing.loadError')}
          onRetry={() => void settings.refetch()}
        />
      ) : settings.isPending ? (
        <Skeleton h={120} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
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
            <Group justify="flex-end">
              <Button type="submit" loading={updateSettings.isPending}>
                {t('actions.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Paper>
  );
};
