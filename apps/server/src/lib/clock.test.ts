import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../test/harness';
import { settableClock } from '../../test/settable-clock';
import { products } from '../db/schema';

describe.each(dbKinds)('[clock] time rules read the clock the app was given, on %s', (kind) => {
  let ctx: TestContext;
  const clock = settableClock(new Date());
  let checkouts = 0;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('an Adobe quote holds until the end of its UTC day and is refused from midnight on', async () => {
    // the last minute of yesterday (UTC); the sign-in below begins then too, by the same clock
    const midnight = new Date(new Date().toISOString().slice(0, 10));
    const at = (ms: number) => new Date(midnight.getTime() + ms);
    clock.set(at(-60_000));
    const dealer = await as(ctx, 'dealer@example.com');
    const [customer] = (await dealer.get('/api/getAdobeCustomerList')).json().data as {
      id: number;
    }[];
    const [adobe] = await ctx.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.providerId, 3))
      .limit(1);
    const added = await dealer.post('/api/basket/add/adobe', {
      product_id: adobe!.id,
      customer_id: customer!.id,
      quantity: 1,
      treeYearCommitment: 0,
      sell_type: 2,
    });
    expect(added.statusCode).toBe(200);
    const checkout = () =>
      dealer.post(
        '/api/checkout',
        { sell_type: 2 },
        { 'idempotency-key': `clock-test-${++checkouts}` },
      );

    clock.set(at(0));
    const refused = await checkout();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().data).toMatchObject({ error: 'ADOBE_QUOTE_INVALID', reason: 'expired' });

    clock.set(at(-1));
    const placed = await checkout();
    expect(placed.statusCode).toBe(200);
    expect(placed.json().data.items[0]).toMatchObject({ product_id: adobe!.id, quantity: 1 });
  });
});
