import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RATE_REASON_REQUIRED } from '@esd/shared/catalogue/settings.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct, productInput } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { auditLog } from '../../db/schema';

const cbarFile = readFileSync(
  path.join(import.meta.dirname, '../../../test/fixtures/cbar-21.11.2026.xml'),
);

describe.each(dbKinds)('[settings] catalogue settings for the global admin on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it('lets only the global admin in', async () => {
    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const other = await as(ctx, email);
      for (const url of [
        '/api/settings/countries',
        '/api/settings/products',
        '/api/settings/markup-groups',
        '/api/settings/exchange-rates',
        '/api/settings/pricing',
      ]) {
        expect((await other.get(url)).statusCode, `${email} ${url}`).toBe(403);
      }
    }
  });

  it('creates, edits, searches and deletes a country; refuses duplicates and one in use', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const created = await gd.post('/api/settings/countries', {
      code: 'de',
      name: { en: 'Germany', ru: 'Германия', az: 'Almaniya' },
    });
    expect(created.json().data).toMatchObject({ code: 'DE', users_count: 0 });
    const id = created.json().data.id;
    expect(
      (
        await gd.post('/api/settings/countries', {
          code: 'DE',
          name: { en: 'X', ru: 'X', az: 'X' },
        })
      ).json(),
    ).toMatchObject({ code: 409, data: { error: 'CONFLICT' } });
    expect(
      (
        await gd.put(`/api/settings/countries/${id}`, {
          code: 'DE',
          name: { en: 'Deutschland', ru: 'Германия', az: 'Almaniya' },
        })
      ).json().data.name.en,
    ).toBe('Deutschland');
    expect(
      (await gd.get('/api/settings/countries?q=герм'))
        .json()
        .data.items.map((c: { code: string }) => c.code),
    ).toEqual(['DE']);
    const invalid = await gd.post('/api/settings/countries', {
      code: 'D1',
      name: { en: '', ru: 'x', az: 'x' },
    });
    expect(invalid.statusCode).toBe(400);
    expect((await gd.del(`/api/settings/countries/${id}`)).statusCode).toBe(200);
    const az = (await gd.get('/api/settings/countries?q=AZ'))
      .json()
      .data.items.find((c: { code: string }) => c.code === 'AZ');
    const refused = (await gd.del(`/api/settings/countries/${az.id}`)).json();
    expect(refused).toMatchObject({ code: 409, data: { error: 'IN_USE' } });
    expect(refused.message).toMatch(/cannot be deleted/);
  });

  it('creates and edits a product and refuses a duplicate SKU, bad money and an unknown category', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const created = await gd.post('/api/settings/products', productInput({ sku: 'NEW-PROD-1' }));
    expect(created.json().data).toMatchObject({
      sku: 'NEW-PROD-1',
      dealer_price: '100.00',
      is_active: true,
    });
    const id = created.json().data.id;
    const edited = await gd.put(
      `/api/settings/products/${id}`,
      productInput({ sku: 'NEW-PROD-1', unit_price: '130.5' }),
    );
    expect(edited.json().data.unit_price).toBe('130.50');
    expect(
      (await gd.post('/api/settings/products', productInput({ sku: 'NEW-PROD-1' }))).json().data
        .error,
    ).toBe('CONFLICT');
    for (const bad of [
      { dealer_price: '1.234' },
      { dealer_price: '-1.00' },
      { dealer_price: '1e3' },
      { unit_price: 12 },
    ]) {
      const response = await gd.post('/api/settings/products', { ...productInput(), ...bad });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await gd.post('/api/settings/products', productInput({ category_id: 9999 }))).statusCode,
    ).toBe(400);
    const listed = (
      await gd.get('/api/settings/products?q=new-prod&sort=unit_price&order=desc')
    ).json().data;
    expect(listed.items[0].id).toBe(id);
    expect((await gd.del(`/api/settings/products/${id}`)).statusCode).toBe(200);
    expect((await gd.get(`/api/settings/products/${id}`)).statusCode).toBe(404);
  });

  it('applies a markup group and its category override to dealer prices', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const productId = await createProduct(ctx, { sku: 'MARKUP-1', category_id: 2 });
    const standard = (await gd.get('/api/settings/markup-groups?q=standard')).json().data.items[0];
    expect(standard.dealers_count).toBe(2);
    const saved = await gd.put(`/api/settings/markup-groups/${standard.id}`, {
      name: 'Standard',
      percent: '5.00',
      categories: [{ category_id: 2, percent: '7.50' }],
    });
    expect(saved.json().data.categories).toEqual([{ category_id: 2, percent: '7.50' }]);
    const dealer = await as(ctx, 'dealer@example.com');
    expect((await dealer.get(`/api/products/${productId}`)).json().data.Amount).toBe('107.50');
    expect((await gd.del(`/api/settings/markup-groups/${standard.id}`)).json().data.error).toBe(
      'IN_USE',
    );
  });

  it('imports the central bank XML and uses the new rate and VAT at once', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const boundary = '----esdrates';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="21.11.2026.xml"\r\nContent-Type: text/xml\r\n\r\n`,
      ),
      cbarFile,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/settings/exchange-rates/import',
        headers: {
          ...bearer(gd.token),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      });
    expect((await upload()).json().data).toMatchObject({ date: '2026-11-21', rate: '1.7000' });
    // the same file again: the day has this rate, nothing is replaced
    expect((await upload()).json().data).toEqual({
      date: '2026-11-21',
      rate: '1.7000',
      replaced: false,
      previous: '1.7000',
    });
    const listed = (await gd.get('/api/settings/exchange-rates?perPage=50')).json().data.items;
    expect(listed.find((r: { date: string }) => r.date === '2026-11-21')).toMatchObject({
      rate: '1.7000',
      source: 'cbar',
    });
    await gd.post('/api/settings/exchange-rates', { date: '2000-01-01', rate: '0.8' });
    await gd.post('/api/settings/exchange-rates', {
      date: new Date().toISOString().slice(0, 10),
      rate: '2.0000',
      reason: 'a round rate for this test',
    });
    const productId = await createProduct(ctx, { sku: 'RATE-1' });
    await gd.put('/api/settings/pricing', {
      vat_percent: '10.00',
      credit_surcharge_percent: '0.00',
    });
    const user = await as(ctx, 'user@example.com');
    // 117.60 × 2.0000 × 1.10
    expect((await user.get(`/api/products/${productId}`)).json().data).toMatchObject({
      cash: '258.72',
      credit: '258.72',
    });
    expect(
      (await gd.post('/api/settings/exchange-rates', { date: '2026-02-30', rate: '1.7' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await gd.post('/api/settings/exchange-rates', { date: '2026-01-01', rate: '0' })).statusCode,
    ).toBe(400);
  });

  it("changes a day's stored rate only with a reason, audited before → after", async () => {
    const gd = await as(ctx, 'gd@example.com');
    const date = '2026-10-01';
    const rateOf = async () =>
      (await gd.get('/api/settings/exchange-rates?perPage=100'))
        .json()
        .data.items.find((r: { date: string }) => r.date === date)?.rate;
    expect((await gd.post('/api/settings/exchange-rates', { date, rate: '1.7' })).statusCode).toBe(
      200,
    );
    // the same rate again changes nothing and needs no reason
    expect(
      (await gd.post('/api/settings/exchange-rates', { date, rate: '1.7000' })).statusCode,
    ).toBe(200);
    const refused = await gd.post('/api/settings/exchange-rates', { date, rate: '1.7050' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 400,
      message: RATE_REASON_REQUIRED,
      data: { error: 'VALIDATION_FAILED', field: 'reason', current: '1.7000' },
    });
    expect(await rateOf()).toBe('1.7000');
    const tooShort = await gd.post('/api/settings/exchange-rates', {
      date,
      rate: '1.7050',
      reason: ' x ',
    });
    expect(tooShort.statusCode).toBe(400);
    expect(await rateOf()).toBe('1.7000');

    const changed = await gd.post('/api/settings/exchange-rates', {
      date,
      rate: '1.7050',
      reason: 'Typo: the bank published 1.7050',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await rateOf()).toBe('1.7050');
    const entries = await ctx.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'exchange_rate.set'), sql`${auditLog.after}->>'date' = ${date}`),
      );
    expect(entries).toEqual([
      { before: null, after: { date, rate: '1.7000', source: 'manual' } },
      {
        before: { date, rate: '1.7000', source: 'manual' },
        after: {
          date,
          rate: '1.7050',
          source: 'manual',
          reason: 'Typo: the bank published 1.7050',
        },
      },
    ]);

    // deleting the day's rate is a change too: only with a reason, kept in the audit log
    const id = (await gd.get('/api/settings/exchange-rates?perPage=100'))
      .json()
      .data.items.find((r: { date: string }) => r.date === date).id as number;
    for (const query of ['', '?reason=', '?reason=%20x%20']) {
      const refusedDelete = await gd.del(`/api/settings/exchange-rates/${id}${query}`);
      expect(refusedDelete.statusCode, query).toBe(400);
      expect(refusedDelete.json().data.error).toBe('VALIDATION_FAILED');
      expect(await rateOf()).toBe('1.7050');
    }
    const deleted = await gd.del(
      `/api/settings/exchange-rates/${id}?reason=${encodeURIComponent('Entered for the wrong day')}`,
    );
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await rateOf()).toBeUndefined();
    const [deletion] = await ctx.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'exchange_rate.delete'), eq(auditLog.entityId, id)));
    expect(deletion).toEqual({
      before: { date, rate: '1.7050', source: 'manual' },
      after: { reason: 'Entered for the wrong day' },
    });
  });

  it('answers 400 naming the Date for an import dated outside the calendar, storing nothing', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const boundary = '----esdrates';
    for (const date of ['01.01.0000', '31.02.2026']) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/exchange-rates/import',
        headers: {
          ...bearer(gd.token),
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.xml"\r\nContent-Type: text/xml\r\n\r\n`,
          ),
          Buffer.from(cbarFile.toString('utf8').replaceAll('21.11.2026', date)),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
      expect(response.statusCode, date).toBe(400);
      expect(response.json().data, date).toMatchObject({
        error: 'VALIDATION_FAILED',
        field: 'ValCurs.Date',
      });
      expect(response.json().message, date).toContain(date);
    }
  });
});

describe.each(dbKinds)('[settings][dealer] user groups on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  it("groups only the dealer's own users and moves a user between groups", async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const users = (await dealer.get('/api/dealer/users')).json().data;
    expect(users.map((u: { email: string }) => u.email)).toEqual(['user@example.com']);
    const [keyAccounts] = (await dealer.get('/api/dealer/groups')).json().data;
    expect(keyAccounts).toMatchObject({
      name: 'Key accounts',
      markup_percent: '12.00',
      user_ids: [users[0].id],
    });
    const vip = (
      await dealer.post('/api/dealer/groups', {
        name: 'VIP',
        markup_percent: '3.00',
        user_ids: [users[0].id],
      })
    ).json().data;
    expect(vip.user_ids).toEqual([users[0].id]);
    const groups = (await dealer.get('/api/dealer/groups')).json().data;
    expect(groups.find((g: { name: string }) => g.name === 'Key accounts').user_ids).toEqual([]);
    const gdId = (await (await as(ctx, 'gd@example.com')).get('/api/auth/user')).json().data.id;
    expect(
      (
        await dealer.put(`/api/dealer/groups/${vip.id}`, {
          name: 'VIP',
          markup_percent: '3.00',
          user_ids: [gdId],
        })
      ).json().data.error,
    ).toBe('FORBIDDEN');
    const other = await as(ctx, 'dealer2@example.com');
    expect((await other.del(`/api/dealer/groups/${vip.id}`)).statusCode).toBe(404);
    expect((await other.get('/api/dealer/groups')).json().data).toEqual([]);
    expect((await (await as(ctx, 'user@example.com')).get('/api/dealer/groups')).statusCode).toBe(
      403,
    );
  });
});
