import { describe, expect, it } from 'vitest';
import { buyMoreHref, daysUntil, preselectedCustomer } from './adobe-subscriptions';

describe('[adobe][subscriptions] "Buy more" and the renewal countdown', () => {
  it('opens the product page with the customer preselected, and reads it back', () => {
    const href = buyMoreHref(12, 34);
    expect(href).toBe('/pages/product/12?adobe_customer=34');
    expect(preselectedCustomer(new URL(href, 'http://portal.test').searchParams)).toBe('34');
  });

  it('ignores a missing, empty, zero, negative or non-numeric customer', () => {
    for (const search of [
      '',
      '?adobe_customer=',
      '?adobe_customer=0',
      '?adobe_customer=-3',
      '?adobe_customer=1e3',
      '?adobe_customer=abc',
      '?adobe_customer=12345678901',
    ]) {
      expect(preselectedCustomer(new URLSearchParams(search))).toBeNull();
    }
  });

  it('counts the days to the renewal from the day in Baku', () => {
    // 21:30 UTC on 1 June is already 2 June in Baku (UTC+4)
    expect(daysUntil('2026-07-02', new Date('2026-06-01T21:30:00Z'))).toBe(30);
    expect(daysUntil('2026-07-02', new Date('2026-06-01T19:30:00Z'))).toBe(31);
    expect(daysUntil('2026-06-01', new Date('2026-06-03T12:00:00Z'))).toBe(-2);
  });
});
