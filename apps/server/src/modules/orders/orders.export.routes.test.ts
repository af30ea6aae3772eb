/**
 * Issue 20: the orders export's line-items layout (`detail=items`) and "Download keys" of one
 * order. The keys travel in a file only to whom they belong: the items export fills them on
 * the viewer's own purchases, the keys download follows the order page's scope.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { licenceKeys } from '../../db/schema';
import { attachmentDisposition } from '../../lib/attachment';

type Detail = {
  id: number;
  status: string;
  items: { sku: string; unit_usd: string; total_usd: string; keys: { key: string }[] }[];
};

const readCsv = (body: string): string[][] => parse(body, { bom: true });

const readXlsx = async (payload: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  return book;
};

describe.each(dbKinds)('[orders] items export and keys download on %s', (kind) => {
  let ctx: TestContext;
  let userOrder: Detail;
  let dealerOrder: Detail;
  let pendingOrderId: number;
  let alpha: number;
  let beta: number;
  let seq = 0;

  /** Basket lines, a checkout, and the order once its keys are delivered (credit) or placed. */
  const buy = async (email: string, lines: [number, number][], sellType: 1 | 2) => {
    const shopper = await as(ctx, email);
    for (const [productId, quantity] of lines)
      await shopper.get(`/api/basket/add/${productId}/${quantity}/${sellType}`);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: sellType },
      { 'idempotency-key': `items-export-${Date.now()}-${++seq}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = (placed.json().data as Detail).id;
    if (sellType === 1) return (await shopper.get(`/api/orders/${id}`)).json().data as Detail;
    return waitFor(async () => (await shopper.get(`/api/orders/${id}`)).json().data as Detail, {
      until: (detail) => detail.status === 'completed',
      message: `order ${id} completed`,
    });
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    alpha = await createProduct(ctx, {
      sku: 'EXP-ALPHA',
      title: { en: '=Alpha Suite', ru: 'Альфа', az: 'Alfa paketi' },
    });
    beta = await createProduct(ctx, { sku: 'EXP-BETA', dealer_price: '33.33' });
    await addKeys(ctx, alpha, 10, 'ALPHA');
    await addKeys(ctx, beta, 10, 'BETA');
    userOrder = await buy(
      'user@example.com',
      [
        [alpha, 2],
        [beta, 1],
      ],
      2,
    );
    dealerOrder = await buy('dealer@example.com', [[alpha, 1]], 2);
    pendingOrderId = (await buy('dealer@example.com', [[beta, 1]], 1)).id;
  }, 120_000);
  afterAll(async () => ctx?.close());

  /** A GET of a user's in a language (the server reads it from Accept-Language). */
  const getIn = async (lang: string, email: string, url: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(await ctx.login(email)), 'accept-language': lang },
    });

  const itemOf = (order: Detail, sku: string) => order.items.find((item) => item.sku === sku)!;

  const keysOf = (order: Detail, sku: string) =>
    order.items.find((item) => item.sku === sku)?.keys.map((k) => k.key) ?? [];

  it("writes one CSV row per order line, with the buyer's own keys", async () => {
    const user = await as(ctx, 'user@example.com');
    const csv = await user.get(`/api/orders/export?format=csv&detail=items&id=${userOrder.id}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(/filename="order-items-[\d-]+\.csv"/);
    const [header, ...rows] = readCsv(csv.body);
    expect(header).toEqual([
      'Order',
      'Date (Baku time)',
      'Status',
      'Type',
      'Buyer',
      'Dealer',
      'SKU',
      'Product',
      'Quantity',
      'Unit price USD (excl. VAT)',
      'Line total USD (excl. VAT)',
      'Line total AZN',
      'Keys',
    ]);
    expect(rows.map((r) => [r[0], r[6], r[8]])).toEqual([
      [String(userOrder.id), 'EXP-ALPHA', '2'],
      [String(userOrder.id), 'EXP-BETA', '1'],
    ]);
    const [alpha, beta] = rows as [string[], string[]];
    expect(alpha[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // a product name a spreadsheet would run as a formula is neutralised
    expect(alpha[7]).toBe("'=Alpha Suite");
    // the prices fixed on the order, as exact decimal strings
    const [a, b] = [itemOf(userOrder, 'EXP-ALPHA'), itemOf(userOrder, 'EXP-BETA')];
    expect(alpha.slice(9, 11)).toEqual([a.unit_usd, a.total_usd]);
    expect(beta.slice(9, 11)).toEqual([b.unit_usd, b.total_usd]);
    expect(alpha[11]).toMatch(/^\d+\.\d{2}$/);
    expect(alpha[12]!.split('\n')).toEqual(keysOf(userOrder, 'EXP-ALPHA'));
    expect(beta[12]!.split('\n')).toEqual(keysOf(userOrder, 'EXP-BETA'));
    expect(keysOf(userOrder, 'EXP-ALPHA')).toHaveLength(2);
  });

  it("leaves the keys out of a dealer's export of its user's order and of an admin's", async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const rows = readCsv(
      (await dealer.get('/api/orders/export?format=csv&detail=items&sku=EXP-ALPHA')).body,
    );
    const byOrder = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
    expect(byOrder.get(userOrder.id)?.[12]).toBe('');
    expect(byOrder.get(dealerOrder.id)?.[12]).toBe(keysOf(dealerOrder, 'EXP-ALPHA')[0]);

    const gd = await as(ctx, 'gd@example.com');
    const csv = await gd.get('/api/orders/export?format=csv&detail=items&sku=EXP-');
    const [header, ...lines] = readCsv(csv.body);
    expect(header).not.toContain('Keys');
    expect(header).toHaveLength(12);
    expect(lines.length).toBeGreaterThanOrEqual(4);
    for (const key of [...keysOf(userOrder, 'EXP-ALPHA'), ...keysOf(dealerOrder, 'EXP-ALPHA')])
      expect(csv.body).not.toContain(key);
  });

  it('writes the lines into an Items sheet with dates, numbers and keys that read back', async () => {
    const user = await as(ctx, 'user@example.com');
    const response = await user.get(
      `/api/orders/export?format=xlsx&detail=items&id=${userOrder.id}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(/order-items-[\d-]+\.xlsx/);
    const book = await readXlsx(response.rawPayload);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Items']);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(13).value).toBe('Keys');
    const alpha = sheet.getRow(2);
    expect(alpha.getCell(1).value).toBe(userOrder.id);
    expect(alpha.getCell(2).value).toBeInstanceOf(Date);
    expect(alpha.getCell(7).value).toBe('EXP-ALPHA');
    expect(alpha.getCell(8).value).toBe("'=Alpha Suite");
    expect(alpha.getCell(9).value).toBe(2);
    const line = itemOf(userOrder, 'EXP-ALPHA');
    expect(alpha.getCell(10).value).toBe(Number(line.unit_usd));
    expect(alpha.getCell(11).value).toBe(Number(line.total_usd));
    expect(alpha.getCell(11).numFmt).toBe('#,##0.00');
    expect(String(alpha.getCell(13).value).split('\n')).toEqual(keysOf(userOrder, 'EXP-ALPHA'));
  });

  it('answers the language asked for and keeps one row per order without detail', async () => {
    const user = await as(ctx, 'user@example.com');
    const az = readCsv(
      (
        await getIn(
          'az',
          'user@example.com',
          `/api/orders/export?format=csv&detail=items&id=${userOrder.id}`,
        )
      ).body,
    );
    expect(az[0]?.slice(0, 2)).toEqual(['Sifariş', 'Tarix (Bakı vaxtı)']);
    expect(az[0]?.at(-1)).toBe('Açarlar');
    expect(az[1]?.[7]).toBe('Alfa paketi');
    const plain = readCsv(
      (await user.get(`/api/orders/export?format=csv&id=${userOrder.id}`)).body,
    );
    expect(plain).toHaveLength(2);
    expect(plain[0]?.[7]).toBe('Items');
  });

  it('refuses a bad layout or format with the 400 envelope before any byte of a file', async () => {
    const user = await as(ctx, 'user@example.com');
    for (const query of ['detail=lines', 'format=pdf&detail=items', 'detail=items&id=abc']) {
      const response = await user.get(`/api/orders/export?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    }
  });

  it("downloads one order's keys as CSV and as text, revoked keys left out", async () => {
    // an order of its own, like userOrder: the revoked key would be missing from the others' files
    const userOrder = await buy(
      'user@example.com',
      [
        [alpha, 2],
        [beta, 1],
      ],
      2,
    );
    const user = await as(ctx, 'user@example.com');
    const [revoked] = keysOf(userOrder, 'EXP-ALPHA');
    await ctx.db
      .update(licenceKeys)
      .set({ status: 'revoked', revokedAt: new Date() })
      .where(eq(licenceKeys.key, revoked!));
    const held = [...keysOf(userOrder, 'EXP-ALPHA').slice(1), ...keysOf(userOrder, 'EXP-BETA')];

    const csv = await user.get(`/api/orders/${userOrder.id}/keys?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toBe(
      attachmentDisposition(`order-${userOrder.id}-keys.csv`),
    );
    const [header, ...rows] = readCsv(csv.body);
    expect(header).toEqual(['Order', 'SKU', 'Product', 'Key', 'Delivered (Baku time)']);
    expect(rows.map((r) => r[3])).toEqual(held);
    expect(rows.map((r) => r[1])).toEqual(['EXP-ALPHA', 'EXP-BETA']);
    expect(csv.body).not.toContain(revoked);

    const txt = await getIn(
      'ru',
      'user@example.com',
      `/api/orders/${userOrder.id}/keys?format=txt`,
    );
    expect(txt.statusCode).toBe(200);
    expect(txt.headers['content-type']).toContain('text/plain');
    const lines = txt.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^Заказ ${userOrder.id}: \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2} \\(время Баку\\)$`,
      ),
    );
    expect(lines.slice(1)).toEqual([
      '',
      'Альфа (EXP-ALPHA)',
      held[0],
      '',
      expect.stringContaining('(EXP-BETA)'),
      held[1],
    ]);
  });

  it('gives the keys file to whoever sees the order and to nobody else', async () => {
    const url = `/api/orders/${userOrder.id}/keys`;
    for (const email of ['dealer@example.com', 'gd@example.com', 'ld@example.com']) {
      expect((await (await as(ctx, email)).get(url)).statusCode, email).toBe(200);
    }
    for (const email of ['dealer2@example.com', 'farid@example.com', 'ld2@example.com']) {
      const response = await (await as(ctx, email)).get(url);
      expect(response.statusCode, email).toBe(404);
      expect(response.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers an order without keys yet and a bad format with the envelope', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const pending = await dealer.get(`/api/orders/${pendingOrderId}/keys?format=txt`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json()).toMatchObject({
      code: 409,
      message: 'This order has no delivered keys yet.',
      data: { error: 'INVALID_STATE' },
    });
    const bad = await dealer.get(`/api/orders/${dealerOrder.id}/keys?format=xlsx`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
  });
});
