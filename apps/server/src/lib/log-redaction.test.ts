import { describe, expect, it } from 'vitest';
import { exactQueryToken, isSafeRequestId, looksLikeToken, redactUrl } from './log-redaction';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';

describe('log redaction', () => {
  it('masks a secret parameter however its name is spelled', () => {
    for (const name of [
      'token',
      'TOKEN',
      'Token',
      '%74oken',
      '%74%6F%6B%65%6E',
      '%2574oken',
      'token[]',
      'token%5B%5D',
      'token[0]',
      'id_token',
      'id%5Ftoken',
      'password',
      'new_password',
      'access_token',
    ]) {
      const logged = redactUrl(`/api/auth/user?lang=az&${name}=s3cr3t-value&page=2`);
      expect(logged, name).toBe(`/api/auth/user?lang=az&${name}=[redacted]&page=2`);
    }
  });

  it('masks every repeat of a secret and any JWT-looking value, whatever its name', () => {
    expect(redactUrl('/x?token=a1b2c3d4&token=e5f6g7h8')).toBe(
      '/x?token=[redacted]&token=[redacted]',
    );
    expect(redactUrl(`/x?q=${JWT}`)).toBe('/x?q=[redacted]');
    expect(redactUrl(`/x?q=${encodeURIComponent(JWT)}`)).toBe('/x?q=[redacted]');
  });

  it('masks a token anywhere in the URL: a path segment or any parameter value (issue 32)', () => {
    const reset = 'Xq3vR9kT2mPz8LwY4nB7cD1fG6hJ0sA5eU_tK-oIqWe';
    const hex = 'a3f9c2e8b1d74f6a9c0e2b4d6f8a1c3e5b7d9f0a2c4e';
    expect(redactUrl(`/api/auth/links/${reset}`)).toBe('/api/auth/links/[redacted]');
    expect(redactUrl(`/api/x/${JWT}/y?lang=en`)).toBe('/api/x/[redacted]/y?lang=en');
    expect(redactUrl(`/api/x/${hex}`)).toBe('/api/x/[redacted]');
    expect(redactUrl(`/api/x?q=${reset}&page=2`)).toBe('/api/x?q=[redacted]&page=2');
    expect(redactUrl(`/api/x?key=${encodeURIComponent(`Bearer ${reset}`)}`)).toBe(
      '/api/x?key=[redacted]',
    );
  });

  it('tells tokens from words, slugs, numbers, dates, UUIDs and trace ids', () => {
    for (const text of [
      'adobe-photoshop-creative-cloud-2026',
      '12345678901234567890',
      '2026-11-28T06:56:13Z',
      '550e8400-e29b-41d4-a716-446655440000',
      '4bf92f3577b34da6a3ce929d0e0e4736',
      'office',
    ])
      expect(looksLikeToken(text), text).toBe(false);
    for (const text of [
      JWT,
      'Xq3vR9kT2mPz8LwY4nB7cD1fG6hJ0sA5eU_tK-oIqWe',
      'sk_live_4eC39HqLyjWDarjtT1zdp7dc',
    ])
      expect(looksLikeToken(text), text).toBe(true);
    expect(isSafeRequestId('a1b2c3d4-req-7')).toBe(true);
    expect(isSafeRequestId('sk_live_4eC39HqLyjWDarjtT1zdp7dc')).toBe(false);
    expect(isSafeRequestId('a'.repeat(65))).toBe(false);
    expect(isSafeRequestId('')).toBe(false);
  });

  it('leaves a URL without secrets as it is', () => {
    for (const url of [
      '/api/products',
      '/api/products?q=office&page=2',
      '/api/orders?date_from=2026-01-01',
    ])
      expect(redactUrl(url)).toBe(url);
  });

  it('reads the query token in its exact spelling only, once', () => {
    expect(exactQueryToken(`/api/auth/user?token=${JWT}`)).toBe(JWT);
    expect(exactQueryToken(`/api/auth/user?lang=en&token=${JWT}`)).toBe(JWT);
    for (const url of [
      `/api/auth/user?%74oken=${JWT}`,
      `/api/auth/user?TOKEN=${JWT}`,
      `/api/auth/user?token[]=${JWT}`,
      `/api/auth/user?token=${JWT}&token=${JWT}`,
      `/api/auth/user?xtoken=${JWT}`,
      '/api/auth/user?token=',
      '/api/auth/user',
    ])
      expect(exactQueryToken(url), url).toBeUndefined();
  });
});
