import { CONTRACT_START_MIN, todayInBaku } from '@esd/shared/partners/partners.schemas';
import { Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '@/components/load-failed';
import { usePartnerFormOptions } from '../api/get-partner-form-options';
import type en from '../locales/en.json';

/** Every field of the form as typed (the country as the Select's string value). */
export type PartnerFormValues = {
  company_name: string;
  voen: string;
  contract_number: string;
  contract_start_date: string;
  mpn_id: string;
  full_name: string;
  email: string;
  phone: string;
  fin_code: string;
  country_id: string;
  region: string;
  city: string;
  address_line1: string;
  address_line2: string;
  postal_code: string;
  position: string;
  contact_number: string;
  website: string;
};

export const emptyPartnerForm: PartnerFormValues = {
  company_name: '',
  voen: '',
  contract_number: '',
  contract_start_date: '',
  mpn_id: '',
  full_name: '',
  email: '',
  phone: '',
  fin_code: '',
  country_id: '',
  region: '',
  city: '',
  address_line1: '',
  address_line2: '',
  postal_code: '',
  position: '',
  contact_number: '',
  website: '',
};

type Form = UseFormReturnType<PartnerFormValues>;

const Section = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <Stack gap="sm" component="fieldset" style={fieldset}>
    <Title order={2} size="h5" component="legend" style={legendStyle}>
      {legend}
    </Title>
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
      {children}
    </SimpleGrid>
  </Stack>
);

/** The fields of "Become a Partner" in three groups, with hints for the formatted ones. */
export const PartnerApplicationFields = ({ form }: { form: Form }) => {
  const { t } = useTranslation();
  const options = usePartnerFormOptions();
  const field = (name: keyof PartnerFormValues) => form.getInputProps(name);
  const label = (key: keyof (typeof en)['apply']['fields']) => t(`partners.apply.fields.${key}`);
  const phoneHint = t('partners.apply.hints.phone');

  return (
    <Stack gap="lg">
      <Section legend={t('partners.apply.sections.company')}>
        <TextInput
          label={label('companyName')}
          required
          maxLength={200}
          autoComplete="organization"
          {...field('company_name')}
        />
        <TextInput
          label={label('voen')}
          description={t('partners.apply.hints.voen')}
          required
          inputMode="numeric"
          maxLength={10}
          {...field('voen')}
        />
        <TextInput
          label={label('contractNumber')}
          required
          maxLength={50}
          {...field('contract_number')}
        />
        <TextInput
          label={label('contractStartDate')}
          required
          type="date"
          min={CONTRACT_START_MIN}
          max={todayInBaku()}
          {...field('contract_start_date')}
        />
        <TextInput
          label={label('mpnId')}
          description={t('partners.apply.hints.mpnId')}
          required
          inputMode="numeric"
          maxLength={10}
          {...field('mpn_id')}
        />
      </Section>

      <Section legend={t('partners.apply.sections.contact')}>
        <TextInput
          label={label('fullName')}
          required
          maxLength={150}
          autoComplete="name"
          {...field('full_name')}
        />
        <TextInput
          label={label('position')}
          required
          maxLength={100}
          autoComplete="organization-title"
          {...field('position')}
        />
        <TextInput
          label={label('email')}
          required
          type="email"
          maxLength={254}
          autoComplete="email"
          {...field('email')}
        />
        <TextInput
          label={label('finCode')}
          description={t('partners.apply.hints.finCode')}
          required
          maxLength={7}
          autoCapitalize="characters"
          {...field('fin_code')}
        />
        <TextInput
          label={label('phone')}
          description={phoneHint}
          required
          type="tel"
          maxLength={30}
          autoComplete="tel"
          {...field('phone')}
        />
        <TextInput
          label={label('contactNumber')}
          description={phoneHint}
          required
          type="tel"
          maxLength={30}
          {...field('contact_number')}
        />
      </Section>

      <Section legend={t('partners.apply.sections.address')}>
        <Select
          label={label('country')}
          required
          searchable
          data={options.data?.countries.map((c) => ({ value: String(c.id), label: c.name })) ?? []}
          disabled={options.isPending}
          placeholder={options.isPending ? t('common.loading') : undefined}
          nothingFoundMessage={t('partners.apply.noCountry')}
          autoComplete="off"
          {...field('country_id')}
        />
        <TextInput
          label={label('region')}
          required
          maxLength={100}
          autoComplete="address-level1"
          {...field('region')}
        />
        <TextInput
          label={label('city')}
          required
          maxLength={100}
          autoComplete="address-level2"
          {...field('city')}
        />
        <TextInput
          label={label('postalCode')}
          description={t('partners.apply.hints.postalCode')}
          required
          maxLength={10}
          autoComplete="postal-code"
          {...field('postal_code')}
        />
        <TextInput
          label={label('addressLine1')}
          required
          maxLength={200}
          autoComplete="address-line1"
          {...field('address_line1')}
        />
        <TextInput
          label={`${label('addressLine2')} (${t('partners.apply.optional')})`}
          maxLength={200}
          autoComplete="address-line2"
          {...field('address_line2')}
        />
      </Section>
      {options.isError ? (
        <LoadFailed
          title={t('partners.apply.countriesError')}
          onRetry={() => void options.refetch()}
        />
      ) : null}

      {/* honeypot: off-screen and out of the tab order; people never fill it, bots do */}
      <div aria-hidden="true" style={honeypot}>
        <TextInput
          label={label('website')}
          tabIndex={-1}
          autoComplete="off"
          {...field('website')}
        />
      </div>
    </Stack>
  );
};

const fieldset = { border: 0, padding: 0, margin: 0, minWidth: 0 } as const;
const legendStyle = { padding: 0, marginBottom: 'var(--mantine-spacing-xs)' } as const;
const honeypot = {
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: 1,
  height: 1,
  overflow: 'hidden',
} as const;
