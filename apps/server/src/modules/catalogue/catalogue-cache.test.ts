import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { as, createProduct, productInput } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { type OtherProcess, openOtherProcess } from '../../../test/other-process';
import { itOnRealPostgres } from '../../../test/real-postgres';
import { settableClock } from '../../../test/settable-clock';
import { waitFor } from '../../../test/wait-for';
import { products } from '../../db/schema';

// The cache keeps a page up to 30 s of the app's clock. The clock stands still here, so those
// 30 s never pass unless a test moves it: a change seen is a change the notification announced.
const CATALOGUE_CACHE_MS = 30_000;

type Item = { id: number; FullTitle: string; Amount: string; category_id: number };

describe.each(dbKinds)('[shop][catalogue] catalogue pages cached per process on %s', (kind) => {
  let ctx: TestContext;
  /** The test's own product, and the title it was created with. */
  let productId: number;
  let created: string;
  let sequence = 0;
  let other: OtherProcess;
  const clock = settableClock(new Date());
  // "0000…" sorts first by title: the product is on page 1 of the category
  const title = (en: string) => ({ en, ru: en, az: en });

  const page = async (email = 'dealer@example.com', query = 'category_id=1&perPage=5') => {
    const answer = await (await as(ctx, email)).get(`/api/products?${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json().data as { items: Item[]; total: number };
  };
  const mine = async (email?: string) => (await page(email)).items.find((i) => i.id === productId);
  /** Lists until `done` holds, the clock standing still: only a notification can drop the cache. */
  const until = async (done: (item: Item | undefined) => boolean) => {
    const held = clock.now().getTime();
    await waitFor(() => mine(), {
      until: done,
      message: `product ${productId} listed as expected`,
      intervalMs: 20,
    });
    expect(clock.now().getTime()).toBe(held);
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock });
    other = await openOtherProcess(ctx);
  });
  afterAll(async () => {
    await other?.close();
    await ctx?.close();
  });
  beforeEach(async () => {
    created = `0000 Cached ${++sequence}`;
    productId = await createProduct(ctx, { title: title(created), category_id: 1 });
  });
  // the products of a test leave the shop with it: the next test's is the first of the page
  afterEach(async () => {
    await ctx.db
      .update(products)
      .set({ isActive: false })
      .where(like(products.titleEn, '0000 Cached%'));
  });

  it("shows an admin's change on the very next list of this process", async () => {
    expect((await mine())?.FullTitle).toBe(created);
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

  it('keeps a page up to its cache time when no change is announced', async () => {
    expect((await mine())?.FullTitle).toBe(created);
    await other.runQuietly('update products set title_en = $1 where id = $2', [
      '0000 Cached Unannounced',
      productId,
    ]);
    expect((await mine())?.FullTitle).toBe(created);
    clock.set(new Date(clock.now().getTime() + CATALOGUE_CACHE_MS - 1));
    expect((await mine())?.FullTitle).toBe(created);
    clock.set(new Date(clock.now().getTime() + 2));
    expect((await mine())?.FullTitle).toBe('0000 Cached Unannounced');
  });

  it('sees a change made by another process at once, not after the cache time', async () => {
    expect((await mine())?.FullTitle).toBe(created);
    await other.run('update products set title_en = $1 where id = $2', [
      '0000 Cached C',
      productId,
    ]);
    await until((item) => item?.FullTitle === '0000 Cached C');
    await other.run('update products set is_active = false where id = $1', [productId]);
    await until((item) => item === undefined);
    await other.run('update products set is_active = true where id = $1', [productId]);
    await until((item) => item !== undefined);
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
    await other.run(
      `select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = 'esd-catalogue-cache' and datname = current_database()`,
      [],
    );
    // no notification can arrive now: once this process knows, the next lists must read afresh
    await waitFor(() => !ctx.app.catalogueCache.isListening(), {
      message: 'the catalogue cache noticing its listener is gone',
      intervalMs: 10,
    });
    await other.run('update products set title_en = $1 where id = $2', [
      '0000 Cached Deaf',
      productId,
    ]);
    expect((await mine())?.FullTitle).toBe('0000 Cached Deaf');
    // the listener comes back within a few seconds and hears changes again
    await waitFor(() => ctx.app.catalogueCache.isListening(), {
      message: 'the catalogue cache listening again',
    });
    await other.run('update products set title_en = $1 where id = $2', [
      '0000 Cached Heard',
      productId,
    ]);
    await until((item) => item?.FullTitle === '0000 Cached Heard');
  });
});
