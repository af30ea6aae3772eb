import {
  type CompanySettings,
  companySettingsSchema,
  PAYMENT_DAYS_MAX,
} from '@esd/shared/invoices/invoices.schemas';
import {
  Alert,
  NumberInput,
  Paper,
  SimpleGrid,
  Skeleton,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { SaveForm, StoredSettings } from '@/components/stored-settings-form';
import { useStoredValuesForm } from '@/components/use-stored-values-form';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCompanySettings } from '../api/get-company-settings';
import { useUpdateCompanySettings } from '../api/update-company-settings';
import { FormSection } from './form-section';

type CompanyForm = Omit<CompanySettings, 'payment_days'> & { payment_days: number | string };

const empty: CompanyForm = {
  name: '',
  voen: '',
  address: '',
  phone: '',
  bank_name: '',
  iban: '',
  swift: '',
  payment_days: 5,
};

/**
 * Settings → Company: the seller's details every invoice and proforma invoice prints (name,
 * VÖEN, address, phone, bank account) and the days a proforma gives to pay.
 */
export const CompanyPage = () => {
  const { t } = useTranslation();
  const settings = useCompanySettings();
  const save = useUpdateCompanySettings();
  const form = useStoredValuesForm<CompanyForm>(settings.data, {
    initialValues: empty,
    validate: (values) =>
      schemaErrors(companySettingsSchema, values, {
        voen: t('settings.company.errors.voen'),
        phone: t('settings.company.errors.phone'),
        iban: t('settings.company.errors.iban'),
        swift: t('settings.company.errors.swift'),
      }),
  });

  const submit = form.onSubmit((values) => {
    save.mutate(companySettingsSchema.parse(values), {
      onSuccess: () => notifySuccess(t('settings.company.saved')),
    });
  });

  const field = (name: Exclude<keyof CompanyForm, 'payment_days' | 'address'>, max: number) => (
    <TextInput
      label={t(`settings.company.fields.${name}`)}
      description={t(`settings.company.hints.${name}`)}
      required
      maxLength={max}
      {...form.getInputProps(name)}
    />
  );

  return (
    <>
      <PageHeader
        title={t('pages.settingsCompany')}
        description={t('settings.company.description')}
      />
      <StoredSettings
        query={settings}
        loadError={t('settings.company.loadError')}
        loading={<Skeleton h={420} radius="lg" maw={760} />}
      >
        <Paper radius="lg" p="lg" maw={760}>
          <SaveForm onSubmit={submit} saving={save.isPending}>
            {settings.data === null ? (
              <Alert color="yellow" icon={<IconInfoCircle size={18} aria-hidden />}>
                {t('settings.company.missing')}
              </Alert>
            ) : null}
            <FormSection title={t('settings.company.sections.company')}>
              {field('name', 200)}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {field('voen', 10)}
                {field('phone', 40)}
              </SimpleGrid>
              <Textarea
                label={t('settings.company.fields.address')}
                description={t('settings.company.hints.address')}
                required
                withAsterisk={false}
                autosize
                minRows={2}
                maxLength={500}
                {...form.getInputProps('address')}
              />
            </FormSection>
            <FormSection title={t('settings.company.sections.bank')}>
              {field('bank_name', 200)}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {field('iban', 34)}
                {field('swift', 11)}
              </SimpleGrid>
            </FormSection>
            <FormSection title={t('settings.company.sections.invoices')}>
              <NumberInput
                label={t('settings.company.fields.payment_days')}
                description={t('settings.company.hints.payment_days')}
                required
                withAsterisk={false}
                min={0}
                max={PAYMENT_DAYS_MAX}
                allowDecimal={false}
                allowNegative={false}
                maw={280}
                {...form.getInputProps('payment_days')}
              />
            </FormSection>
          </SaveForm>
        </Paper>
      </StoredSettings>
    </>
  );
};
