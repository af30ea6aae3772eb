import {
  type AdobeCustomerInput,
  type AdobeCustomerListItem,
  adobeCustomerInputSchema,
} from '@esd/shared/adobe/adobe.schemas';
import { Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogModal } from '@/components/dialog-modal';
import { ModalForm } from '@/components/form-modal';
import { OpenedContent } from '@/components/opened-content';
import { isApiError } from '@/lib/api-error';
import { notifySuccess } from '@/lib/notify';
import { schemaErrors } from '@/lib/schema-errors';
import { useCreateAdobeCustomer } from '../api/create-adobe-customer';
import { countryOptions } from './adobe-countries';
import { AdobeErrorAlert } from './adobe-error-alert';
import { MarketSegmentField } from './market-segment-field';

type FormValues = { [K in keyof AdobeCustomerInput]: string };

const preferredLanguages = { en: 'en-US', ru: 'ru-RU', az: 'az-AZ' } as const;
const languageNames = { 'en-US': 'English', 'ru-RU': 'Русский', 'az-AZ': 'Azərbaycan dili' };

const emptyValues = (lang: string): FormValues => ({
  company_name: '',
  market_segment: '',
  preferred_language: preferredLanguages[lang as keyof typeof preferredLanguages] ?? 'en-US',
  country: 'AZ',
  region: '',
  city: '',
  address_line1: '',
  address_line2: '',
  postal_code: '',
  phone_number: '',
  contact_first_name: '',
  contact_last_name: '',
  contact_email: '',
  contact_phone_number: '',
});

type AdobeCustomerFormModalProps = {
  opened: boolean;
  onClose: () => void;
  onCreated: (customer: AdobeCustomerListItem) => void;
};

const AdobeCustomerForm = ({ onClose, onCreated }: Omit<AdobeCustomerFormModalProps, 'opened'>) => {
  const { t, i18n } = useTranslation();
  const create = useCreateAdobeCustomer();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const phoneHint = t('adobe.customerForm.phoneFormat');
  const form = useForm<FormValues>({
    initialValues: emptyValues(i18n.language),
    validate: (values) => {
      const errors = schemaErrors(adobeCustomerInputSchema, values, {
        country: t('adobe.customerForm.countryFormat'),
        market_segment: t('validation.required'),
        phone_number: phoneHint,
        contact_phone_number: phoneHint,
        contact_email: t('validation.email'),
      });
      // an empty field is missing rather than badly formatted
      for (const name of ['phone_number', 'contact_phone_number', 'contact_email'] as const) {
        if (errors[name] && values[name].trim() === '') errors[name] = t('validation.required');
      }
      return errors;
    },
  });

  const submit = form.onSubmit((values) => {
    create.mutate(adobeCustomerInputSchema.parse(values), {
      onSuccess: (created) => {
        notifySuccess(t('adobe.customerForm.created', { name: created.company_name }));
        onCreated(created);
        onClose();
      },
      onError: (error) => {
        // the fields the server pointed at (its schema is the form's, so this is rare)
        if (!isApiError(error) || error.errorName !== 'VALIDATION_FAILED') return;
        const issues = (error.data as { issues?: { path?: string }[] } | undefined)?.issues;
        for (const issue of issues ?? []) {
          const field = issue.path?.replace(/^body\/?/, '').split('/')[0];
          if (field && field in values) form.setFieldError(field, t('validation.invalid'));
        }
      },
    });
  });

  const field = (name: keyof FormValues) => form.getInputProps(name);

  return (
    <ModalForm onCancel={onClose} onSubmit={submit} saving={create.isPending}>
      <AdobeErrorAlert error={create.error} />
      <Stack gap="sm" component="fieldset" style={fieldset}>
        <Title order={3} size="h6" component="legend" style={legend}>
          {t('adobe.customerForm.company')}
        </Title>
        <TextInput
          label={t('adobe.customerForm.companyName')}
          description={t('adobe.customerForm.companyNameHint')}
          required
          maxLength={59}
          autoComplete="organization"
          {...field('company_name')}
        />
        <MarketSegmentField
          value={form.values.market_segment}
          onChange={(value) => form.setFieldValue('market_segment', value)}
          error={form.errors.market_segment}
        />
        <Select
          label={t('adobe.customerForm.preferredLanguage')}
          data={Object.entries(languageNames).map(([value, label]) => ({ value, label }))}
          allowDeselect={false}
          required
          {...field('preferred_language')}
        />
      </Stack>
      <Stack gap="sm" component="fieldset" style={fieldset}>
        <Title order={3} size="h6" component="legend" style={legend}>
          {t('adobe.customerForm.address')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('adobe.customerForm.country')}
            data={countries}
            searchable
            allowDeselect={false}
            required
            nothingFoundMessage={t('adobe.customerForm.noCountry')}
            {...field('country')}
          />
          <TextInput
            label={t('adobe.customerForm.region')}
            maxLength={100}
            autoComplete="address-level1"
            {...field('region')}
          />
          <TextInput
            label={t('adobe.customerForm.city')}
            required
            maxLength={100}
            autoComplete="address-level2"
            {...field('city')}
          />
          <TextInput
            label={t('adobe.customerForm.postalCode')}
            required
            maxLength={20}
            autoComplete="postal-code"
            {...field('postal_code')}
          />
        </SimpleGrid>
        <TextInput
          label={t('adobe.customerForm.addressLine1')}
          required
          maxLength={100}
          autoComplete="address-line1"
          {...field('address_line1')}
        />
        <TextInput
          label={t('adobe.customerForm.addressLine2')}
          maxLength={100}
          autoComplete="address-line2"
          {...field('address_line2')}
        />
        <TextInput
          label={t('adobe.customerForm.phone')}
          description={phoneHint}
          required
          type="tel"
          maxLength={20}
          autoComplete="tel"
          {...field('phone_number')}
        />
      </Stack>
      <Stack gap="sm" component="fieldset" style={fieldset}>
        <Title order={3} size="h6" component="legend" style={legend}>
          {t('adobe.customerForm.contact')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t('adobe.customerForm.firstName')}
            required
            maxLength={35}
            autoComplete="given-name"
            {...field('contact_first_name')}
          />
          <TextInput
            label={t('adobe.customerForm.lastName')}
            required
            maxLength={35}
            autoComplete="family-name"
            {...field('contact_last_name')}
          />
          <TextInput
            label={t('adobe.customerForm.email')}
            required
            type="email"
            maxLength={100}
            autoComplete="email"
            {...field('contact_email')}
          />
          <TextInput
            label={t('adobe.customerForm.contactPhone')}
            required
            type="tel"
            maxLength={20}
            autoComplete="tel"
            {...field('contact_phone_number')}
          />
        </SimpleGrid>
      </Stack>
    </ModalForm>
  );
};

/**
 * A new Adobe customer: VIP Marketplace's company profile and its first contact. The form and
 * the last refusal are mounted afresh at each opening.
 */
export const AdobeCustomerFormModal = ({
  opened,
  onClose,
  onCreated,
}: AdobeCustomerFormModalProps) => {
  const { t } = useTranslation();
  return (
    <DialogModal opened={opened} onClose={onClose} title={t('adobe.customerForm.title')} size="lg">
      <OpenedContent target={opened ? 'new' : null} keyOf={(shown) => shown}>
        {() => <AdobeCustomerForm onClose={onClose} onCreated={onCreated} />}
      </OpenedContent>
    </DialogModal>
  );
};

const fieldset = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;
const legend = { padding: 0, marginBottom: 'var(--mantine-spacing-xs)' } as const;
