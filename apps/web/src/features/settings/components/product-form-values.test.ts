import type { ProductSettings } from '@esd/shared/catalogue/settings.schemas';
import { productInputSchema } from '@esd/shared/catalogue/settings.schemas';
import { describe, expect, it } from 'vitest';
import { emptyProductValues, toProductFormValues, toProductInput } from './product-form-values';

const texts = (text: string) => ({ en: text, ru: text, az: text });

const saved: ProductSettings = {
  id: 7,
  sku: 'ACR-1',
  title: texts('Acronis'),
  description: texts(''),
  requirements: texts(''),
  installation: texts(''),
  category_id: 3,
  category: 'Security',
  provider_id: 2,
  dealer_price: '10.00',
  unit_price: '12.50',
  royalty: '0.00',
  bonus: '1.25',
  points: 4,
  delivery_time: { en: 'Instant', ru: 'Мгновенно', az: '' },
  operating_systems: texts('Windows'),
  licence_type: { en: '1 year', ru: '', az: '1 il' },
  users_count: null,
  devices_count: 3,
  low_stock_threshold: 5,
  is_returnable: true,
  is_active: false,
  image_url: null,
  updated_at: '2026-11-22T00:00:00.000Z',
};

describe('product form values', () => {
  it('round-trips a saved product into the input the server validates', () => {
    const input = productInputSchema.parse(toProductInput(toProductFormValues(saved)));
    // the threshold is not the form's: Key stock edits it
    const { id, category, image_url, updated_at, low_stock_threshold, ...expected } = saved;
    expect(input).toEqual(expected);
  });

  it('keeps money as the typed strings and empty counts as "not limited"', () => {
    const values = { ...toProductFormValues(saved), dealer_price: '9.5', devices_count: '' };
    const input = toProductInput(values);
    expect(input.dealer_price).toBe('9.5');
    expect(input.devices_count).toBeNull();
  });

  it('leaves the low-stock threshold to Key stock: the form never sends it', () => {
    expect('low_stock_threshold' in toProductInput(toProductFormValues(saved))).toBe(false);
  });

  it('leaves a new product invalid until its required fields are filled', () => {
    const result = productInputSchema.safeParse(toProductInput(emptyProductValues()));
    expect(result.success).toBe(false);
    const fields = new Set(result.error?.issues.map((issue) => issue.path.join('.')));
    expect(fields).toEqual(
      new Set([
        'sku',
        'title.en',
        'title.ru',
        'title.az',
        'category_id',
        'dealer_price',
        'unit_price',
      ]),
    );
  });
});
