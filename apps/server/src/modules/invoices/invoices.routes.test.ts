import { formatDate } from '@esd/shared/format/format';
import { sumMoney } from '@esd/shared/shop/money';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { pdfReader } from '../../../test/pdf-text';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { appSettings, auditLog, orderMails, partnerApplications, users } from '../../db/schema';
import { attachmentDisposition } from '../../lib/attachment';
import { sendPlacedOrderMail } from './invoices.service';

type Order = {
  id: number;
  created_at: string;
  status: string;
  total_usd: string;
  vat_usd: string;
  total_azn: string;
  rate: string;
  items: { sku: string; quantity: number; unit_usd: string; total_usd: string }[];
};

const { pdfText, cleanUp } = pdfReader();

/** The amount printed at the end of the line that starts with `label`. */
const amountAfter = (text: string, label: string) => {
  const line = text.split('\n').find((l) => l.trim().startsWith(label));
  const match =
    line &&
    /(-?\d[\d,.\u00a0 ]*[.,]\d{2})\s*$/.exec(line.slice(line.indexOf(label) + label.length));
  if (!match) throw new Error(`no amount after "${label}" in:\n${text}`);
  return match[1]!.trim();
};

/** An English amount as the document groups it: 1234.56 → 1,234.56. */
const en = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',');
/** An English document's amount back to a plain decimal. */
const plain = (printed: string) => printed.replace(/,/g, '');
/** A Russian (1 234,56) or Azerbaijani (1.234,56) document's amount back to a plain decimal. */
const plainLocal = (printed: string) =>
  printed
    .replace(/[\s\u00a0]/g, '')
    .replace(/\.(?=\d{3})/g, '')
    .replace(',', '.');

/** The order's Baku day plus days, as an English document prints it: `3 Dec 2026`. */
const bakuDay = (iso: string, plusDays = 0) => {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Baku' }).format(new Date(iso));
  const [y, m, d] = day.split('-').map(Number);
  return formatDate(new Date(Date.UTC(y!, m! - 1, d! + plusDays)).toISOString().slice(0, 10), 'en');
};

afterAll(cleanUp);

describe.each(dbKinds)('[orders] invoices as PDF on %s', (kind) => {
  let ctx: TestContext;
  let productId: number;
  let seq = 0;

  const place = async (email: string, sellType: 1 | 2, quantity = 2) => {
    const shopper = await as(ctx, email);
    expect(
      (await shopper.get(`/api/basket/add/${productId}/${quantity}/${sellType}`)).statusCode,
    ).toBe(200);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: sellType },
      { 'idempotency-key': `invoice-${kind}-${++seq}-${Date.now()}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    return placed.json().data as Order;
  };

  const invoiceOf = async (email: string, id: number, query = '') =>
    (await as(ctx, email)).get(`/api/orders/${id}/invoice${query}`);

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    productId = await createProduct(ctx, { sku: 'INV-KEYS-1Y' });
    await addKeys(ctx, productId, 40);
  }, 60_000);
  afterAll(async () => ctx?.close());

  it("makes a pending cash order's proforma invoice with the order's stored amounts, due date and payment instructions", async () => {
    const order = await place('dealer@example.com', 1, 3);
    expect(order.status).toBe('pending');
    const response = await invoiceOf('dealer@example.com', order.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    // numbered when issued: the proforma sequence of the Baku year
    const year = bakuDay(order.created_at).slice(-4);
    const number = /PRO-\d{4}-\d{6}/.exec(response.headers['content-disposition'] as string)?.[0];
    expect(number).toMatch(new RegExp(`^PRO-${year}-\\d{6}$`));
    expect(response.headers['content-disposition']).toBe(
      attachmentDisposition(`proforma-invoice-${number}.pdf`),
    );
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(response.rawPayload);

    expect(text).toContain('Proforma invoice');
    expect(text).toContain(`No. ${number}`);
    expect(text).toContain('Payment instructions');
    // the seeded seller's details (Settings → Company) with its bank account
    for (const detail of [
      'ESD Demo Distribution MMC',
      'VÖEN: 1400000001',
      'Nizami küçəsi 1, Bakı AZ1000, Azərbaycan',
      'Demo Bank ASC',
      'AZ00DEMO00000000000000000001',
      'DEMOAZ22',
    ])
      expect(text).toContain(detail);
    // the line as stored on the order: SKU, title, quantity, unit and line price in USD
    const [line] = order.items;
    const row = text.split('\n').find((l) => l.includes('INV-KEYS-1Y'));
    expect(row).toBeDefined();
    expect(row).toContain('Test Suite Pro — 1 year');
    expect(row).toMatch(
      new RegExp(`\\s${line!.quantity}\\s+${en(line!.unit_usd)}\\s+${en(line!.total_usd)}\\s*$`),
    );
    // USD totals, the order's rate, and the AZN total split into net + VAT that add up exactly
    expect(plain(amountAfter(text, 'Total excl. VAT, USD'))).toBe(order.total_usd);
    expect(plain(amountAfter(text, 'VAT 18%, USD'))).toBe(order.vat_usd);
    expect(text).toMatch(/Bank rate of \d{1,2} [A-Z][a-z]{2} \d{4}\s+1 USD = 1\.7000 AZN/);
    const totalAzn = plain(amountAfter(text, 'Total to pay, AZN'));
    expect(totalAzn).toBe(order.total_azn);
    const net = plain(amountAfter(text, 'Net, AZN'));
    const vat = plain(amountAfter(text, 'VAT 18%, AZN'));
    expect(sumMoney([net, vat])).toBe(order.total_azn);
    // 18 % VAT inside the total, to the qəpik: |vat × 118 − total × 18| ≤ half a qəpik × 118
    const cents = (v: string) => BigInt(v.replace('.', ''));
    const off = cents(vat) * 118n - cents(order.total_azn) * 18n;
    expect(off >= -59n && off <= 59n).toBe(true);
    // due: the order's Baku day + the seeded 5 days to pay
    const due = bakuDay(order.created_at, 5);
    expect(text).toMatch(new RegExp(`Due date:\\s*${due}`));
    expect(text).toContain(`Please transfer ${en(order.total_azn)} AZN`);
    expect(text).toContain(`"Order #${order.id}"`);
  });

  it('groups thousands as CLDR does in each language, as the screens do (issue 33)', async () => {
    const order = await place('dealer@example.com', 1, 20);
    const [whole = '', cents] = order.total_azn.split('.');
    expect(whole.length).toBe(4);
    const [thousand, rest] = [whole.slice(0, 1), whole.slice(1)];
    const read = async (lang: string) =>
      pdfText((await invoiceOf('dealer@example.com', order.id, `?lang=${lang}`)).rawPayload);
    // en '4,123.45'; ru '4 123,45' with a no-break space; az '4.123,45', never '4 123,45'
    expect(amountAfter(await read('en'), 'Total to pay, AZN')).toBe(`${thousand},${rest}.${cents}`);
    expect(amountAfter(await read('ru'), 'Итого к оплате, AZN')).toMatch(
      new RegExp(`^${thousand}[\\s\\u00a0]${rest},${cents}$`),
    );
    const az = await read('az');
    expect(amountAfter(az, 'Ödəniləcək cəmi, AZN')).toBe(`${thousand}.${rest},${cents}`);
    expect(az).toContain(`Zəhmət olmasa ${thousand}.${rest},${cents} AZN məbləğini`);
  });

  it("prints Azerbaijani and Cyrillic letters in the language asked for, and the buyer's by default", async () => {
    const order = await place('dealer@example.com', 1);
    const az = pdfText((await invoiceOf('dealer@example.com', order.id, '?lang=az')).rawPayload);
    expect(az).toContain('Proforma hesab-faktura');
    expect(az).toContain('Ödəniş qaydası');
    expect(az).toContain('Test paketi Pro — 1 il');
    expect(az).toContain('ə');
    expect(az).toContain('ş');
    expect(az).toContain('ğ');
    expect(plainLocal(amountAfter(az, 'Ödəniləcək cəmi, AZN'))).toBe(order.total_azn);
    const ru = pdfText((await invoiceOf('dealer@example.com', order.id, '?lang=ru')).rawPayload);
    expect(ru).toContain('Счёт на оплату (проформа)');
    expect(ru).toContain('Тестовый пакет Pro — 1 год');
    expect(plainLocal(amountAfter(ru, 'Итого к оплате, AZN'))).toBe(order.total_azn);
    // dealer2 reads Azerbaijani: without ?lang its invoice is in Azerbaijani
    const own = await place('dealer2@example.com', 1);
    const byDefault = pdfText((await invoiceOf('dealer2@example.com', own.id)).rawPayload);
    expect(byDefault).toContain('Proforma hesab-faktura');
    // an unknown language is refused like any bad query
    expect((await invoiceOf('dealer@example.com', order.id, '?lang=de')).statusCode).toBe(400);
  });

  it('makes an invoice, not a proforma, once the cash order is paid', async () => {
    const order = await place('dealer@example.com', 1);
    const admin = await as(ctx, 'gd@example.com');
    const paid = await admin.post(`/api/orders/${order.id}/confirm-payment`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const response = await invoiceOf('dealer@example.com', order.id);
    expect(response.headers['content-disposition']).toMatch(
      /filename="invoice-INV-\d{4}-\d{6}\.pdf"/,
    );
    const text = pdfText(response.rawPayload);
    expect(text).toMatch(/\sInvoice\n/);
    expect(text).not.toContain('Proforma');
    expect(text).not.toContain('Payment instructions');
    expect(text).toMatch(new RegExp(`Paid on:\\s*${bakuDay(paid.json().data.paid_at)}`));
    expect(plain(amountAfter(text, 'Total to pay, AZN'))).toBe(order.total_azn);
  });

  it('makes an invoice of a credit order at once, with its surcharge noted', async () => {
    const order = await place('dealer@example.com', 2);
    const text = pdfText((await invoiceOf('dealer@example.com', order.id)).rawPayload);
    expect(text).toMatch(/\sInvoice\n/);
    expect(text).toContain('Sold on credit');
    expect(text).toContain('Includes the credit surcharge of 2%.');
    expect(plain(amountAfter(text, 'Total to pay, AZN'))).toBe(order.total_azn);
  });

  it("names the buyer's company from its approved partner application, its VÖEN and address from the dealer's account", async () => {
    const [dealer] = await ctx.db
      .select({ id: users.id, countryId: users.countryId })
      .from(users)
      .where(eq(users.email, 'dealer@example.com'));
    await ctx.db.insert(partnerApplications).values({
      companyName: 'Gəncə Proqram MMC',
      voen: '1700000009',
      contractNumber: 'C-1',
      contractStartDate: '2024-01-01',
      mpnId: '1',
      fullName: 'Dealer Person',
      email: 'dealer-company@example.com',
      phone: '+994500000000',
      finCode: 'ABC1234',
      countryId: dealer!.countryId!,
      region: 'Gəncə',
      city: 'Gəncə',
      addressLine1: 'Atatürk prospekti 5',
      postalCode: 'AZ2000',
      position: 'Director',
      contactNumber: '+994500000000',
      status: 'approved',
      userId: dealer!.id,
    });
    // what approving the application (or migration dealer_voen_address, for one approved before) puts on it
    await ctx.db
      .update(users)
      .set({ voen: '1700000009', address: 'Atatürk prospekti 5, Gəncə, AZ2000' })
      .where(eq(users.id, dealer!.id));
    const order = await place('dealer@example.com', 1, 1);
    const text = pdfText((await invoiceOf('dealer@example.com', order.id)).rawPayload);
    expect(text).toContain('Gəncə Proqram MMC');
    expect(text).toContain('VÖEN: 1700000009');
    // the account's address, then its country in the document's language
    expect(text).toContain('Address: Atatürk prospekti 5, Gəncə, AZ2000,');
    expect(text).toContain('Azerbaijan');
  });

  it('shows the invoice to whoever sees the order, and to nobody else (404 as the order)', async () => {
    const order = await place('dealer@example.com', 1, 1);
    for (const email of ['dealer@example.com', 'gd@example.com', 'ld@example.com'])
      expect((await invoiceOf(email, order.id)).statusCode, email).toBe(200);
    for (const email of ['dealer2@example.com', 'user@example.com', 'farid@example.com']) {
      const refused = await invoiceOf(email, order.id);
      expect(refused.statusCode, email).toBe(404);
      expect(refused.json()).toMatchObject({ code: 404, data: { error: 'NOT_FOUND' } });
      expect((await (await as(ctx, email)).get(`/api/orders/${order.id}`)).statusCode).toBe(404);
    }
    expect((await invoiceOf('dealer@example.com', 2_000_000_000)).statusCode).toBe(404);
  });

  it('refuses a cancelled order with 409 and no document', async () => {
    const order = await place('dealer@example.com', 1, 1);
    const shopper = await as(ctx, 'dealer@example.com');
    expect((await shopper.post(`/api/orders/${order.id}/cancel`, {})).statusCode).toBe(200);
    const refused = await invoiceOf('dealer@example.com', order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: 'A cancelled order has no invoice.',
      data: { error: 'INVALID_STATE' },
    });
  });

  it("refuses while the seller's details are missing, then an admin's save is audited and used", async () => {
    const admin = await as(ctx, 'gd@example.com');
    const seeded = (await admin.get('/api/settings/company')).json().data;
    expect(seeded).toMatchObject({ name: 'ESD Demo Distribution MMC', payment_days: 5 });
    // the other tests print the seeded seller: it is back once this one ends, passed or failed
    onTestFinished(async () => {
      expect((await admin.put('/api/settings/company', seeded)).statusCode).toBe(200);
    });
    await ctx.db.delete(appSettings).where(eq(appSettings.key, 'company'));
    expect((await admin.get('/api/settings/company')).json().data).toBeNull();
    const order = await place('dealer@example.com', 1, 1);
    const refused = await invoiceOf('dealer@example.com', order.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.error).toBe('COMPANY_DETAILS_MISSING');

    // a bad VÖEN is refused field by field, and nothing is saved
    const bad = await admin.put('/api/settings/company', { ...seeded, voen: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.issues[0].path).toBe('body/voen');
    const details = {
      ...seeded,
      name: 'Xəzər Lisenziya MMC',
      iban: ' az21navb00000000000000000001 ',
      payment_days: 10,
    };
    const saved = await admin.put('/api/settings/company', details);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ iban: 'AZ21NAVB00000000000000000001' });
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company.update'));
    expect(entry).toMatchObject({ entityType: 'company_settings' });
    expect(entry!.after).toMatchObject({ name: 'Xəzər Lisenziya MMC', payment_days: 10 });

    const text = pdfText((await invoiceOf('dealer@example.com', order.id)).rawPayload);
    expect(text).toContain('Xəzər Lisenziya MMC');
    expect(text).toContain('AZ21NAVB00000000000000000001');
    expect(text).toMatch(new RegExp(`Due date:\\s*${bakuDay(order.created_at, 10)}`));
    // a save that changes nothing writes no second entry
    await admin.put('/api/settings/company', details);
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'company.update'));
    expect(entries).toHaveLength(1);
  });
});

describe('[orders] the confirmation mail of a cash order carries its proforma invoice', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext('pglite', {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@esd.test>' },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("mails the buyer once, in its language, with the order's proforma invoice as a PDF", async () => {
    const productId = await createProduct(ctx, { sku: 'INV-MAIL' });
    // dealer2 reads Azerbaijani
    const shopper = await as(ctx, 'dealer2@example.com');
    await shopper.get(`/api/basket/add/${productId}/2/1`);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: 1 },
      { 'idempotency-key': 'invoice-mail-1' },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json().data as Order;

    const [mail] = await waitFor(
      () => smtp.received.filter((m) => m.subject.includes(`№${order.id}`)),
      { until: (mails) => mails.length > 0, message: 'the proforma mail at the SMTP server' },
    );
    expect(mail!.subject).toBe(`№${order.id} sifarişi qəbul edildi: proforma hesab-faktura`);
    expect(mail!.to).toEqual(['dealer2@example.com']);
    expect(mail!.text).toContain(`${order.total_azn.replace('.', ',')} AZN`);
    expect(mail!.text).toContain(`http://portal.test/pages/orders?order=${order.id}`);
    // the AZN amount holds on the proforma's day only; another day follows that day's rate
    expect(mail!.text).toMatch(
      /\d{2}\.\d{2}\.\d{4} tarixində ödənildikdə qüvvədədir\. Başqa gün ödənildikdə AZN məbləği ödəniş gününün bank məzənnəsi ilə/,
    );
    expect(mail!.html).toContain(
      `<a href="http://portal.test/pages/orders?order=${order.id}&#38;lang=az">http://portal.test/pages/orders?order=${order.id}&#38;lang=az</a>`,
    );
    expect(mail!.attachments).toHaveLength(1);
    const [attachment] = mail!.attachments;
    expect(attachment!.contentType).toBe('application/pdf');
    expect(attachment!.filename).toMatch(/^proforma-invoice-PRO-\d{4}-\d{6}\.pdf$/);
    const text = pdfText(attachment!.content);
    expect(text).toContain('Proforma hesab-faktura');
    expect(plainLocal(amountAfter(text, 'Ödəniləcək cəmi, AZN'))).toBe(order.total_azn);
    // the attachment is the very document the order page downloads
    const download = await shopper.get(`/api/orders/${order.id}/invoice`);
    expect(pdfText(download.rawPayload)).toBe(text);

    // claimed once: the job run again sends nothing more (once the first run has recorded
    // its send, which it does after the SMTP server has the mail)
    const claims = await waitFor(
      () =>
        ctx.db
          .select()
          .from(orderMails)
          .where(and(eq(orderMails.orderId, order.id), eq(orderMails.kind, 'proforma'))),
      {
        until: (rows) => rows.some((row) => row.sentAt !== null),
        message: `the proforma mail of order ${order.id} recorded as sent`,
      },
    );
    expect(claims).toHaveLength(1);
    expect(await sendPlacedOrderMail(ctx.app, order.id)).toBe('already-sent');
    expect(smtp.received.filter((m) => m.subject.includes(`№${order.id}`))).toHaveLength(1);

    // a credit order is not waiting for a payment: no proforma mail
    await shopper.get(`/api/basket/add/${productId}/1/2`);
    const credit = await shopper.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': 'invoice-mail-2' },
    );
    expect(credit.statusCode).toBe(200);
    expect(await sendPlacedOrderMail(ctx.app, credit.json().data.id)).toBe('not-pending');
  });
});
