import { todayInBaku } from '@esd/shared/partners/partners.schemas';

let sequence = 0;

/** A VÖEN and an e-mail no other test uses. */
export const nextApplicant = () => {
  sequence += 1;
  const stamp = `${process.pid % 1000}`.padStart(3, '0');
  return {
    voen: `9${stamp}${String(sequence).padStart(6, '0')}`,
    email: `applicant-${stamp}-${sequence}@partners.example`,
  };
};

/** A complete, valid application (VÖEN and e-mail to be made unique with `nextApplicant`). */
export const validApplication = (countryId: number) => ({
  company_name: 'Absheron Digital LLC',
  voen: '1234567890',
  contract_number: 'ESD-2024/117',
  contract_start_date: '2024-03-01',
  mpn_id: '6543210',
  full_name: 'Nigar Aliyeva',
  email: 'nigar@absheron.example',
  phone: '+994 12 555 12 34',
  fin_code: '5AB7K2Q',
  country_id: countryId,
  region: 'Absheron',
  city: 'Baku',
  address_line1: '28 May street 12',
  address_line2: 'Office 4',
  postal_code: 'AZ1000',
  position: 'Director',
  contact_number: '+994 50 555 12 34',
  lang: 'en',
});

type FieldExample = { field: string; value: unknown; error?: string };

const ok = (field: string, value: unknown): FieldExample => ({ field, value });
const bad = (field: string, value: unknown, error: string): FieldExample => ({
  field,
  value,
  error,
});

/** Valid and invalid values of every field, with the English message the API answers. */
export const fieldExamples: FieldExample[] = [
  ok('company_name', 'AB'),
  bad('company_name', undefined, 'Company name is required'),
  bad('company_name', '   ', 'Company name is required'),
  bad('company_name', 'A', 'Company name must be at least 2 characters'),
  bad('company_name', 'x'.repeat(201), 'Company name must be at most 200 characters'),
  ok('voen', ' 2900000001 '),
  bad('voen', '', 'VÖEN is required'),
  bad('voen', '123456789', 'VÖEN must be exactly 10 digits'),
  bad('voen', '12345678901', 'VÖEN must be exactly 10 digits'),
  bad('voen', '12345abcde', 'VÖEN must be exactly 10 digits'),
  ok('contract_number', 'A-1'),
  bad('contract_number', '', 'Contract number is required'),
  bad('contract_number', 'x'.repeat(51), 'Contract number must be at most 50 characters'),
  ok('contract_start_date', '2024-02-29'),
  ok('contract_start_date', todayInBaku()),
  bad('contract_start_date', '', 'Contract start date is required'),
  bad('contract_start_date', '01.03.2024', 'Contract start date must be a date (YYYY-MM-DD)'),
  bad('contract_start_date', '2023-02-29', 'Contract start date must be a real calendar date'),
  bad('contract_start_date', '2024-13-01', 'Contract start date must be a real calendar date'),
  bad('contract_start_date', '2099-01-01', 'Contract start date must not be in the future'),
  bad('contract_start_date', '1990-12-31', 'Contract start date must not be before 1991-01-01'),
  ok('mpn_id', '12345'),
  ok('mpn_id', '1234567890'),
  bad('mpn_id', '', 'MPN ID is required'),
  bad('mpn_id', '1234', 'MPN ID must be 5 to 10 digits'),
  bad('mpn_id', 'MPN12345', 'MPN ID must be 5 to 10 digits'),
  ok('full_name', 'Əli Həsənov'),
  bad('full_name', '', 'Full name is required'),
  bad('full_name', 'A', 'Full name must be at least 2 characters'),
  bad('full_name', 'x'.repeat(151), 'Full name must be at most 150 characters'),
  ok('email', ' Mixed.Case@Partners-Two.Example '),
  bad('email', '', 'E-mail is required'),
  bad('email', 'not-an-email', 'E-mail must be a valid e-mail address'),
  bad('email', `${'a'.repeat(250)}@x.az`, 'E-mail must be at most 254 characters'),
  ok('phone', '+994125551234'),
  ok('phone', '+994 12 555 12 34'),
  bad(
    'phone',
    '994125551234',
    'Phone must start with + and the country code, then digits and single spaces',
  ),
  bad(
    'phone',
    '0502551234',
    'Phone must start with + and the country code, then digits and single spaces',
  ),
  bad(
    'phone',
    '+0 12 555 12 34',
    'Phone must start with + and the country code, then digits and single spaces',
  ),
  bad('phone', '', 'Phone is required'),
  bad(
    'phone',
    '+994-12-555-12-34',
    'Phone must start with + and the country code, then digits and single spaces',
  ),
  bad(
    'phone',
    '++994125551234',
    'Phone must start with + and the country code, then digits and single spaces',
  ),
  bad(
    'phone',
    '994  125551234',
    'Phone must start with + and the country code, then digits and single spaces',
  ),
  bad('phone', '+12 34 5', 'Phone must have 7 to 15 digits'),
  bad('phone', '+1234567890123456', 'Phone must have 7 to 15 digits'),
  ok('fin_code', '5ab7k2q'),
  bad('fin_code', '', 'FIN code is required'),
  bad('fin_code', '5AB7K2', 'FIN code must be exactly 7 Latin letters and digits'),
  bad('fin_code', '5AB7K2QX', 'FIN code must be exactly 7 Latin letters and digits'),
  bad('fin_code', '5ƏB7K2Q', 'FIN code must be exactly 7 Latin letters and digits'),
  bad('fin_code', '5AB-K2Q', 'FIN code must be exactly 7 Latin letters and digits'),
  bad('country_id', undefined, 'Country is required'),
  bad('country_id', '1', 'Country is required'),
  bad('country_id', 0, 'Country is required'),
  bad('country_id', 1.5, 'Country is required'),
  ok('region', 'Ganja-Gazakh'),
  bad('region', '', 'Region is required'),
  bad('region', 'x'.repeat(101), 'Region must be at most 100 characters'),
  bad('city', '', 'City is required'),
  bad('address_line1', ' ', 'Address line 1 is required'),
  bad('address_line1', 'x'.repeat(201), 'Address line 1 must be at most 200 characters'),
  ok('address_line2', undefined),
  ok('address_line2', ''),
  bad('address_line2', 'x'.repeat(201), 'Address line 2 must be at most 200 characters'),
  ok('postal_code', 'az 1000'),
  bad('postal_code', '', 'Postal code is required'),
  bad('postal_code', 'A1', 'Postal code must be 3 to 10 Latin letters, digits, spaces or hyphens'),
  bad(
    'postal_code',
    'AZ_1000',
    'Postal code must be 3 to 10 Latin letters, digits, spaces or hyphens',
  ),
  bad('position', '', 'Position is required'),
  bad('position', 'x'.repeat(101), 'Position must be at most 100 characters'),
  ok('contact_number', '+994 50 555 12 34'),
  bad('contact_number', '', 'Contact number is required'),
  bad(
    'contact_number',
    'call me',
    'Contact number must start with + and the country code, then digits and single spaces',
  ),
  // a local number, without the country the hint asks for
  bad(
    'contact_number',
    '0502551234',
    'Contact number must start with + and the country code, then digits and single spaces',
  ),
  ok('lang', 'ru'),
  bad('lang', 'de', 'body/lang'),
  bad('website', 'x'.repeat(501), 'body/website'),
];
