/**
 * Issue 33, item 4 (invariant 8): a licence key is one key in the whole pool. An import, from a
 * file or pasted text, refuses every line whose key any product has, in any state and in any
 * case, naming the line, the product and the state; the database's unique index holds it too,
 * also when two imports of the same key run side by side. A preview says all this storing
 * nothing, and every import is in the audit log in words.
 */
import type { KeyImportReport } from '@esd/shared/orders/orders.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { itOnRealPostgres } from '../../../test/real-postgres';
import { waitFor } from '../../../test/wait-for';
import { auditLog, licenceKeys, orderItems, orders, users } from '../../db/schema';

type Part = { file: string; filename?: string } | { text: string };

/** A multipart body with a key file in `file` or pasted keys in the field `text`. */
const multipart = (part: Part) => {
  const boundary = '----esdkeyspool';
  const head =
    'file' in part
      ? `Content-Disposition: form-data; name="file"; filename="${part.filename ?? 'keys.csv'}"\r\nContent-Type: text/csv`
      : 'Content-Disposition: form-data; name="text"';
  const content = 'file' in part ? part.file : part.text;
  return {
    payload: Buffer.from(`--${boundary}\r\n${head}\r\n\r\n${content}\r\n--${boundary}--\r\n`),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

describe.each(dbKinds)('[keys][pool] a key once in the whole pool on %s', (kind) => {
  let ctx: TestContext;
  let token: string;

  const send = (productId: number, part: Part, preview = false) => {
    const { payload, contentType } = multipart(part);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/keys/import/${productId}${preview ? '/preview' : ''}`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload,
    });
  };
  const report = async (productId: number, part: Part, preview = false) => {
    const response = await send(productId, part, preview);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { message: string; data: KeyImportReport };
  };
  const keysOf = (productId: number) =>
    ctx.db
      .select({ key: licenceKeys.key })
      .from(licenceKeys)
      .where(eq(licenceKeys.productId, productId))
      .orderBy(licenceKeys.key);

  /** The product's keys go to a paid order of the dealer: delivered (allocated) or returned. */
  const sell = async (productId: number, key: string, status: 'allocated' | 'revoked') => {
    const [dealer] = await ctx.db.select().from(users).where(eq(users.email, 'dealer@example.com'));
    const [order] = await ctx.db
      .insert(orders)
      .values({
        buyerId: dealer!.id,
        dealerId: dealer!.id,
        sellType: 2,
        status: 'completed',
        idempotencyKey: `pool-${key}`,
        lang: 'en',
        rate: '1.7000',
        vatPercent: '18.00',
        surchargePercent: '0.00',
        totalUsd: '0.00',
        vatUsd: '0.00',
        totalAzn: '0.00',
      })
      .returning({ id: orders.id });
    const [item] = await ctx.db
      .insert(orderItems)
      .values({
        orderId: order!.id,
        productId,
        sku: 'POOL-SOLD',
        titleEn: 'Sold',
        titleRu: 'Продан',
        titleAz: 'Satılıb',
        providerId: 1,
        isReturnable: true,
        quantity: 1,
        delivered: 1,
        unitUsd: '0.00',
        totalUsd: '0.00',
        totalAzn: '0.00',
        status: 'delivered',
      })
      .returning({ id: orderItems.id });
    await ctx.db
      .update(licenceKeys)
      .set({ status, orderItemId: item!.id, allocatedAt: new Date() })
      .where(and(eq(licenceKeys.productId, productId), eq(licenceKeys.key, key)));
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.login('gd@example.com');
  });
  afterAll(async () => ctx?.close());

  it('invariant 8, refuses a key already sold for another product, in any case, naming its line, from a file or pasted', async () => {
    const first = await createProduct(ctx, { sku: 'POOL-FIRST' });
    const second = await createProduct(ctx, { sku: 'POOL-SECOND', provider_id: 2 });
    await report(first, { file: 'SOLD-0001\nBACK-0002\nSTOCK-0003\n' });
    await sell(first, 'SOLD-0001', 'allocated');
    await sell(first, 'BACK-0002', 'revoked');

    // the same keys for another product, one in another case and one with spaces around it
    const pasted = 'NEW-0004\nsold-0001\n  BACK-0002  \nStock-0003\nNEW-0005\n';
    const preview = await report(second, { text: pasted }, true);
    expect(preview.data).toMatchObject({
      preview: true,
      source: 'paste',
      lines: 5,
      added: 2,
      existing_count: 3,
      available: 0,
    });
    expect(preview.data.existing).toEqual([
      { line: 2, key: 'sold-0001', sku: 'POOL-FIRST', status: 'allocated' },
      { line: 3, key: 'BACK-0002', sku: 'POOL-FIRST', status: 'revoked' },
      { line: 4, key: 'Stock-0003', sku: 'POOL-FIRST', status: 'available' },
    ]);
    expect(preview.message).toBe(
      '2 keys would be added to POOL-SECOND; 3 already in the pool refused (line 2: sold-0001 is delivered for POOL-FIRST); 0 duplicates and 0 invalid lines skipped.',
    );
    // a preview stores nothing and logs nothing
    expect(await keysOf(second)).toEqual([]);

    const done = await report(second, { text: pasted });
    expect(done.data).toMatchObject({ preview: false, added: 2, existing_count: 3, available: 2 });
    expect(done.data.existing).toEqual(preview.data.existing);
    expect(await keysOf(second)).toEqual([{ key: 'NEW-0004' }, { key: 'NEW-0005' }]);

    // the same as a file with the file's columns, repeated in another case within the file
    const file = 'key;note\nnew-0004;again\nFILE-0006;fresh\nfile-0006;repeated\n';
    const fromFile = await report(first, { file, filename: 'more.csv' });
    expect(fromFile.data).toMatchObject({
      source: 'file',
      lines: 3,
      added: 1,
      duplicates: 1,
      existing: [{ line: 2, key: 'new-0004', sku: 'POOL-SECOND', status: 'available' }],
    });
  });

  it('invariant 8, the database itself refuses a second copy of a key, in any case', async () => {
    const productId = await createProduct(ctx, { sku: 'POOL-INDEX' });
    const other = await createProduct(ctx, { sku: 'POOL-INDEX-2' });
    await ctx.db.insert(licenceKeys).values({ productId, key: 'IDX-0001' });
    const copy = ctx.db.insert(licenceKeys).values({ productId: other, key: 'idx-0001' });
    await expect(copy).rejects.toThrow();
    expect(await keysOf(other)).toEqual([]);
  });

  it('writes every import in the audit log: who, which product, how many keys, file or paste', async () => {
    const productId = await createProduct(ctx, { sku: 'POOL-AUDIT' });
    await report(productId, { text: 'AUD-0001\nAUD-0002\n' }, true);
    await report(productId, { text: 'AUD-0001\nAUD-0002\n' });
    await report(productId, { file: 'AUD-0003\nAUD-0001\n', filename: 'supplier.csv' });
    const [gd] = await ctx.db.select().from(users).where(eq(users.email, 'gd@example.com'));
    const entries = await ctx.db
      .select({
        actorId: auditLog.actorId,
        action: auditLog.action,
        entityType: auditLog.entityType,
        after: auditLog.after,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, productId), eq(auditLog.action, 'keys.import')))
      .orderBy(auditLog.id);
    // the preview wrote nothing
    expect(entries).toEqual([
      {
        actorId: gd!.id,
        action: 'keys.import',
        entityType: 'product',
        after: { product_id: productId, keys_added: 2, source: 'paste' },
      },
      {
        actorId: gd!.id,
        action: 'keys.import',
        entityType: 'product',
        after: { product_id: productId, keys_added: 1, source: 'file', file_name: 'supplier.csv' },
      },
    ]);
    const gdCaller = await as(ctx, 'gd@example.com');
    const page = (
      await gdCaller.get(`/api/settings/audit-log?action=keys.import&entity_id=${productId}`)
    ).json().data;
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ entity_type: 'product', entity_id: productId });
  });

  it('refuses empty pasted text, a file and text together, and text over 10 MB, storing nothing', async () => {
    const productId = await createProduct(ctx, { sku: 'POOL-BAD' });
    for (const preview of [false, true]) {
      const empty = await send(productId, { text: ' \n \n' }, preview);
      expect(empty.json()).toMatchObject({
        code: 400,
        message: 'Paste at least one key.',
        data: { error: 'VALIDATION_FAILED' },
      });
    }
    const boundary = '----esdkeysboth';
    const both = await ctx.app.inject({
      method: 'POST',
      url: `/api/keys/import/${productId}`,
      headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="text"\r\n\r\nBOTH-1\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="k.csv"\r\n\r\nBOTH-2\r\n--${boundary}--\r\n`,
      ),
    });
    expect(both.json()).toMatchObject({
      code: 415,
      message: 'Send a CSV, text or Excel file as file, or pasted keys as text.',
      data: { error: 'INVALID_FILE' },
    });
    const huge = await send(productId, { text: 'K'.repeat(10 * 1024 * 1024 + 10) });
    expect(huge.json()).toMatchObject({ code: 415, message: 'The keys must be 10 MB or smaller.' });
    expect(await keysOf(productId)).toEqual([]);
  });

  it('sets a product’s low-stock threshold on Key stock, within 0 to 1,000,000, and logs the change', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const productId = await createProduct(ctx, { sku: 'POOL-THRESHOLD' });
    const adobe = await createProduct(ctx, { sku: 'POOL-THRESHOLD-ADOBE', provider_id: 3 });
    for (const bad of [-1, 1.5, 1_000_001, '5', null]) {
      const refused = await gd.put(`/api/keys/stock/${productId}`, { low_stock_threshold: bad });
      expect(refused.statusCode, String(bad)).toBe(400);
    }
    expect((await gd.put('/api/keys/stock/999999', { low_stock_threshold: 1 })).statusCode).toBe(
      404,
    );
    expect(
      (await gd.put(`/api/keys/stock/${adobe}`, { low_stock_threshold: 1 })).json().data.error,
    ).toBe('PRODUCT_UNAVAILABLE');
    const saved = await gd.put(`/api/keys/stock/${productId}`, { low_stock_threshold: 0 });
    expect(saved.json()).toMatchObject({
      message: 'The low-stock threshold of POOL-THRESHOLD is now 0 keys.',
      data: { product_id: productId, low_stock_threshold: 0, low: false },
    });
    const [entry] = await ctx.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityId, productId),
          eq(auditLog.action, 'product.low_stock_threshold_update'),
        ),
      );
    expect(entry).toEqual({
      before: { low_stock_threshold: 10 },
      after: { low_stock_threshold: 0 },
    });
  });

  itOnRealPostgres(kind)(
    'invariant 8, two imports of the same key side by side: exactly one stores it, the other refuses its line',
    async () => {
      const a = await createProduct(ctx, { sku: 'POOL-RACE-A' });
      const b = await createProduct(ctx, { sku: 'POOL-RACE-B' });
      // another transaction holds both products' rows: an import that stored its keys waits
      // for it before committing (re-arming the low-stock mark), so the other import's insert
      // meets the shared key uncommitted and must wait for that import to end
      let release!: () => void;
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const blocker = ctx.db.transaction(async (tx) => {
        await tx.execute(sql`select id from products where id in (${a}, ${b}) for update`);
        locked();
        await held;
      });
      await isLocked;
      const racers = [a, b].map((productId, i) =>
        send(productId, { text: `RACE-${i}-ONLY\nRACE-SHARED\n` }),
      );
      const lockWaiters = async () => {
        const { rows } = (await ctx.db.execute(
          sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`,
        )) as unknown as { rows: { n: number }[] };
        return rows[0]?.n ?? 0;
      };
      // one import waits for the products' lock, the other for its uncommitted shared key
      await waitFor(lockWaiters, { until: (n) => n >= 2, message: 'both imports waiting' });
      release();
      await blocker;
      const answers = await Promise.all(racers);
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      const reports = answers.map((answer) => answer.json().data as KeyImportReport);
      expect(reports.map((r) => r.added).sort()).toEqual([1, 2]);
      const loser = reports.find((r) => r.added === 1)!;
      expect(loser.existing).toEqual([
        {
          line: 2,
          key: 'RACE-SHARED',
          sku: loser.product_id === a ? 'POOL-RACE-B' : 'POOL-RACE-A',
          status: 'available',
        },
      ]);
      const copies = await ctx.db
        .select({ productId: licenceKeys.productId })
        .from(licenceKeys)
        .where(eq(licenceKeys.key, 'RACE-SHARED'));
      expect(copies).toHaveLength(1);
    },
  );
});
