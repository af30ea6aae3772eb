import type { SellType } from '@esd/shared/shop/pricing.rules';
import { eq } from 'drizzle-orm';
import { mailMessages, orders, users } from '../src/db/schema';
import { bearer, type TestContext } from './harness';

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** Calls the API as one account (or anonymously with a null token). */
export const caller = (ctx: TestContext, token: string | null) => {
  const call = (method: Method, url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload ? { payload } : {}),
    });
  return {
    token,
    call,
    get: (url: string) => call('GET', url),
    post: (url: string, payload: object = {}) => call('POST', url, payload),
    patch: (url: string, payload: object) => call('PATCH', url, payload),
    put: (url: string, payload: object) => call('PUT', url, payload),
    del: (url: string) => call('DELETE', url),
  };
};

export const signedIn = async (ctx: TestContext, email: string) =>
  caller(ctx, await ctx.login(email));

export const userId = async (ctx: TestContext, email: string) => {
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no account ${email}`);
  return row.id;
};

/** The set-password token of the newest mail to an address. */
export const linkTokenFor = async (ctx: TestContext, to: string) => {
  const mails = await ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to));
  const mail = mails.at(-1);
  const token = mail?.text.match(/reset-password\?token=([\w-]+)/)?.[1];
  if (!mail || !token) throw new Error(`no set-password mail to ${to}`);
  return { mail, token };
};

/** An order straight into the table: what a checkout leaves behind. */
export const insertOrder = async (
  ctx: TestContext,
  values: {
    buyerId: number;
    dealerId: number;
    sellType: SellType;
    status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
    totalUsd: string;
  },
) => {
  await ctx.db.insert(orders).values({
    ...values,
    idempotencyKey: `test-${Math.random().toString(36).slice(2)}`,
    lang: 'en',
    rate: '1.7000',
    vatPercent: '18.00',
    surchargePercent: '0.00',
    vatUsd: '0.00',
    totalAzn: '0.00',
  });
};
