/** Countries the portal's dealers sell to most, first the region, then major markets. */
const COMMON_COUNTRIES = [
  'AZ',
  'GE',
  'TR',
  'KZ',
  'UZ',
  'KG',
  'TJ',
  'TM',
  'AM',
  'RU',
  'BY',
  'UA',
  'MD',
  'IR',
  'IQ',
  'AE',
  'SA',
  'QA',
  'KW',
  'BH',
  'OM',
  'IL',
  'EG',
  'PK',
  'IN',
  'CN',
  'JP',
  'KR',
  'SG',
  'DE',
  'GB',
  'FR',
  'IT',
  'ES',
  'NL',
  'BE',
  'CH',
  'AT',
  'PL',
  'CZ',
  'HU',
  'RO',
  'BG',
  'GR',
  'SE',
  'NO',
  'DK',
  'FI',
  'EE',
  'LV',
  'LT',
  'IE',
  'PT',
  'US',
  'CA',
  'MX',
  'BR',
  'AU',
  'NZ',
] as const;

/** ISO 3166-1 alpha-2 codes with their names in the interface language, sorted by name. */
export const countryOptions = (lang: string) => {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([lang], { type: 'region' });
  } catch {
    names = undefined;
  }
  const collator = new Intl.Collator(lang);
  return COMMON_COUNTRIES.map((code) => ({
    value: code,
    label: `${names?.of(code) ?? code} (${code})`,
  })).sort((a, b) => collator.compare(a.label, b.label));
};
