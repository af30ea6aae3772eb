import { describe, expect, it } from 'vitest';
import { parseProductsParams, toProductsSearch } from './use-products-params';

describe('products list params', () => {
  it('reads search, category, sort and page from the URL', () => {
    expect(
      parseProductsParams(new URLSearchParams('q=Kaspersky&category=3&sort=price_desc&page=2')),
    ).toEqual({ q: 'Kaspersky', categoryId: 3, sort: 'price_desc', page: 2 });
  });

  it('falls back to the defaults for missing or unreadable values', () => {
    expect(parseProductsParams(new URLSearchParams('category=abc&sort=cheapest&page=-1'))).toEqual({
      q: '',
      categoryId: undefined,
      sort: 'title',
      page: 1,
    });
  });

  it('writes only what differs from the defaults', () => {
    expect(
      toProductsSearch({ q: '', categoryId: undefined, sort: 'title', page: 1 }).toString(),
    ).toBe('');
    expect(
      toProductsSearch({ q: 'win 11', categoryId: 2, sort: 'newest', page: 3 }).toString(),
    ).toBe('q=win+11&category=2&sort=newest&page=3');
  });

  it('round-trips', () => {
    const params = { q: 'KAS-KSTD', categoryId: 5, sort: 'price_asc', page: 4 } as const;
    expect(parseProductsParams(toProductsSearch(params))).toEqual(params);
  });
});
