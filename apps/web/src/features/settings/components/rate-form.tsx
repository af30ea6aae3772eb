import {
  type ExchangeRateInput,
  exchangeRateInputSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { formatDecimalString } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateExchangeRate } from '../api/create-exchange-rate';
import { formatRateDate, todayIsoDate } from './rate-dates';

/** A rate typed by hand; a date that has one already gets the new one. */
export const RateForm = () => {
  const { t, i18n } = useTranslation();
  const createRate = useCreateExchangeRate();
  const form = useForm<ExchangeRateInput>({
    initialValues: { date: todayIsoDate(), rate: '' },
    validate: (values) =>
      schemaErrors(exchangeRateInputSchema, values, {
        date: t('settings.rates.form.dateFormat'),
        rate: t('settings.rates.form.rateFormat'),
      }),
  });

  const submit = form.onSubmit((values) => {
    const input = exchangeRateInputSchema.parse(values);
    createRate.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess(
          t('settings.rates.form.saved', {
            date: formatRateDate(saved.date, i18n.language),
            rate: formatDecimalString(saved.rate, i18n.language, 4),
          }),
        );
        form.setFieldValue('rate', '');
      },
    });
  });

  return (
    <Paper radius="lg" p="md" component="section" aria-labelledby="rate-form-heading">
      <Title order={2} size="h5" id="rate-form-heading">
        {t('settings.rates.form.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('settings.rates.form.hint')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm">
          <TextInput
            type="date"
            label={t('settings.rates.fields.date')}
            required
            w={{ base: '100%', xs: 170 }}
            {...form.getInputProps('date')}
          />
          <DecimalInput
            label={t('settings.rates.fields.rate')}
            decimals={4}
            required
            placeholder="1.7000"
            rightSection="AZN"
            rightSectionWidth={48}
            w={{ base: '100%', xs: 150 }}
            {...form.getInputProps('rate')}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={createRate.isPending}
          >
            {t('settings.rates.form.submit')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
};
