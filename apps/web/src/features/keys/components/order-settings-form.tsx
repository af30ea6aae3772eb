import { type OrderSettings, orderSettingsSchema } from '@esd/shared/orders/orders.schemas';
import { Group, NumberInput, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SaveForm, SettingsSection, StoredSettings } from '@/components/stored-settings-form';
import { useStoredValuesForm } from '@/components/use-stored-values-form';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useOrderSettings } from '../api/get-order-settings';
import { useUpdateOrderSettings } from '../api/update-order-settings';

type Values = { return_window_days: number | string };

/** The return window of returnable products (each product's low-stock threshold is in its row). */
export const OrderSettingsForm = () => {
  const { t } = useTranslation();
  const settings = useOrderSettings();
  const updateSettings = useUpdateOrderSettings();
  const form = useStoredValuesForm<Values>(settings.data, {
    initialValues: { return_window_days: '' },
    validate: (values) => schemaErrors(orderSettingsSchema, values),
  });

  const submit = form.onSubmit((values) => {
    const input: OrderSettings = orderSettingsSchema.parse(values);
    updateSettings.mutate(input, {
      onSuccess: () => notifySuccess(t('keys.settings.saved')),
    });
  });

  return (
    <SettingsSection
      id="order-settings-heading"
      heading={t('keys.settings.heading')}
      hint={t('keys.settings.hint')}
    >
      <StoredSettings
        query={settings}
        loadError={t('keys.settings.loadError')}
        loading={<Skeleton h={120} />}
      >
        <SaveForm onSubmit={submit} saving={updateSettings.isPending}>
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={t('keys.settings.returnWindow')}
              description={t('keys.settings.returnWindowHint')}
              rightSection={
                <Text size="xs" c="dimmed" pr={28}>
                  {t('keys.settings.days')}
                </Text>
              }
              rightSectionWidth={64}
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              required
              miw={200}
              {...form.getInputProps('return_window_days')}
            />
          </Group>
        </SaveForm>
      </StoredSettings>
    </SettingsSection>
  );
};
