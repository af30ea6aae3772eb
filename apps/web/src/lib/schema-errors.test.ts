import { categoryInputSchema, productInputSchema } from '@esd/shared/catalogue/settings.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from './i18n/i18n';
import az from './i18n/locales/az.json';
import en from './i18n/locales/en.json';
import { schemaErrors } from './schema-errors';

const validProduct = {
  sku: 'SKU-1',
  title: { en: 'Title', ru: 'Название', az: 'Ad' },
  description: { en: '', ru: '', az: '' },
  requirements: { en: '', ru: '', az: '' },
  installation: { en: '', ru: '', az: '' },
  category_id: 1,
  provider_id: 1,
  dealer_price: '10.00',
  unit_price: '12.50',
  royalty: '0',
  bonus: '0',
  points: 0,
  delivery_time: { en: '', ru: '', az: '' },
  operating_systems: { en: '', ru: '', az: '' },
  licence_type: { en: '', ru: '', az: '' },
  users_count: null,
  devices_count: null,
  is_returnable: true,
  is_active: true,
};

describe('schemaErrors', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'en',
      resources: { en: { translation: en }, az: { translation: az } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
  });

  it('returns no errors for valid input', () => {
    expect(schemaErrors(productInputSchema, validProduct)).toEqual({});
  });

  it('keys errors by field path and translates the generic ones', () => {
    const errors = schemaErrors(productInputSchema, {
      ...validProduct,
      title: { en: ' ', ru: 'x'.repeat(201), az: 'Ad' },
      category_id: null,
      points: 1.5,
      users_count: 0,
    });
    expect(errors).toEqual({
      'title.en': 'This field is required',
      'title.ru': 'Enter at most 200 characters',
      category_id: 'This field is required',
      points: 'Enter a whole number',
      users_count: 'Enter 1 or more',
    });
  });

  it('uses the field message for formats and refinements, in the current language', async () => {
    const messages = { dealer_price: 'money!', slug: 'slug!', 'name.*': 'unused' };
    expect(
      schemaErrors(productInputSchema, { ...validProduct, dealer_price: '1.234' }, messages),
    ).toEqual({ dealer_price: 'money!' });
    await i18n.changeLanguage('az');
    expect(
      schemaErrors(
        categoryInputSchema,
        { slug: 'Not a slug', name: { en: 'a', ru: 'b', az: '' } },
        messages,
      ),
    ).toEqual({ slug: 'slug!', 'name.az': 'Bu sahə mütləqdir' });
    await i18n.changeLanguage('en');
  });

  it('keeps only the first message of a field', () => {
    expect(schemaErrors(productInputSchema, { ...validProduct, sku: '' })).toEqual({
      sku: 'This field is required',
    });
  });
});
