import { errorMessages } from '@esd/shared/errors/error-messages';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, type TestContext } from '../../test/harness';
import { users } from '../db/schema';

// One database kind is enough: the language of a failure's message is decided before SQL matters.
describe('[errors] failed answers speak the request language', () => {
  let ctx: TestContext;
  let gd: string;

  const wrongLogin = (headers: Record<string, string>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'gd@example.com', password: 'not-the-password' },
      headers,
    });

  beforeAll(async () => {
    ctx = await createTestContext('pglite');
    gd = await ctx.login('gd@example.com');
  });
  afterAll(async () => ctx?.close());

  it('keeps the English message, and the code and data, for English', async () => {
    const response = await wrongLogin({ 'accept-language': 'en' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 401,
      message: 'Invalid e-mail or password.',
      data: { error: 'INVALID_CREDENTIALS' },
    });
  });

  it.each(['ru', 'az'] as const)('answers a refused sign-in in %s', async (lang) => {
    const response = await wrongLogin({
      'accept-language': `${lang}-${lang.toUpperCase()},en;q=0.5`,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 401,
      message: errorMessages[lang].INVALID_CREDENTIALS,
      data: { error: 'INVALID_CREDENTIALS' },
    });
  });

  it('translates a validation failure and keeps its issues', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'not an e-mail', password: 'x' },
      headers: { 'accept-language': 'az' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.message).toBe(errorMessages.az.VALIDATION_FAILED);
    expect(body.data.error).toBe('VALIDATION_FAILED');
    expect(body.data.issues.length).toBeGreaterThan(0);
  });

  it('translates the answers of the access check and of an unknown route', async () => {
    const anonymous = await ctx.app.inject({
      url: '/api/orders/1',
      headers: { 'accept-language': 'ru' },
    });
    expect(anonymous.json()).toEqual({
      code: 401,
      message: errorMessages.ru.UNAUTHORIZED,
      data: { error: 'UNAUTHORIZED' },
    });
    const unknown = await ctx.app.inject({
      url: '/api/no-such-route',
      headers: { ...bearer(gd), 'accept-language': 'az' },
    });
    expect(unknown.json()).toEqual({
      code: 404,
      message: errorMessages.az.NOT_FOUND,
      data: { error: 'NOT_FOUND' },
    });
  });

  it("answers a call that names no language in English, the spec's words, whatever its user reads", async () => {
    await ctx.db.update(users).set({ lang: 'ru' }).where(eq(users.email, 'gd@example.com'));
    const token = await ctx.login('gd@example.com');
    const response = await ctx.app.inject({ url: '/api/orders/99999999', headers: bearer(token) });
    expect(response.json()).toEqual({
      code: 404,
      message: 'This order does not exist.',
      data: { error: 'NOT_FOUND' },
    });
    const russian = await ctx.app.inject({
      url: '/api/orders/99999999',
      headers: { ...bearer(token), 'accept-language': 'ru' },
    });
    expect(russian.json().message).toBe(errorMessages.ru.NOT_FOUND);
  });
});
