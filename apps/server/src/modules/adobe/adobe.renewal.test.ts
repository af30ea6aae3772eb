import { readdirSync, readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { pdfReader } from '../../../test/pdf-text';
import { waitFor } from '../../../test/wait-for';
import { orderItems, products } from '../../db/schema';

const ACROBAT_PRO = '65304522CA01A12';
const PHOTOSHOP = '65297615CA01A12';
const { pdfText, cleanUp } = pdfReader();
afterAll(cleanUp);

type Option = { id: string; Sku: string; Amount: string; Additional_Detail: string };

/**
 * Issue 33: a customer's next order at Adobe ("Buy more", a renewal) is priced at the level its
 * licences and its three-year commitment give it, and the SKU Adobe quoted is the purchase's SKU
 * everywhere. The demo customers at the sandbox: Caspian Design Studio holds 12 Acrobat Pro
 * licences under a three-year commitment (level 12), Baku State Arts Academy 5 Photoshop
 * licences, Ganja City Administration none.
 */
describe.each(dbKinds)('[adobe][renewal] levels and one SKU per purchase on %s', (kind) => {
  let ctx: TestContext;
  const productIds = new Map<string, number>();
  const customerIds = new Map<string, number>();

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    for (const row of await ctx.db.select().from(products).where(eq(products.providerId, 3)))
      productIds.set(row.sku, row.id);
    const dealer = await as(ctx, 'dealer@example.com');
    for (const c of (await dealer.get('/api/adobe/customers')).json().data as {
      id: number;
      company_name: string;
    }[])
      customerIds.set(c.company_name, c.id);
  }, 60_000);
  afterAll(async () => ctx?.close());

  const request = (company: string, sku: string, quantity: number, commitment: 0 | 1) => ({
    product_id: productIds.get(sku)!,
    customer_id: customerIds.get(company)!,
    quantity,
    treeYearCommitment: commitment,
  });
  const price = async (company: string, sku: string, quantity: number, commitment: 0 | 1) => {
    const dealer = await as(ctx, 'dealer@example.com');
    return dealer.post(
      '/api/getAdobeProductPriceByCustomer',
      request(company, sku, quantity, commitment),
    );
  };
  const optionOf = async (...args: Parameters<typeof price>) => {
    const response = await price(...args);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as Option[])[0]!;
  };

  it('prices one more licence of a committed level-12 customer at level 12, with or without the box', async () => {
    for (const commitment of [1, 0] as const) {
      const option = await optionOf('Caspian Design Studio', ACROBAT_PRO, 1, commitment);
      expect(option.Sku).toBe('65304522CA12A12');
      expect(option.Additional_Detail).toContain('Three-year commitment, level 12');
    }
    // 12 held + 38 reach the next commitment level
    expect((await optionOf('Caspian Design Studio', ACROBAT_PRO, 38, 1)).Sku).toBe(
      '65304522CA13A12',
    );
    // a customer without a commitment: one licence is level 1, and a commitment needs 10
    expect((await optionOf('Ganja City Administration', ACROBAT_PRO, 1, 0)).Sku).toBe(
      '65304522CA01A12',
    );
    expect((await price('Ganja City Administration', ACROBAT_PRO, 1, 1)).json()).toMatchObject({
      code: 400,
      data: { error: 'VALIDATION_FAILED' },
    });
  });

  it('counts the licences a customer holds with the new ones: 5 held and 5 more are level 2', async () => {
    const academy = 'Baku State Arts Academy';
    expect((await optionOf(academy, PHOTOSHOP, 4, 0)).Sku).toBe('65297615CA01A12');
    expect((await optionOf(academy, PHOTOSHOP, 5, 0)).Sku).toBe('65297615CA02A12');
    // every qualifying licence of the customer counts, of any product
    expect((await optionOf(academy, ACROBAT_PRO, 5, 0)).Sku).toBe('65304522CA02A12');
    // the same order for a customer with none stays at level 1
    expect((await optionOf('Ganja City Administration', PHOTOSHOP, 5, 0)).Sku).toBe(
      '65297615CA01A12',
    );
  });

  it('keeps the SKU Adobe quoted on the order, the invoice PDF, the subscription and the export', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const body = request('Caspian Design Studio', ACROBAT_PRO, 2, 1);
    const [option] = (await dealer.post('/api/getAdobeProductPriceByCustomer', body)).json()
      .data as Option[];
    const sku = option!.Sku;
    expect(sku).toBe('65304522CA12A12');
    const added = await dealer.post('/api/basket/add/adobe', {
      ...body,
      adobe_selected_product_id: option!.id,
      sell_type: 2,
      quoted_amount: option!.Amount,
    });
    expect(added.statusCode, added.body).toBe(200);
    // two licences under the customer's commitment: bought as quoted, not refused as under 10
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `renewal-${kind}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.id as number;
    const order = await waitFor(async () => (await dealer.get(`/api/orders/${id}`)).json().data, {
      until: (detail) => detail.status === 'completed',
      message: `order ${id} completed`,
    });
    const [item] = order.items;
    expect(item).toMatchObject({ sku, adobe: { sku, three_year_commitment: true } });
    // no keys in an Adobe order: nothing to send, and the server says why
    expect(order.actions).toMatchObject({ send_keys: false, activate_keys: false });
    const send = await dealer.post(`/api/orders/${id}/send-keys`, {});
    expect(send.statusCode).toBe(409);
    expect(send.json()).toMatchObject({
      data: { error: 'INVALID_STATE' },
      message: expect.stringContaining(`Order #${id} has no licence keys to send`),
    });

    // the invoice: the SKU whole on its line, never the catalogue's base offer
    const invoice = await dealer.get(`/api/orders/${id}/invoice`);
    expect(invoice.statusCode).toBe(200);
    const text = pdfText(invoice.rawPayload);
    const row = text.split('\n').find((l) => l.includes('Acrobat Pro'));
    expect(row, text).toContain(sku);
    expect(text).not.toContain(ACROBAT_PRO);
    expect(text).not.toMatch(/65304522CA12\s*\n/);

    // the subscription it joined, at Adobe
    const subscriptions = (
      await dealer.get(
        `/api/adobe/customers/${customerIds.get('Caspian Design Studio')}/subscriptions`,
      )
    ).json().data as { subscription_id: string; offer_id: string; quantity: number }[];
    const joined = subscriptions.find((s) => s.subscription_id === item.adobe.subscription_id);
    expect(joined).toMatchObject({ offer_id: sku, quantity: 14 });

    // the export, one row per line
    const csv = await dealer.get(`/api/orders/export?format=csv&detail=items&id=${id}`);
    expect(csv.statusCode, csv.body.slice(0, 300)).toBe(200);
    expect(csv.body).toContain(sku);
    expect(csv.body).not.toContain(ACROBAT_PRO);

    // the migration `adobe-item-sku` gives an Adobe item placed before it its quoted offer as SKU
    await ctx.db.update(orderItems).set({ sku: ACROBAT_PRO }).where(eq(orderItems.id, item.id));
    const folder = new URL('../../../drizzle/', import.meta.url);
    const file = readdirSync(folder).find((name) => name.endsWith('_adobe-item-sku.sql'))!;
    await ctx.db.execute(sql.raw(readFileSync(new URL(file, folder), 'utf8')));
    const [migrated] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(migrated!.sku).toBe(sku);
  });
});
