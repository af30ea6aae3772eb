import {
  type ExchangeRateInput,
  exchangeRateInputSchema,
  RATE_REASON_MAX,
} from '@esd/shared/catalogue/settings.schemas';
import { formatDecimalString } from '@esd/shared/format/format';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '@/components/decimal-input';
import { ReasonField } from '@/components/reason-field';
import { isApiError } from '@/lib/api-error';
import { getErrorMessage, notifyError, notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateExchangeRate } from '../api/create-exchange-rate';
import { formatRateDate, todayIsoDate } from './rate-dates';

type RateFormValues = { date: string; rate: string; reason: string };

/** The form's values as the API takes them: an empty reason is none. */
const toInput = ({ reason, ...values }: RateFormValues): ExchangeRateInput => ({
  ...values,
  ...(reason.trim() ? { reason } : {}),
});

/**
 * A rate typed by hand. A date without a rate gets it; a date that has another one is changed
 * only with a reason (the server says so, with the stored rate, and the form asks for it).
 */
export const RateForm = () => {
  const { t, i18n } = useTranslation();
  const createRate = useCreateExchangeRate();
  const form = useForm<RateFormValues>({
    initialValues: { date: todayIsoDate(), rate: '', reason: '' },
    validate: (values) =>
      schemaErrors(exchangeRateInputSchema, toInput(values), {
        date: t('settings.rates.form.dateFormat'),
        rate: t('settings.rates.form.rateFormat'),
        reason: t('settings.rates.reason.invalid'),
      }),
  });

  const submit = form.onSubmit((values) => {
    const input = exchangeRateInputSchema.parse(toInput(values));
    createRate.mutate(input, {
      onSuccess: (saved) => {
        notifySuccess(
          t('settings.rates.form.saved', {
            date: formatRateDate(saved.date, i18n.language),
            rate: formatDecimalString(saved.rate, i18n.language, 4),
          }),
        );
        form.setValues({ rate: '', reason: '' });
      },
      onError: (failure) => {
        const data = isApiError(failure)
          ? (failure.data as { field?: string; current?: string })
          : {};
        if (data?.field === 'reason' && data.current) {
          form.setFieldError(
            'reason',
            t('settings.rates.reason.required', {
              rate: formatDecimalString(data.current, i18n.language, 4),
            }),
          );
          return;
        }
        notifyError(getErrorMessage(failure));
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
        <Stack gap="sm">
          <Group align="flex-start" gap="sm">
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
          </Group>
          <ReasonField
            label={t('settings.rates.reason.label')}
            description={t('settings.rates.reason.hint')}
            required={false}
            max={RATE_REASON_MAX}
            lines={[1]}
            {...form.getInputProps('reason')}
          />
          <Button
            type="submit"
            leftSection={<IconPlus size={16} aria-hidden />}
            loading={createRate.isPending}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('settings.rates.form.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
};
