import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n/i18n';
import commonAz from '../../../lib/i18n/locales/az.json';
import commonEn from '../../../lib/i18n/locales/en.json';
import az from '../locales/az.json';
import en from '../locales/en.json';
import { partnerFormErrors, serverIssueError } from './partner-form-errors';

const valid = {
  company_name: 'Absheron Digital LLC',
  voen: '1234567890',
  contract_number: 'ESD-2024/117',
  contract_start_date: '2024-03-01',
  mpn_id: '6543210',
  full_name: 'Nigar Aliyeva',
  email: 'nigar@absheron.example',
  phone: '+994 12 555 12 34',
  fin_code: '5ab7k2q',
  country_id: 1,
  region: 'Absheron',
  city: 'Baku',
  address_line1: '28 May street 12',
  address_line2: '',
  postal_code: 'AZ1000',
  position: 'Director',
  contact_number: '+994 50 555 12 34',
};

describe('[partners] form messages', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: {
        en: { translation: { ...commonEn, partners: en } },
        az: { translation: { ...commonAz, partners: az } },
      },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  });

  it('accepts a complete application', () => {
    expect(partnerFormErrors(valid)).toEqual({});
  });

  it('names each broken rule in the interface language, one message per field', async () => {
    const errors = partnerFormErrors({
      ...valid,
      company_name: '',
      voen: '12345',
      contract_start_date: '2099-01-01',
      phone: '12-34',
      contact_number: '+123',
      fin_code: 'ABCDEFGH',
      country_id: undefined,
      address_line2: 'x'.repeat(201),
    });
    expect(errors).toEqual({
      company_name: 'This field is required',
      voen: 'VÖEN must be exactly 10 digits',
      contract_start_date: 'The contract start date cannot be in the future',
      phone: 'Start with + and the country code, then digits separated by single spaces',
      contact_number: 'A phone number has 7 to 15 digits',
      fin_code: 'FIN code must be exactly 7 Latin letters and digits',
      country_id: 'Choose a country',
      address_line2: 'Enter at most 200 characters',
    });
    await i18n.changeLanguage('az');
    expect(partnerFormErrors({ ...valid, voen: '1' }).voen).toBe(
      'VÖEN düz 10 rəqəmdən ibarət olmalıdır',
    );
    await i18n.changeLanguage('en');
  });

  it('translates a refusal of the server by the field it names', () => {
    expect(
      serverIssueError({ path: 'body/mpn_id', message: 'MPN ID must be 5 to 10 digits' }),
    ).toEqual({ field: 'mpn_id', message: 'MPN ID must be 5 to 10 digits' });
    expect(serverIssueError({ path: 'body/region', message: 'anything' })).toEqual({
      field: 'region',
      message: 'This value is not valid',
    });
  });
});
