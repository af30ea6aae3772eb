import { type OrderSettings, orderSettingsSchema } from '@esd/shared/orders/orders.schemas';
import { Button, Group, NumberInput, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { useStoredValuesForm } from '@/components/use-stored-values-form';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useOrderSettings } from '../api/get-order-settings';
import { useUpdateOrderSettings } from '../api/update-order-settings';

type Values = { return_window_days: number | string; low_stock_threshold: number | string };

/** The return window of returnable products and the level below which stock counts as low. */
export const OrderSettingsForm = () => {
  const { t } = useTranslation();
  const settings = useOrderSettings();
  const updateSettings = useUpdateOrderSettings();
  const form = useStoredValuesForm<Values>(settings.data, {
    initialValues: { return_window_days: '', low_stock_threshold: '' },
    validate: (values) => schemaErrors(orderSettingsSchema, values),
  });

  const submit = form.onSubmit((values) => {
    const input: OrderSettings = orderSettingsSchema.parse(values);
    updateSettings.mutate(input, {
      onSuccess: () => notifySuccess(t('keys.settings.saved')),
    });
  });

  return (
    <Paper
      radius="lg"
      p="lg"
      maw={640}
      component="section"
      aria-labelledby="order-settings-heading"
    >
      <Title order={2} size="h4" id="order-settings-heading">
        {t('keys.settings.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('keys.settings.hint')}
      </Text>
      {settings.isError && !settings.data ? (
        <LoadFailed title={t('keys.settings.loadError')} onRetry={() => void settings.refetch()} />
      ) : settings.isPending ? (
        <Skeleton h={120} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
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
              <NumberInput
                label={t('keys.settings.threshold')}
                description={t('keys.settings.thresholdHint')}
                min={0}
                max={1_000_000}
                allowDecimal={false}
                allowNegative={false}
                thousandSeparator=" "
                required
                miw={200}
                {...form.getInputProps('low_stock_threshold')}
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
