import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { itOnRealPostgres } from '../../../test/real-postgres';
import { waitFor } from '../../../test/wait-for';
import type { DbOrTx } from '../../db/client';
import { licenceKeys, products } from '../../db/schema';
import { markLowStock } from './keys.repository';

type Order = { status: string; items: { status: string; delivered: number }[] };

/** A promise and the function that settles it, to step two transactions in a chosen order. */
const signal = () => {
  let give!: () => void;
  const given = new Promise<void>((resolve) => {
    give = resolve;
  });
  return { give, given };
};

/** One available key of the product leaves the stock (as a delivery takes it). */
const takeOneKey = async (tx: DbOrTx, productId: number) => {
  const [key] = await tx
    .select({ id: licenceKeys.id })
    .from(licenceKeys)
    .where(and(eq(licenceKeys.productId, productId), eq(licenceKeys.status, 'available')))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!key) throw new Error(`no available key of product ${productId}`);
  await tx.delete(licenceKeys).where(eq(licenceKeys.id, key.id));
};

const csvUpload = (text: string) => {
  const boundary = '----esdkeysdelivery';
  return {
    payload: Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="keys.csv"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    ),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
};

describe.each(dbKinds)(
  '[keys][delivery] an import delivers orders waiting for keys on %s',
  (kind) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(kind);
    });
    afterAll(async () => ctx?.close());

    it('shows the waiting licences in the stock, then delivers them right after the import', async () => {
      const productId = await createProduct(ctx, { sku: 'KEYS-WAITING' });
      const dealer = await as(ctx, 'dealer@example.com');
      await dealer.get(`/api/basket/add/${productId}/2/2`);
      const placed = await dealer.post(
        '/api/checkout',
        { sell_type: 2 },
        { 'idempotency-key': `keys-delivery-${kind}` },
      );
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json().data.id as number;

      const gd = await as(ctx, 'gd@example.com');
      const stock = async () =>
        (await gd.get('/api/keys/stock?q=keys-waiting')).json().data.items[0] as {
          available: number;
          allocated: number;
          waiting: number;
          low: boolean;
        };
      expect(await stock()).toMatchObject({ available: 0, waiting: 2, low: true });

      const { payload, contentType } = csvUpload('KW-1\nKW-2\nKW-3\n');
      const imported = await ctx.app.inject({
        method: 'POST',
        url: `/api/keys/import/${productId}`,
        headers: { ...bearer(gd.token), 'content-type': contentType },
        payload,
      });
      expect(imported.json().data).toMatchObject({ added: 3, available: 3 });

      // no sweep is called here: the import itself queued the delivery
      const order = await waitFor(
        async () => (await dealer.get(`/api/orders/${orderId}`)).json().data as Order,
        {
          until: (detail) => detail.status === 'completed',
          message: `order ${orderId} completed`,
        },
      );
      expect(order.items[0]).toMatchObject({ status: 'delivered', delivered: 2 });
      expect(await stock()).toMatchObject({ available: 1, allocated: 2, waiting: 0 });
    });

    itOnRealPostgres(kind)(
      'marks a fall under the reorder level when two transactions take keys side by side',
      async () => {
        // 5 keys, level 4: each transaction alone leaves 4 (not under), both together leave 3
        const productId = await createProduct(ctx, {
          sku: 'KEYS-LOW-RACE',
          low_stock_threshold: 4,
        });
        await addKeys(ctx, productId, 5);
        const bTook = signal();
        const aCommitted = signal();
        // both take their key before either commits; each counts after its own commit, as a
        // delivery does: A, committed first, sees 4 left; B, committed last, sees both takes
        const a = (async () => {
          await ctx.db.transaction(async (tx) => {
            await takeOneKey(tx, productId);
            await bTook.given;
          });
          const marked = await markLowStock(ctx.db, [productId]);
          aCommitted.give();
          return marked;
        })();
        const b = (async () => {
          await ctx.db.transaction(async (tx) => {
            await takeOneKey(tx, productId);
            bTook.give();
            await aCommitted.given;
          });
          return markLowStock(ctx.db, [productId]);
        })();
        const [markedByA, markedByB] = await Promise.all([a, b]);
        expect(markedByA).toEqual([]);
        expect(markedByB).toEqual([expect.objectContaining({ productId })]);
        const [row] = await ctx.db
          .select({ at: products.lowStockNotifiedAt })
          .from(products)
          .where(eq(products.id, productId));
        expect(row?.at).toBeInstanceOf(Date);
      },
    );

    itOnRealPostgres(kind)(
      'tells of a fall once when two deliveries count it at the same moment',
      async () => {
        const productId = await createProduct(ctx, {
          sku: 'KEYS-LOW-TWICE',
          low_stock_threshold: 4,
        });
        await addKeys(ctx, productId, 3);
        const lockWaiters = async () => {
          const { rows } = (await ctx.db.execute(
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] };
          return rows[0]?.n ?? 0;
        };
        // the product's row held by a third transaction: both counts find it under the level
        // and not told, and both wait for the row before marking it
        const held = signal();
        const release = signal();
        const holder = ctx.db.transaction(async (tx) => {
          await tx.select().from(products).where(eq(products.id, productId)).for('update');
          held.give();
          await release.given;
        });
        await held.given;
        const counts = [markLowStock(ctx.db, [productId]), markLowStock(ctx.db, [productId])];
        await waitFor(lockWaiters, {
          until: (n) => n >= 2,
          message: 'both counts waiting for the product row',
        });
        release.give();
        await holder;
        const marked = (await Promise.all(counts)).flat();
        expect(marked).toEqual([expect.objectContaining({ productId })]);
      },
    );
  },
);
