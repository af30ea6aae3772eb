/**
 * Issue 21, part 3: admins are mailed what waits for them (return requests, partner
 * applications, the daily digest of cash orders, key stock under its low-stock threshold), each in
 * its own language, only within its scope, never twice for one thing, and not at all for a kind
 * it turned off; the navigation counts what waits. Mail goes to a real SMTP server on loopback.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { addKeys, as, createProduct, prizeClaimBody } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { nextApplicant, validApplication } from '../../../test/partners-fixtures';
import { account, insertOrderSet } from '../../../test/security/scope-fixtures';
import { type ReceivedMail, startSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { JOBS_SCHEMA } from '../../db/migrate';
import { countries, noticeMails, orders, products, users } from '../../db/schema';
import { NOTICE_QUEUES } from './notifications.jobs';
import { createNotificationsService } from './notifications.service';

const GD = 'gd@example.com'; // en
const LD = 'ld@example.com'; // ru: Azerbaijan, Georgia
const LD2 = 'ld2@example.com'; // made az here: Kazakhstan, Uzbekistan

type Caller = Awaited<ReturnType<typeof as>>;

describe.each(dbKinds)('[notifications] admins told of what waits for them on %s', (kind) => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let ctx: TestContext;
  let dealer: Caller;
  let gd: Caller;
  let ld: Caller;
  let ld2: Caller;

  const mailsTo = (email: string, subject: RegExp) =>
    smtp.received.filter((m) => m.to.includes(email) && subject.test(m.subject));
  /** Every queued admin notice has run to its end (sent, or failed for good). */
  const noticesSettled = () =>
    waitFor(
      async () => {
        const result = (await ctx.db.execute(
          sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
            where name in (${NOTICE_QUEUES.notice}, ${NOTICE_QUEUES.digest}) and state < 'completed'`,
        )) as unknown as { rows: { n: number }[] };
        return result.rows[0]?.n === 0;
      },
      { message: 'admin notice jobs settled' },
    );
  const waitForMail = (email: string, subject: RegExp, count = 1) =>
    waitFor(() => mailsTo(email, subject), {
      until: (found) => found.length >= count,
      message: `${count} mail(s) to ${email} matching ${subject}`,
    });

  /** A completed credit order of the dealer: `quantity` keys of the product. */
  const buy = async (productId: number, quantity: number) => {
    expect((await dealer.get(`/api/basket/add/${productId}/${quantity}/2`)).statusCode).toBe(200);
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `notify-${Math.random().toString(36).slice(2)}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.id as number;
    await waitFor(
      () => ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)),
      { until: ([order]) => order?.status === 'completed', message: `order ${id} completed` },
    );
    return id;
  };

  const askReturn = async (orderId: number, reason: string) => {
    const order = (await dealer.get(`/api/orders/${orderId}`)).json().data;
    const itemId = order.items[0].id as number;
    const asked = await dealer.post(`/api/orders/${orderId}/items/${itemId}/return`, { reason });
    expect(asked.statusCode, asked.body).toBe(200);
  };

  const setSwitch = async (c: Caller, notice: string, enabled: boolean) => {
    const saved = await c.put('/api/profile/notifications', { kind: notice, enabled });
    expect(saved.statusCode, saved.body).toBe(200);
    return saved.json().data.settings as { kind: string; enabled: boolean }[];
  };

  const waiting = async (c: Caller) => (await c.get('/api/notifications/waiting')).json().data;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext(kind, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_RETRY_LIMIT: '3',
        MAIL_RETRY_DELAY_SECONDS: '1',
        JOB_POLL_SECONDS: '0.5',
      },
    });
    await ctx.db.update(users).set({ lang: 'az' }).where(eq(users.email, LD2));
    [dealer, gd, ld, ld2] = await Promise.all([
      as(ctx, 'dealer@example.com'),
      as(ctx, GD),
      as(ctx, LD),
      as(ctx, LD2),
    ]);
  });

  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('mails a return request to the global admins and the local admins of its country, each in its language', async () => {
    const productId = await createProduct(ctx, { sku: 'NOTIFY-RET', is_returnable: true });
    await addKeys(ctx, productId, 5);
    const orderId = await buy(productId, 1);
    await askReturn(orderId, 'Bought <twice> by mistake');

    const subjectEn = new RegExp(`^Return requested in order #${orderId}$`);
    const subjectRu = new RegExp(`^Запрошен возврат по заказу №${orderId}$`);
    const [toGd] = await waitForMail(GD, subjectEn);
    const [toLd] = await waitForMail(LD, subjectRu);
    await noticesSettled();
    expect(toGd!.text).toContain(`http://portal.test/pages/orders?order=${orderId}`);
    expect(toGd!.text).toContain('Bought <twice> by mistake');
    expect(toGd!.html).toContain('Bought &#60;twice&#62; by mistake');
    expect(toGd!.html).not.toContain('<twice>');
    expect(toLd!.text).toContain('Тестовый пакет Pro'); // the item's title in Russian
    // the dealer sells in Azerbaijan: the Kazakh local admin is told nothing of this order
    // (other tests may mail it of other things)
    const ofThisOrder = new RegExp(`\\?order=${orderId}(?!\\d)`);
    expect(smtp.received.filter((m) => m.to.includes(LD2) && ofThisOrder.test(m.text))).toEqual([]);
    expect(mailsTo(GD, subjectEn)).toHaveLength(1);

    expect((await waiting(gd)).return_requests).toBeGreaterThanOrEqual(1);
    expect((await waiting(ld)).return_requests).toBeGreaterThanOrEqual(1);
  });

  it('sends no mail of a kind an admin turned off, and only admins of that kind may switch it', async () => {
    const initial = (await ld.get('/api/profile/notifications')).json().data.settings;
    expect(initial).toEqual([
      { kind: 'return_requested', enabled: true },
      { kind: 'partner_application', enabled: true },
      { kind: 'cash_digest', enabled: true },
    ]);
    const refused = await ld.put('/api/profile/notifications', {
      kind: 'low_stock',
      enabled: false,
    });
    expect(refused.statusCode).toBe(403);
    expect(await setSwitch(ld, 'return_requested', false)).toContainEqual({
      kind: 'return_requested',
      enabled: false,
    });

    const productId = await createProduct(ctx, { sku: 'NOTIFY-OFF', is_returnable: true });
    await addKeys(ctx, productId, 2);
    const orderId = await buy(productId, 1);
    await askReturn(orderId, 'Not needed');
    await waitForMail(GD, new RegExp(`#${orderId}$`));
    await noticesSettled();
    expect(mailsTo(LD, new RegExp(`№${orderId}$`))).toEqual([]);

    await setSwitch(ld, 'return_requested', true);
  });

  it('mails a partner application to the global admins and the local admins of its country; a refused send is retried without mailing anyone twice', async () => {
    const [kz] = await ctx.db.select().from(countries).where(eq(countries.code, 'KZ'));
    const application = { ...validApplication(kz!.id), ...nextApplicant() };
    application.company_name = 'Steppe Soft LLP';
    // the global admin's server refuses once: that mail is retried, the other is not resent
    smtp.refuse(GD, 1);
    const submitted = await ctx.app.inject({
      method: 'POST',
      url: '/api/partners/applications',
      payload: application,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const [toGd] = await waitForMail(GD, /^New partner application: Steppe Soft LLP$/);
    const [toLd2] = await waitForMail(LD2, /^Yeni tərəfdaş müraciəti: Steppe Soft LLP$/);
    await noticesSettled();
    expect(toGd!.text).toContain('http://portal.test/pages/settings/partners?lang=en');
    // a local admin does not review applications: it is told, and linked to its users, a page
    // it may open (its applications' page and data are the global admins')
    expect(toLd2!.text).toContain('http://portal.test/pages/settings/users?lang=az');
    expect(toLd2!.text).not.toContain('/pages/settings/partners');
    expect((await ld2.get('/api/settings/users')).statusCode).toBe(200);
    expect((await ld2.get('/api/settings/partner-applications')).statusCode).toBe(403);
    expect(toLd2!.text).toContain('Qazaxıstan');
    expect(mailsTo(LD, /Steppe Soft/)).toEqual([]);

    // the job again (a duplicate, a worker that died after sending): nobody is mailed again
    const [row] = await ctx.db
      .execute(sql`select id from partner_applications where company_name = 'Steppe Soft LLP'`)
      .then((r) => (r as unknown as { rows: { id: number }[] }).rows);
    await ctx.app.notifyAdmins({ kind: 'partner_application', applicationId: row!.id });
    await noticesSettled();
    const all = (mail: ReceivedMail) => /Steppe Soft/.test(mail.subject);
    expect(
      smtp.received
        .filter(all)
        .map((m) => m.to.join())
        .sort(),
    ).toEqual([GD, LD2].sort());
    const claims = await ctx.db
      .select({ sentAt: noticeMails.sentAt })
      .from(noticeMails)
      // this application's claims: a prize claim or a stock notice may have the same number
      .where(
        and(eq(noticeMails.kind, 'partner_application'), eq(noticeMails.subject, String(row!.id))),
      );
    expect(claims.filter((c) => c.sentAt !== null)).toHaveLength(2);
    // the refused mail was sent by a retry of the first job
    const retried = (await ctx.db.execute(
      sql`select max(retry_count)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
        where name = ${NOTICE_QUEUES.notice} and data->>'applicationId' = ${String(row!.id)}`,
    )) as unknown as { rows: { n: number }[] };
    expect(retried.rows[0]?.n).toBeGreaterThanOrEqual(1);

    expect((await waiting(ld2)).partner_applications).toBeGreaterThanOrEqual(1);
  });

  it('mails the global admins, each in its language, once a dealer claims a prize; a refused send neither undoes the claim nor mails anyone twice', async () => {
    const HOUR = 3_600_000;
    // a second global admin, reading Azerbaijani, for this test only
    const [template] = await ctx.db.select().from(users).where(eq(users.email, GD));
    const [gdAz] = await ctx.db
      .insert(users)
      .values({
        email: 'gd-az.prizes@example.com',
        name: 'Leyla Prizes',
        typeId: 1,
        lang: 'az',
        passwordHash: template!.passwordHash,
      })
      .returning();
    onTestFinished(async () => {
      await ctx.db.update(users).set({ isActive: false }).where(eq(users.id, gdAz!.id));
    });
    const productId = await createProduct(ctx, { sku: 'NOTIFY-PRIZE' });
    await addKeys(ctx, productId, 3);
    const event = await gd.post('/api/settings/events', {
      title: { en: 'Spring race', ru: 'Весенняя гонка', az: 'Yaz yarışı' },
      description: { en: 'Points.', ru: 'Баллы.', az: 'Xallar.' },
      starts_at: new Date(Date.now() - HOUR).toISOString(),
      ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
      products: [{ product_id: productId, points: 10 }],
    });
    expect(event.statusCode, event.body).toBe(200);
    const eventId = event.json().data.id as number;
    const prize = await gd.post('/api/settings/prizes', {
      event_id: eventId,
      title: { en: 'Branded mug', ru: 'Фирменная кружка', az: 'Brend fincan' },
      description: { en: 'Ceramic.', ru: 'Керамика.', az: 'Keramika.' },
      points_needed: 10,
      rank: null,
      stock: 3,
    });
    expect(prize.statusCode, prize.body).toBe(200);
    const prizeId = prize.json().data.id as number;
    const claimUrl = `/api/events/${eventId}/prizes/${prizeId}/claim`;
    const ofThisPrize = (mail: ReceivedMail) =>
      /Branded mug|Фирменная кружка|Brend fincan/.test(mail.subject);

    // no points yet: a refused claim tells nobody
    expect((await dealer.post(claimUrl, prizeClaimBody)).statusCode).toBe(422);
    await buy(productId, 1);
    // the English admin's server refuses once: the claim stands all the same
    smtp.refuse(GD, 1);
    const claimed = await dealer.post(claimUrl, prizeClaimBody);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().data).toMatchObject({ status: 'pending', points_spent: 10 });

    const [toGd] = await waitForMail(GD, /^Prize claimed: Branded mug$/);
    const [toGdAz] = await waitForMail(gdAz!.email, /^Hədiyyə sifariş edilib: Brend fincan$/);
    await noticesSettled();
    expect(toGd!.text).toContain('Caspian Soft LLC claimed a prize for its event points.');
    expect(toGd!.text).toContain('Event: Spring race');
    expect(toGd!.text).toContain(
      `Deliver to: ${prizeClaimBody.contact_name}, ${prizeClaimBody.phone}, ${prizeClaimBody.address}`,
    );
    // the won prizes page, which only global admins open, in the mail's language
    expect(toGd!.text).toContain('http://portal.test/pages/settings/winned/prizes?lang=en');
    expect(toGdAz!.text).toContain('Aksiya: Yaz yarışı');
    expect(toGdAz!.text).toContain('http://portal.test/pages/settings/winned/prizes?lang=az');
    // local admins do not run events; each global admin got one mail, the refused one by a retry
    expect(
      smtp.received
        .filter(ofThisPrize)
        .map((m) => m.to.join())
        .sort(),
    ).toEqual([GD, gdAz!.email].sort());
  });

  it('sends the cash-order digest once a day to each admin, listing only its scope', async () => {
    // a pending cash order in Kazakhstan (ld2's) and one in Azerbaijan (ld's)
    const kzOrders = await insertOrderSet(ctx, await account(ctx, 'aigerim@example.com'));
    const azOrders = await insertOrderSet(ctx, await account(ctx, 'farid@example.com'));
    const service = createNotificationsService({
      db: ctx.db,
      mailer: ctx.app.mailer,
      config: ctx.config,
    });
    const digest =
      /^(1 cash order waits|\d+ cash orders wait|Заказов за наличные|Ödənişin təsdiqini)/;
    const day = new Date('2026-01-15T06:00:00Z');
    // two processes at once on the same day: one mail each
    const sent = await Promise.all([service.sendDigest(day), service.sendDigest(day)]);
    expect(sent[0] + sent[1]).toBe(3);
    expect(await service.sendDigest(new Date('2026-01-15T19:59:00Z'))).toBe(0); // 23:59 in Baku
    const [toGd] = mailsTo(GD, digest);
    const [toLd] = mailsTo(LD, digest);
    const [toLd2] = mailsTo(LD2, digest);
    expect(toGd!.text).toContain('http://portal.test/pages/orders?status=pending&type=cash');
    expect(toLd2!.text).toContain(`#${kzOrders.pendingId} `);
    expect(toLd!.text).not.toContain(`#${kzOrders.pendingId} `);
    expect(toLd!.text).toContain(`#${azOrders.pendingId} `);
    expect(toLd2!.text).not.toContain(`#${azOrders.pendingId} `);
    expect(toLd!.subject).toMatch(/^Заказов за наличные/);
    expect(toLd2!.subject).toMatch(/^Ödənişin təsdiqini/);
    const counts = await waiting(ld2);
    expect(toLd2!.subject).toContain(String(counts.cash_orders));

    // the next Baku day, with ld2's digest turned off
    await setSwitch(ld2, 'cash_digest', false);
    expect(await service.sendDigest(new Date('2026-01-15T20:00:00Z'))).toBe(2);
    expect(mailsTo(LD2, digest)).toHaveLength(1);
    await setSwitch(ld2, 'cash_digest', true);

    // the scheduled job, run twice today: still one digest each for today
    // (only digests are counted: other jobs of the app may mail meanwhile)
    const digests = () => smtp.received.filter((mail) => digest.test(mail.subject)).length;
    const before = digests();
    await ctx.app.boss.send(NOTICE_QUEUES.digest, {});
    await ctx.app.boss.send(NOTICE_QUEUES.digest, {});
    ctx.app.jobs.notify(NOTICE_QUEUES.digest);
    await waitFor(() => digests() - before, {
      until: (n) => n >= 3,
      message: "today's digests",
    });
    await noticesSettled();
    expect(digests() - before).toBe(3);
  });

  it('tells of one fall under the low-stock threshold once when several deliveries take its keys at once', async () => {
    const productId = await createProduct(ctx, { sku: 'NOTIFY-RACE', low_stock_threshold: 4 });
    // three paid orders wait for keys of a product out of stock
    const waitingOrders: number[] = [];
    for (let i = 0; i < 3; i++) {
      expect((await dealer.get(`/api/basket/add/${productId}/1/2`)).statusCode).toBe(200);
      const placed = await dealer.post(
        '/api/checkout',
        { sell_type: 2 },
        { 'idempotency-key': `notify-race-${i}-${Math.random().toString(36).slice(2)}` },
      );
      expect(placed.statusCode, placed.body).toBe(200);
      waitingOrders.push(placed.json().data.id as number);
    }
    await addKeys(ctx, productId, 5);
    // every order queued twice, worked at once: 5 keys become 2, under the level of 4
    await Promise.all([ctx.app.deliveries.sweep(), ctx.app.deliveries.sweep()]);
    await waitFor(
      () =>
        ctx.db
          .select({ status: orders.status })
          .from(orders)
          .where(sql`${orders.id} in (${sql.join(waitingOrders, sql`, `)})`),
      {
        until: (rows) => rows.length === 3 && rows.every((r) => r.status === 'completed'),
        message: 'the three orders completed',
      },
    );
    const raceSubject = /^Key stock of NOTIFY-RACE is under its low-stock threshold$/;
    await waitForMail(GD, raceSubject);
    await noticesSettled();
    expect(mailsTo(GD, raceSubject)).toHaveLength(1);
  });

  it('tells the global admins once when key stock falls under the threshold set on Key stock, and again only after a restock', async () => {
    const productId = await createProduct(ctx, { sku: 'NOTIFY-LOW' });
    // the one threshold, as Key stock sets it (issue 33)
    const set = await gd.put(`/api/keys/stock/${productId}`, { low_stock_threshold: 3 });
    expect(set.statusCode, set.body).toBe(200);
    await addKeys(ctx, productId, 5);
    const notifiedAt = async () =>
      (
        await ctx.db
          .select({ at: products.lowStockNotifiedAt })
          .from(products)
          .where(eq(products.id, productId))
      )[0]?.at ?? null;
    const lowSubject = /^Key stock of NOTIFY-LOW is under its low-stock threshold$/;

    await buy(productId, 2); // 3 left: at the threshold, not under it
    expect(await notifiedAt()).toBeNull();
    await buy(productId, 1); // 2 left: under it
    const [mail] = await waitForMail(GD, lowSubject);
    expect(mail!.text).toContain('Only 2 keys are left, under the low-stock threshold of 3.');
    expect(mail!.text).toContain('http://portal.test/pages/settings/products?tab=keys');
    const first = await notifiedAt();
    expect(first).not.toBeNull();
    expect((await waiting(gd)).low_stock_products).toBeGreaterThanOrEqual(1);
    expect((await waiting(ld)).low_stock_products).toBe(0);

    await buy(productId, 1); // 1 left: still under, told already
    expect(await notifiedAt()).toEqual(first);

    // a restock to the threshold arms it again
    const boundary = '----notifykeys';
    const file = ['R-1', 'R-2'].map((k) => `${k}-${productId}`).join('\n');
    const imported = await ctx.app.inject({
      method: 'POST',
      url: `/api/keys/import/${productId}`,
      headers: {
        authorization: `Bearer ${gd.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="keys.txt"\r\nContent-Type: text/plain\r\n\r\n${file}\r\n--${boundary}--\r\n`,
      ),
    });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().data.available).toBe(3);
    expect(await notifiedAt()).toBeNull();

    await buy(productId, 1); // 2 left: under it again
    await waitForMail(GD, lowSubject, 2);
    await noticesSettled();
    expect(mailsTo(GD, lowSubject)).toHaveLength(2);
    // key stock is kept by global admins: local admins are not told
    expect(
      smtp.received.filter((m) => m.subject.includes('NOTIFY-LOW')).flatMap((m) => m.to),
    ).toEqual([GD, GD]);
  });

  it('mails the fall under the default threshold that Key stock shows as LOW STOCK (issue 33)', async () => {
    // no threshold set: the default of 10 both flags and mails (the reorder level was off)
    const productId = await createProduct(ctx, { sku: 'NOTIFY-DEFAULT' });
    await addKeys(ctx, productId, 11);
    const stock = async () =>
      (await gd.get('/api/keys/stock?q=notify-default')).json().data.items[0] as {
        low: boolean;
        low_stock_threshold: number;
      };
    expect(await stock()).toEqual(expect.objectContaining({ low: false, low_stock_threshold: 10 }));
    await buy(productId, 2); // 9 left: under 10
    const subject = /^Key stock of NOTIFY-DEFAULT is under its low-stock threshold$/;
    const [mail] = await waitForMail(GD, subject);
    expect(mail!.text).toContain('Only 9 keys are left, under the low-stock threshold of 10.');
    expect(await stock()).toEqual(expect.objectContaining({ low: true }));
    await buy(productId, 1); // 8 left: the same fall, not mailed again
    await noticesSettled();
    expect(mailsTo(GD, subject)).toHaveLength(1);
  });
});
