import { describe, expect, it } from 'vitest';
import { getSafeRedirect } from './safe-redirect';

describe('getSafeRedirect', () => {
  it('keeps same-origin paths with their query', () => {
    expect(getSafeRedirect('/pages/orders?status=pending')).toBe('/pages/orders?status=pending');
  });

  it.each([
    null,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/pages\n',
  ])('falls back for %j', (to) => {
    expect(getSafeRedirect(to)).toBe('/');
  });
});
