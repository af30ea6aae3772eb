import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct, productInput } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { itOnRealPostgres } from '../../../test/real-postgres';
import { waitFor } from '../../../test/wait-for';

// the cache keeps a page up to 30 s: every check below must see the change well before that
// (a notification arrives in milliseconds; the margin is for a busy 2-core CI machine)
const SOON_MS = 5000;

type Item = { id: number; FullTitle: string; Amount: string; category_id: number };

describe.each(dbKinds)('[shop][catalogue] catalogue pages cached per process on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  /** SQL as another server process would run it: its own connection, not this app's pool. */
  let otherProcess: (text: string, values: unknown[]) => Promise<void>;
  let closeOther = async () => {};
  // "0000…" sorts first by title: the product is on page 1 of the category
  const title = (en: string) => ({ en, ru: en, az: en });

  const page = async (email = 'dealer@example.com', query = 'category_id=1&perPage=5') => {
    const answer = await (await as(ctx, email)).get(`/api/products?${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().data as { items: Item[]; total: number };
  };
  const mine = async (email?: string) => (await page(email)).items.find((i) => i.id === productId);
  /** Lists until `done` holds; answers how long that took. */
  const until = async (done: (item: Item | undefined) => boolean) => {
    const start = performance.now();
    await waitFor(() => mine(), {
      until: done,
      message: `product ${productId} listed as expected`,
      timeoutMs: 10_000,
      intervalMs: 20,
    });
    return performance.now() - start;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    productId = await createProduct(ctx, { title: title('0000 Cached A'), category_id: 1 });
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
      await client.connect();
      otherProcess = async (text, values) => {
        await client.query(text, values);
      };
      closeOther = () => client.end();
    } else {
      const pglite = ctx.database.pglite;
      if (!pglite) throw new Error('no PGlite');
      otherProcess = async (text, values) => {
        await pglite.query(text, values);
      };
    }
  });
  afterAll(async () => {
    await closeOther();
    await ctx?.close();
  });

  it("shows an admin's change on the very next list of this process", async () => {
    expect((await mine())?.FullTitle).toBe('0000 Cached A');
    const before = (await page()).total;
    const gd = await as(ctx, 'gd@example.com');
    const saved = await gd.put(
      `/api/settings/products/${productId}`,
      productInput({ sku: `CACHE-${kind}`, title: title('0000 Cached B'), category_id: 1 }),
    );
    expect(saved.statusCode).toBe(200);
    expect((await mine())?.FullTitle).toBe('0000 Cached B');
    // a new product counts at once too
    await createProduct(ctx, { title: title('0000 Cached New'), category_id: 1 });
    expect((await page()).total).toBe(before + 1);
  });

  it('sees a change made by another process at once, not after the cache time', async () => {
    expect((await mine())?.FullTitle).toBe('0000 Cached B');
    await otherProcess('update products set title_en = $1 where id = $2', [
      '0000 Cached C',
      productId,
    ]);
    expect(await until((item) => item?.FullTitle === '0000 Cached C')).toBeLessThan(SOON_MS);
    await otherProcess('update products set is_active = false where id = $1', [productId]);
    expect(await until((item) => item === undefined)).toBeLessThan(SOON_MS);
    await otherProcess('update products set is_active = true where id = $1', [productId]);
    expect(await until((item) => item !== undefined)).toBeLessThan(SOON_MS);
  });

  it('prices one cached page for each reader with their own chain', async () => {
    // the dealer pays dealer price + its Standard group (5 %); its user is in "Key accounts" (12 %)
    const dealer = await mine('dealer@example.com');
    const user = await mine('user@example.com');
    const admin = await mine('gd@example.com');
    expect([dealer?.Amount, user?.Amount, admin?.Amount]).toEqual(['105.00', '117.60', '120.00']);
  });

  // only a separate server has a listener connection that can be lost
  itOnRealPostgres(kind)('reads afresh while the change listener is gone', async () => {
    expect(await mine()).toBeDefined();
    await otherProcess(
      `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'esd-catalogue-cache' and datname = current_database()`,
      [],
    );
    // no notification can arrive now: once this process knows, the next lists must read afresh
    await waitFor(() => !ctx.app.catalogueCache.isListening(), {
      message: 'the catalogue cache noticing its listener is gone',
      intervalMs: 10,
    });
    await otherProcess('update products set title_en = $1 where id = $2', [
      '0000 Cached Deaf',
      productId,
    ]);
    expect((await mine())?.FullTitle).toBe('0000 Cached Deaf');
    // the listener comes back within a few seconds and hears changes again
    await waitFor(() => ctx.app.catalogueCache.isListening(), {
      message: 'the catalogue cache listening again',
    });
    await otherProcess('update products set title_en = $1 where id = $2', [
      '0000 Cached Heard',
      productId,
    ]);
    expect(await until((item) => item?.FullTitle === '0000 Cached Heard')).toBeLessThan(SOON_MS);
  });
});
