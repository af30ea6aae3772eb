import { bakuDate } from '@esd/shared/baku-time';
import { formatDate } from '@esd/shared/format/format';
import { documentNumber, type OrderDocument } from '@esd/shared/invoices/invoices.schemas';
import { asc, desc, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { pdfReader } from '../../../test/pdf-text';
import { settableClock } from '../../../test/settable-clock';
import { waitFor } from '../../../test/wait-for';
import { openDatabase } from '../../db/client';
import {
  appSettings,
  documentCounters,
  exchangeRates,
  orderDocuments,
  orders,
} from '../../db/schema';
import { issueDueDocuments } from './invoices.service';

type Detail = {
  id: number;
  status: string;
  total_azn: string;
  rate: string;
  created_at: string;
  items: { id: number; total_usd: string; total_azn: string; return_request?: { id: number } }[];
};

const { pdfText, pdfInfo, cleanUp } = pdfReader();
afterAll(cleanUp);

/** `YYYY-MM-DD` as the documents print it. */
/** A day as a document in `lang` prints it: `10 Mar 2031` in English, `10.03.2031` in ru and az. */
const printed = (day: string, lang = 'en') => formatDate(day, lang);

/** A context's helpers: place an order, list and download its documents. */
const shopOn = (ctx: () => TestContext, name: string) => {
  let seq = 0;
  const place = async (email: string, productId: number, sellType: 1 | 2, quantity = 1) => {
    const shopper = await as(ctx(), email);
    const added = await shopper.get(`/api/basket/add/${productId}/${quantity}/${sellType}`);
    expect(added.statusCode, added.body).toBe(200);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: sellType },
      { 'idempotency-key': `documents-${name}-${++seq}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data as Detail;
  };
  const documents = async (email: string, orderId: number) => {
    const answer = await (await as(ctx(), email)).get(`/api/orders/${orderId}/documents`);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as OrderDocument[];
  };
  const download = async (email: string, orderId: number, number: string, lang = 'en') =>
    (await as(ctx(), email)).get(`/api/orders/${orderId}/documents/${number}?lang=${lang}`);
  return { place, documents, download };
};

describe.each(dbKinds)('[invoices] documents of record on %s', (kind) => {
  let ctx: TestContext;
  let keysId: number;
  let waitingId: number;
  const shop = shopOn(() => ctx, kind);
  let company: Record<string, unknown>;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    keysId = await createProduct(ctx, { sku: 'DOC-KEYS' });
    await addKeys(ctx, keysId, 20);
    // no keys: its orders wait, so they can be cancelled after payment
    waitingId = await createProduct(ctx, { sku: 'DOC-WAITS' });
    company = (await (await as(ctx, 'gd@example.com')).get('/api/settings/company')).json().data;
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('re-downloads an invoice identically after the company details and the day’s rate change', async () => {
    const order = await shop.place('dealer@example.com', waitingId, 1, 2);
    const gd = await as(ctx, 'gd@example.com');
    expect((await gd.post(`/api/orders/${order.id}/confirm-payment`, {})).statusCode).toBe(200);
    const [proforma, invoice] = await shop.documents('dealer@example.com', order.id);
    expect(proforma).toMatchObject({ kind: 'proforma', amount: order.total_azn });
    expect(invoice).toMatchObject({ kind: 'invoice', amount: order.total_azn, refers_to: null });
    const first = await shop.download('dealer@example.com', order.id, invoice!.number);
    expect(first.statusCode).toBe(200);
    const before = pdfText(first.rawPayload);
    expect(before).toContain(`No. ${invoice!.number}`);
    expect(before).toContain('ESD Demo Distribution MMC');
    // the newest rate on or before the Baku day the order was placed
    const [rate] = await ctx.db
      .select()
      .from(exchangeRates)
      .where(lte(exchangeRates.rateDate, bakuDate(new Date(order.created_at))))
      .orderBy(desc(exchangeRates.rateDate))
      .limit(1);
    expect(rate!.usdAzn).toBe(order.rate);
    expect(before).toContain(`Bank rate of ${printed(rate!.rateDate)}`);

    const saved = await gd.put('/api/settings/company', {
      ...company,
      name: 'Renamed Seller MMC',
      iban: 'AZ99RENAMED0000000000000099',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.db
      .update(exchangeRates)
      .set({ usdAzn: '2.9000' })
      .where(eq(exchangeRates.id, rate!.id));

    const again = await shop.download('dealer@example.com', order.id, invoice!.number);
    const after = pdfText(again.rawPayload);
    expect(after).toBe(before);
    expect(after).not.toContain('Renamed Seller MMC');
    // the creation date is the time of issue, so the file is the same to the byte
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    // the current-document route prints the same invoice
    const current = await (await as(ctx, 'dealer@example.com')).get(
      `/api/orders/${order.id}/invoice?lang=en`,
    );
    expect(pdfText(current.rawPayload)).toBe(before);
    // the PDF's creation date is the real time of issue
    const issuedTo = invoice!.issued_at.replace(/\.\d{3}Z$/, 'Z');
    expect(pdfInfo(first.rawPayload)).toMatchObject({
      CreationDate: issuedTo,
      ModDate: issuedTo,
      Title: `Invoice ${invoice!.number}`,
    });
    // a new order is issued with the new details
    const next = await shop.place('dealer@example.com', waitingId, 1, 1);
    const [nextProforma] = await shop.documents('dealer@example.com', next.id);
    const fresh = pdfText(
      (await shop.download('dealer@example.com', next.id, nextProforma!.number)).rawPayload,
    );
    expect(fresh).toContain('Renamed Seller MMC');
    expect(fresh).toContain('AZ99RENAMED0000000000000099');
    await gd.put('/api/settings/company', company);
  });

  it('prints the Baku day’s rate date for an order placed between 00:00 and 04:00 in Baku, issued on its first download', async () => {
    // nothing is issued while the seller's details are missing: the first download issues it
    await ctx.db.delete(appSettings).where(eq(appSettings.key, 'company'));
    const order = await shop.place('dealer@example.com', waitingId, 2, 1);
    expect(
      await ctx.db.select().from(orderDocuments).where(eq(orderDocuments.orderId, order.id)),
    ).toHaveLength(0);
    // 01:30 in Baku on 10 March 2031 is 21:30 UTC on the 9th: checkout records the rate of
    // the Baku day on the order (rate_date), and the UTC day's rate, another one, plays no part
    await ctx.db
      .update(orders)
      .set({ createdAt: new Date('2031-03-09T21:30:00Z'), rateDate: '2031-03-10' })
      .where(eq(orders.id, order.id));
    await ctx.db.insert(exchangeRates).values([{ rateDate: '2031-03-09', usdAzn: '1.6500' }]);
    await (await as(ctx, 'gd@example.com')).put('/api/settings/company', company);
    const [invoice] = await shop.documents('dealer@example.com', order.id);
    expect(invoice).toMatchObject({ kind: 'invoice' });
    const text = pdfText(
      (await shop.download('dealer@example.com', order.id, invoice!.number)).rawPayload,
    );
    expect(text).toContain('Bank rate of 10 Mar 2031');
    expect(text).toMatch(/Order date:\s+10 Mar 2031/);
    await ctx.db.delete(exchangeRates).where(eq(exchangeRates.rateDate, '2031-03-09'));
  });

  it("states on a cash order's proforma, in each language, that its AZN is due at that day's rate only", async () => {
    const order = await shop.place('dealer@example.com', waitingId, 1, 1);
    const [proforma] = await shop.documents('dealer@example.com', order.id);
    const day = bakuDate(new Date(proforma!.issued_at));
    const read = async (lang: string) =>
      pdfText(
        (await shop.download('dealer@example.com', order.id, proforma!.number, lang)).rawPayload,
      ).replace(/\s+/g, ' ');
    expect(await read('en')).toContain(`are due if paid on ${printed(day)}. Paid on another day`);
    expect(await read('ru')).toContain(`действительны при оплате ${printed(day, 'ru')}`);
    expect(await read('az')).toContain(`${printed(day, 'az')} tarixində ödənildikdə qüvvədədir`);
  });

  it('issues a credit note referring to the invoice when a paid cash order is cancelled', async () => {
    const order = await shop.place('dealer@example.com', waitingId, 1, 2);
    const gd = await as(ctx, 'gd@example.com');
    expect((await gd.post(`/api/orders/${order.id}/confirm-payment`, {})).statusCode).toBe(200);
    const cancelled = await gd.post(`/api/orders/${order.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const docs = await shop.documents('dealer@example.com', order.id);
    expect(docs.map((d) => d.kind)).toEqual(['proforma', 'invoice', 'credit_note']);
    const [, invoice, note] = docs;
    expect(note).toMatchObject({ amount: order.total_azn, refers_to: invoice!.number });
    expect(note!.number).toMatch(/^CN-\d{4}-\d{6}$/);
    const text = pdfText(
      (await shop.download('dealer@example.com', order.id, note!.number)).rawPayload,
    );
    expect(text).toContain('Credit note');
    expect(text).toMatch(new RegExp(`To invoice:\\s*${invoice!.number}`));
    expect(text).toContain('DOC-WAITS');
    expect(text).toMatch(
      new RegExp(`Total refunded, AZN\\s+${order.total_azn.replace('.', '\\.')}\\s*\\n`),
    );
    // the invoice stays downloadable, the current-document route refuses a cancelled order
    expect((await shop.download('dealer@example.com', order.id, invoice!.number)).statusCode).toBe(
      200,
    );
    // listing again issues nothing more
    expect(await shop.documents('dealer@example.com', order.id)).toEqual(docs);
  });

  it('issues a credit note for an approved return of a credit order, with the returned line only', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const gd = await as(ctx, 'gd@example.com');
    const placed = await shop.place('dealer@example.com', keysId, 2, 2);
    const done = await waitFor(
      async () => (await gd.get(`/api/orders/${placed.id}`)).json().data as Detail,
      { until: (order) => order.status === 'completed', message: `order ${placed.id} completed` },
    );
    const item = done.items[0]!;
    const asked = (
      await dealer.post(`/api/orders/${placed.id}/items/${item.id}/return`, {
        reason: 'The customer cancelled the project.',
      })
    ).json().data as Detail;
    const request = asked.items[0]!.return_request!;
    const decided = await gd.post(`/api/orders/${placed.id}/returns/${request.id}/decide`, {
      approve: true,
    });
    expect(decided.statusCode, decided.body).toBe(200);
    // issued by the refund's event, before anyone lists the documents
    const stored = await ctx.db
      .select()
      .from(orderDocuments)
      .where(eq(orderDocuments.orderId, placed.id))
      .orderBy(asc(orderDocuments.id));
    expect(stored.map((d) => d.kind)).toEqual(['invoice', 'credit_note']);
    const [invoice, note] = await shop.documents('dealer@example.com', placed.id);
    expect(note).toMatchObject({ amount: item.total_azn, refers_to: invoice!.number });
    const text = pdfText(
      (await shop.download('dealer@example.com', placed.id, note!.number, 'az')).rawPayload,
    );
    expect(text).toContain('Kredit-nota');
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Test paketi Pro — 1 il');
  });

  it('shows the documents to whoever sees the order, and 404 to anybody else', async () => {
    const order = await shop.place('dealer@example.com', waitingId, 1, 1);
    const [proforma] = await shop.documents('dealer@example.com', order.id);
    for (const email of ['gd@example.com', 'ld@example.com']) {
      expect((await shop.documents(email, order.id)).map((d) => d.number)).toEqual([
        proforma!.number,
      ]);
      expect((await shop.download(email, order.id, proforma!.number)).statusCode).toBe(200);
    }
    for (const email of ['dealer2@example.com', 'user@example.com']) {
      const caller = await as(ctx, email);
      const list = await caller.get(`/api/orders/${order.id}/documents`);
      expect(list.statusCode, email).toBe(404);
      expect(list.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
      const file = await caller.get(`/api/orders/${order.id}/documents/${proforma!.number}`);
      expect(file.statusCode, email).toBe(404);
    }
    // another order's number is not this order's document
    const other = await shop.place('dealer@example.com', waitingId, 1, 1);
    expect((await shop.download('dealer@example.com', other.id, proforma!.number)).statusCode).toBe(
      404,
    );
    const bad = await shop.download('dealer@example.com', order.id, 'ESD-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 400 });
  });
});

describe.each(dbKinds)('[invoices] numbering on %s', (kind) => {
  // 23:30 on 31 December 2031 in Baku (UTC+4)
  const clock = settableClock(new Date('2031-12-31T19:30:00Z'));
  let ctx: TestContext;
  let productId: number;
  const shop = shopOn(() => ctx, `numbers-${kind}`);

  beforeAll(async () => {
    ctx = await createTestContext(kind, { clock });
    productId = await createProduct(ctx, { sku: 'DOC-NUMBERS' });
  }, 60_000);
  afterAll(async () => ctx?.close());

  const numbersOf = async (orderId: number) =>
    (await shop.documents('dealer@example.com', orderId)).map((d) => d.number);

  it('numbers each kind in its own sequence per Baku year, without gaps', async () => {
    let gd = await as(ctx, 'gd@example.com');
    const company = (await gd.get('/api/settings/company')).json().data;
    const cash1 = await shop.place('dealer@example.com', productId, 1);
    const credit1 = await shop.place('dealer@example.com', productId, 2);
    const cash2 = await shop.place('dealer@example.com', productId, 1);
    expect(await numbersOf(cash1.id)).toEqual(['PRO-2031-000001']);
    expect(await numbersOf(credit1.id)).toEqual(['INV-2031-000001']);
    expect(await numbersOf(cash2.id)).toEqual(['PRO-2031-000002']);
    // an issue that fails (no seller's details) takes no number
    await ctx.db.delete(appSettings).where(eq(appSettings.key, 'company'));
    const missed = await shop.place('dealer@example.com', productId, 2);
    expect(await numbersOf(missed.id)).toEqual([]);
    expect((await gd.put('/api/settings/company', company)).statusCode).toBe(200);
    expect((await gd.post(`/api/orders/${cash1.id}/confirm-payment`, {})).statusCode).toBe(200);
    expect(await numbersOf(cash1.id)).toEqual(['PRO-2031-000001', 'INV-2031-000002']);
    expect(await numbersOf(missed.id)).toEqual(['INV-2031-000003']);
    expect((await gd.post(`/api/orders/${cash2.id}/confirm-payment`, {})).statusCode).toBe(200);
    expect((await gd.post(`/api/orders/${cash2.id}/cancel`, {})).statusCode).toBe(200);
    expect(await numbersOf(cash2.id)).toEqual([
      'PRO-2031-000002',
      'INV-2031-000004',
      'CN-2031-000001',
    ]);

    // 00:30 on 1 January 2032 in Baku, still 2031 in UTC: every kind starts again at 1
    clock.set(new Date('2031-12-31T20:30:00Z'));
    gd = await as(ctx, 'gd@example.com');
    const cash3 = await shop.place('dealer@example.com', productId, 1);
    const credit2 = await shop.place('dealer@example.com', productId, 2);
    expect(await numbersOf(cash3.id)).toEqual(['PRO-2032-000001']);
    expect(await numbersOf(credit2.id)).toEqual(['INV-2032-000001']);
    expect((await gd.post(`/api/orders/${credit2.id}/cancel`, {})).statusCode).toBe(200);
    expect(await numbersOf(credit2.id)).toEqual(['INV-2032-000001', 'CN-2032-000001']);

    // every (kind, year) runs 1, 2, … n
    const all = await ctx.db.select().from(orderDocuments);
    const runs = new Map<string, number[]>();
    for (const d of all)
      runs.set(`${d.kind}-${d.year}`, [...(runs.get(`${d.kind}-${d.year}`) ?? []), d.seq]);
    for (const [run, seqs] of runs)
      expect(
        seqs.sort((a, b) => a - b),
        run,
      ).toEqual(seqs.map((_, i) => i + 1));
  });

  it('writes a number in the statement that takes it exactly as documentNumber does, past six digits too', async () => {
    // the counter of 2032's credit notes near the end of six digits: the next two are the last
    // six-digit number and the first seven-digit one (padded, never cut)
    clock.set(new Date('2031-12-31T20:30:00Z'));
    await ctx.db
      .insert(documentCounters)
      .values({ kind: 'credit_note', year: 2032, last: 999_998 })
      .onConflictDoUpdate({
        target: [documentCounters.kind, documentCounters.year],
        set: { last: 999_998 },
      });
    const gd = await as(ctx, 'gd@example.com');
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      const placed = await shop.place('dealer@example.com', productId, 2);
      expect((await gd.post(`/api/orders/${placed.id}/cancel`, {})).statusCode).toBe(200);
      numbers.push(...(await numbersOf(placed.id)).filter((n) => n.startsWith('CN-')));
    }
    expect(numbers).toEqual([
      documentNumber('credit_note', 2032, 999_999),
      documentNumber('credit_note', 2032, 1_000_000),
    ]);
    expect(numbers).toEqual(['CN-2032-999999', 'CN-2032-1000000']);
  });
});

describe.each(dbKinds.filter((kind) => kind === 'postgres'))(
  '[invoices] two processes issuing at once on %s',
  (kind) => {
    let ctx: TestContext;
    let productId: number;
    const shop = shopOn(() => ctx, `race-${kind}`);

    beforeAll(async () => {
      ctx = await createTestContext(kind);
      productId = await createProduct(ctx, { sku: 'DOC-RACE' });
    }, 60_000);
    afterAll(async () => ctx?.close());

    it('gives each order one invoice and one number when two connections issue it at once', async () => {
      const gd = await as(ctx, 'gd@example.com');
      const company = (await gd.get('/api/settings/company')).json().data;
      // placed while nothing can be issued: every invoice is still due
      await ctx.db.delete(appSettings).where(eq(appSettings.key, 'company'));
      const placed = [];
      for (let i = 0; i < 12; i++)
        placed.push(await shop.place('dealer@example.com', productId, 2));
      expect((await gd.put('/api/settings/company', company)).statusCode).toBe(200);
      // a second pool on the same database: another process
      const other = await openDatabase({ kind: 'postgres', url: ctx.config.DATABASE_URL!, max: 4 });
      try {
        const clock = { now: () => new Date() };
        await Promise.all(
          placed.flatMap((order) => [
            issueDueDocuments({ db: ctx.db, clock }, order.id),
            issueDueDocuments({ db: other.db, clock }, order.id),
          ]),
        );
      } finally {
        await other.close();
      }
      const issued = await ctx.db.select().from(orderDocuments);
      for (const order of placed)
        expect(issued.filter((d) => d.orderId === order.id).map((d) => d.kind)).toEqual([
          'invoice',
        ]);
      const seqs = issued
        .filter((d) => d.kind === 'invoice')
        .map((d) => d.seq)
        .sort((a, b) => a - b);
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    });
  },
);
