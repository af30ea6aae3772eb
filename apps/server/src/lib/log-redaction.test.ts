import { describe, expect, it } from 'vitest';
import { exactQueryToken, redactUrl } from './log-redaction';

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
