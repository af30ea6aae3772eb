/**
 * Issue 33: the buyer's VÖEN and address are kept on the dealer's account (set by admins on the
 * users page, VÖEN 10 digits), printed on every invoice issued after they are set, and an issued
 * invoice keeps the ones it was issued with (issue 31: documents are records).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { pdfReader } from '../../../test/pdf-text';
import { basketItems, users } from '../../db/schema';

const { pdfText, cleanUp } = pdfReader();
afterAll(cleanUp);

let seq = 0;

describe.each(dbKinds)("[invoices][buyer] the dealer's VÖEN and address on %s", (kind) => {
  let ctx: TestContext;
  let productId: number;
  let dealerId: number;

  /** A credit order of the dealer: its invoice is issued as it is placed. */
  const creditOrder = async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${productId}/1/2`);
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `buyer-details-${kind}-${++seq}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data.id as number;
  };
  const invoiceText = async (orderId: number, lang = 'en') => {
    const answer = await (await as(ctx, 'dealer@example.com')).get(
      `/api/orders/${orderId}/invoice?lang=${lang}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    return pdfText(answer.rawPayload);
  };
  const saveDealer = async (email: string, body: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'PATCH',
      url: `/api/settings/users/${dealerId}`,
      headers: { authorization: `Bearer ${(await as(ctx, email)).token}` },
      payload: body,
    });

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    productId = await createProduct(ctx, { sku: 'INV-BUYER' });
    await addKeys(ctx, productId, 20);
    const [dealer] = await ctx.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'dealer@example.com'));
    dealerId = dealer!.id;
  }, 60_000);
  afterAll(async () => ctx?.close());
  beforeEach(async () => {
    await ctx.db.delete(basketItems);
  });

  it('refuses a VÖEN that is not 10 digits and an address too long, field by field, saving nothing', async () => {
    // whatever another test saved before this one, the refusals below must leave it as it is
    const [kept] = await ctx.db
      .select({ voen: users.voen, address: users.address })
      .from(users)
      .where(eq(users.id, dealerId));
    for (const voen of ['12345', '12345678901', '12345abcde']) {
      const bad = await saveDealer('gd@example.com', { voen, address: 'Nizami küçəsi 10, Bakı' });
      expect(bad.statusCode, voen).toBe(400);
      expect(bad.json().data.issues[0]).toMatchObject({
        path: 'body/voen',
        message: 'VÖEN must be exactly 10 digits',
      });
    }
    const long = await saveDealer('gd@example.com', { address: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.issues[0].path).toBe('body/address');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, dealerId));
    expect(row).toMatchObject({ voen: kept!.voen, address: kept!.address });
    // a dealer's own details are its admins' to set, not an end user's field at all
    const onUser = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/settings/users/${(await ctx.db.select().from(users).where(eq(users.email, 'user@example.com')))[0]!.id}`,
      headers: { authorization: `Bearer ${(await as(ctx, 'gd@example.com')).token}` },
      payload: { voen: '1400000002' },
    });
    expect(onUser.statusCode).toBe(400);
    expect(onUser.json().data).toMatchObject({ reason: 'not_applicable', field: 'voen' });
  });

  it('prints them on every invoice issued after they are set, and an issued invoice keeps its own', async () => {
    // the seller's VÖEN (1400000001) only: the buyer has none yet
    const vöens = (text: string) => [...new Set(text.match(/VÖEN: \d{10}/g))];
    const before = await creditOrder();
    expect(vöens(await invoiceText(before))).toEqual(['VÖEN: 1400000001']);

    const saved = await saveDealer('ld@example.com', {
      voen: '1400000002',
      address: 'Nizami küçəsi 10, Bakı AZ1000',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({
      voen: '1400000002',
      address: 'Nizami küçəsi 10, Bakı AZ1000',
    });
    // the invoice issued before keeps what it was issued with
    expect(vöens(await invoiceText(before))).toEqual(['VÖEN: 1400000001']);

    const issued = await creditOrder();
    const en = await invoiceText(issued);
    expect(en).toContain('VÖEN: 1400000002');
    expect(en).toContain('Address: Nizami küçəsi 10, Bakı AZ1000, Azerbaijan');
    expect(await invoiceText(issued, 'ru')).toContain('Адрес: Nizami küçəsi 10, Bakı AZ1000,');
    expect(await invoiceText(issued, 'az')).toContain('Ünvan: Nizami küçəsi 10, Bakı AZ1000,');

    // the dealer moves and gets another VÖEN: the issued invoice is unchanged, to the byte
    const download = async () =>
      (await as(ctx, 'dealer@example.com')).get(`/api/orders/${issued}/invoice?lang=en`);
    const first = (await download()).rawPayload;
    const edited = await saveDealer('gd@example.com', {
      voen: '1500000003',
      address: 'Atatürk prospekti 5, Gəncə AZ2000',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const again = (await download()).rawPayload;
    expect(again.equals(first)).toBe(true);
    expect(pdfText(again)).toContain('VÖEN: 1400000002');
    expect(pdfText(again)).not.toContain('1500000003');
    // the next one is issued with the new details
    const next = await invoiceText(await creditOrder());
    expect(next).toContain('VÖEN: 1500000003');
    // (a long line wraps in the buyer's column)
    expect(next).toContain('Address: Atatürk prospekti 5, Gəncə AZ2000,');

    // the change is in the audit log, before and after
    const log = (
      await (
        await as(ctx, 'gd@example.com')
      ).get(`/api/settings/audit-log?action=user.update&entity_type=user&entity_id=${dealerId}`)
    ).json().data.items as { before: unknown; after: unknown }[];
    expect(log[0]).toMatchObject({
      before: { voen: '1400000002', address: 'Nizami küçəsi 10, Bakı AZ1000' },
      after: { voen: '1500000003', address: 'Atatürk prospekti 5, Gəncə AZ2000' },
    });
  });
});
