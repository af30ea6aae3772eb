/**
 * Issue 8 proof: pg-boss runs jobs at least once, yet an automatic mail goes out at most once
 * per order and kind; a failed send is retried; a worker killed mid-job is retried; jobs that
 * spend their retries reach a dead-letter queue that global admins list and re-queue.
 * Mail goes to a real SMTP server on loopback that can refuse addresses on demand.
 */
import { jobQueueNames } from '@esd/shared/jobs/jobs.schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { itOnRealPostgres } from '../../../test/real-postgres';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { JOBS_SCHEMA } from '../../db/migrate';
import { auditLog, orderItems, orderMails, orders, users } from '../../db/schema';
import { deadLetterOf } from '../../plugins/jobs';
import { QUEUES } from '../delivery/delivery.jobs';
import { raiseLateDeliveryAlerts, sendCompletedOrderMail } from '../delivery/delivery.service';

/** keys mails of an order: the subject names it as #id (en) or №id (ru, az) */
const keysMailsOf = (smtp: TestSmtpServer, orderId: number) =>
  smtp.received.filter((m) => new RegExp(`[#№]${orderId}(?!\\d)`).test(m.subject));

type FailedJob = {
  id: string;
  queue: string;
  order_id: number | null;
  error: string | null;
  attempts: number;
  failed_at: string;
};

describe.each(dbKinds)('[jobs] mail at most once, retries and dead letters on %s', (kind) => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  let productId: number;
  let gdToken: string;

  const rows = async <T>(query: ReturnType<typeof sql>) => {
    const result = (await ctx.db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  };
  const jobsOfOrder = async (queue: string, orderId: number, on: TestContext = ctx) =>
    (
      (await on.db.execute(
        sql`select id::text as id, state::text as state, retry_count from ${sql.raw(JOBS_SCHEMA)}.job
          where name = ${queue} and data->>'orderId' = ${String(orderId)}`,
      )) as unknown as { rows: { id: string; state: string; retry_count: number }[] }
    ).rows;
  const listFailed = async () => {
    const response = await ctx.app.inject({
      url: '/api/settings/jobs/failed?perPage=100',
      headers: bearer(gdToken),
    });
    expect(response.statusCode).toBe(200);
    return response.json().data as { items: FailedJob[]; total: number };
  };

  /**
   * A dealer's credit order of one in-stock key (of `product`, on `on`); answers once delivery
   * completed it.
   */
  const placeCompletedOrder = async (email: string, on: TestContext = ctx, product = productId) => {
    const shopper = await as(on, email);
    const added = await shopper.get(`/api/basket/add/${product}/1/2`);
    expect(added.statusCode).toBe(200);
    const placed = await shopper.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `jobs-${Math.random().toString(36).slice(2)}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const id = placed.json().data.id as number;
    await waitFor(
      () => on.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)),
      { until: ([order]) => order?.status === 'completed', message: `order ${id} completed` },
    );
    return id;
  };

  /**
   * The minute watch would raise late alerts behind the late-alert test's back: unscheduled, its
   * runs already queued dropped, a running one finished. A run queued before the unschedule (or
   * a schedule another app instance on this database put back) once raced that test.
   */
  const quietWatch = async () => {
    const jobTable = sql.raw(`${JOBS_SCHEMA}.job`);
    await ctx.app.boss.unschedule(QUEUES.watch);
    await ctx.db.execute(
      sql`delete from ${jobTable} where name = ${QUEUES.watch} and state in ('created', 'retry')`,
    );
    await waitFor(
      () =>
        rows<{ running: number }>(
          sql`select count(*)::int as running from ${jobTable}
            where name = ${QUEUES.watch} and state = 'active'`,
        ),
      { until: ([row]) => row?.running === 0, message: 'no minute watch running' },
    );
  };

  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext(kind, {
      env: {
        SMTP_URL: smtp.url,
        // one retry, a second apart, so exhausting a job takes seconds
        MAIL_RETRY_LIMIT: '1',
        MAIL_RETRY_DELAY_SECONDS: '1',
        JOB_POLL_SECONDS: '0.5',
      },
    });
    productId = await createProduct(ctx, { sku: 'JOBS-KEYS' });
    await addKeys(ctx, productId, 40);
    gdToken = await ctx.login('gd@example.com');
    await quietWatch();
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it('sends the keys mail once however often its job runs, and still lets "Send keys" re-send', async () => {
    const orderId = await placeCompletedOrder('dealer@example.com');
    await waitFor(() => keysMailsOf(smtp, orderId).length > 0, { message: 'the keys mail' });
    // the SMTP server has the mail a moment before the job records it sent: until then, a run
    // sees a claim not confirmed and leaves it to the job's retry (the race test below)
    await waitFor(
      async () =>
        (await ctx.db.select().from(orderMails).where(eq(orderMails.orderId, orderId)))[0]?.sentAt,
      { until: (sentAt) => sentAt != null, message: 'the keys mail recorded as sent' },
    );
    // the job handler again, twice, and the same job queued twice more
    expect(await sendCompletedOrderMail(ctx.app, orderId)).toBe('already-sent');
    expect(await sendCompletedOrderMail(ctx.app, orderId)).toBe('already-sent');
    await ctx.app.deliveries.orderCompleted(orderId);
    await ctx.app.deliveries.orderCompleted(orderId);
    await waitFor(() => jobsOfOrder(QUEUES.mail, orderId), {
      until: (jobs) => jobs.length === 3 && jobs.every((j) => j.state === 'completed'),
      message: 'the re-queued mail jobs done',
    });
    expect(keysMailsOf(smtp, orderId)).toHaveLength(1);
    expect(keysMailsOf(smtp, orderId)[0]!.to).toEqual(['dealer@example.com']);
    const claims = await ctx.db.select().from(orderMails).where(eq(orderMails.orderId, orderId));
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ kind: 'keys' });
    expect(claims[0]!.sentAt).not.toBeNull();

    // an admin's "Send keys" is a deliberate re-send: never blocked by the claim
    const gd = await as(ctx, 'gd@example.com');
    const resent = await gd.post(`/api/orders/${orderId}/send-keys`, {});
    expect(resent.statusCode, resent.body).toBe(200);
    await waitFor(() => keysMailsOf(smtp, orderId).length === 2, { message: 'the manual re-send' });
  }, 30_000);

  it('sends exactly one mail when many runs race for a mail not yet sent', async () => {
    const orderId = await placeCompletedOrder('dealer@example.com');
    await waitFor(() => keysMailsOf(smtp, orderId).length > 0, { message: 'the keys mail' });
    // as if it had never gone out: forget the claim and the message, then race
    await ctx.db.delete(orderMails).where(eq(orderMails.orderId, orderId));
    smtp.received.splice(0, smtp.received.length);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 6 }, () => sendCompletedOrderMail(ctx.app, orderId)),
    );
    const sent = outcomes.filter((o) => o.status === 'fulfilled' && o.value === 'sent');
    expect(sent).toHaveLength(1);
    // the others either saw it sent or saw the claim still unconfirmed (their job retries)
    for (const o of outcomes) {
      if (o.status === 'rejected') expect(String(o.reason)).toContain('not confirmed as sent');
      else expect(['sent', 'already-sent']).toContain(o.value);
    }
    expect(keysMailsOf(smtp, orderId)).toHaveLength(1);
  }, 30_000);

  it('drains a backlog of mail jobs at once, not a batch per polling interval', async () => {
    // A process whose workers poll once a minute (mail: every 2 minutes), woken once: a drain of
    // one batch per polling interval would need 3 intervals (6 minutes) after the first batch,
    // while the waits below end long before one interval. The bound is the interval this test
    // sets, not how fast the machine runs the jobs.
    // its own SMTP server: its order ids repeat this suite's (the same seeded template), so its
    // mails must never reach the mailbox the other tests count
    const slowSmtp = await startSmtpServer();
    const slow = await createTestContext(kind, {
      env: { SMTP_URL: slowSmtp.url, MAIL_RETRY_LIMIT: '1', JOB_POLL_SECONDS: '60' },
    });
    try {
      const slowProduct = await createProduct(slow, { sku: 'JOBS-BACKLOG' });
      await addKeys(slow, slowProduct, 1);
      const orderId = await placeCompletedOrder('dealer@example.com', slow, slowProduct);
      await waitFor(() => keysMailsOf(slowSmtp, orderId).length > 0, { message: 'the keys mail' });
      // 35 more jobs of that order at once, as a burst of orders leaves them, then one wake
      const backlog = 35;
      await slow.app.boss.insert(
        Array.from({ length: backlog }, () => ({ name: QUEUES.mail, data: { orderId } })),
      );
      slow.app.jobs.notify(QUEUES.mail);
      await waitFor(
        async () =>
          (await jobsOfOrder(QUEUES.mail, orderId, slow)).filter((j) => j.state === 'completed')
            .length,
        {
          until: (done) => done === backlog + 1,
          message: `all ${backlog + 1} mail jobs of the backlog completed within one polling interval`,
          timeoutMs: 20_000,
        },
      );
      // and the mail itself went out once
      expect(keysMailsOf(slowSmtp, orderId)).toHaveLength(1);
    } finally {
      await slow.close();
      await slowSmtp.close();
    }
  }, 60_000);

  it('retries a mail the SMTP server refused the first time, and sends it exactly once', async () => {
    smtp.refuseNext();
    const orderId = await placeCompletedOrder('dealer@example.com');
    await waitFor(() => keysMailsOf(smtp, orderId).length > 0, {
      message: 'the retried keys mail',
    });
    const jobs = await waitFor(() => jobsOfOrder(QUEUES.mail, orderId), {
      until: (list) => list.length === 1 && list[0]!.state === 'completed',
      message: 'the mail job completed',
    });
    // it ran twice: refused once, then sent
    expect(jobs[0]!.retry_count).toBe(1);
    // no wait for a late second mail: the order's only mail job is done, so nothing retries or
    // sends again, and the SMTP server keeps a message before it acknowledges the send
    expect(keysMailsOf(smtp, orderId)).toHaveLength(1);
  }, 30_000);

  it('retries a mail job whose worker was killed mid-job, and sends it once', async () => {
    const orderId = await placeCompletedOrder('dealer@example.com');
    await waitFor(() => keysMailsOf(smtp, orderId).length > 0, { message: 'the keys mail' });
    await ctx.db.delete(orderMails).where(eq(orderMails.orderId, orderId));
    smtp.received.splice(0, smtp.received.length);
    // what a SIGKILLed worker leaves: its job active, started more than its expiry ago
    const jobId = await ctx.app.boss.send(QUEUES.mail, { orderId }, { startAfter: 3600 });
    await ctx.db.execute(sql`
      update ${sql.raw(JOBS_SCHEMA)}.job
      set state = 'active', started_on = now() - interval '2 minutes', start_after = now()
      where name = ${QUEUES.mail} and id = ${jobId}::uuid`);
    // pg-boss's supervisor expires it (it runs this every few minutes on its own)
    await ctx.app.boss.expire();
    await waitFor(() => ctx.app.boss.getJobById(QUEUES.mail, jobId as string), {
      until: (job) => job?.state === 'completed',
      message: 'the expired job retried and done',
    });
    expect(keysMailsOf(smtp, orderId)).toHaveLength(1);

    // killed after claiming, before confirming: the mail may be out, so nothing re-sends it;
    // the job spends its retries and waits in the dead letters with the reason
    await ctx.db.update(orderMails).set({ sentAt: null }).where(eq(orderMails.orderId, orderId));
    const again = await ctx.app.boss.send(QUEUES.mail, { orderId });
    await waitFor(async () => (await listFailed()).items.some((j) => j.order_id === orderId), {
      message: 'the unconfirmed mail in the dead letters',
    });
    expect((await ctx.app.boss.getJobById(QUEUES.mail, again as string))?.state).toBe('failed');
    const failed = (await listFailed()).items.find((j) => j.order_id === orderId);
    expect(failed?.error).toContain('not confirmed as sent');
    expect(keysMailsOf(smtp, orderId)).toHaveLength(1);
  }, 30_000);

  it('puts a mail that keeps failing in the dead letters, shows it to global admins only, and re-queues it', async () => {
    const before = await listFailed();
    // the database's time now: the dead letter is stamped by the same clock, after it
    const [start] = await rows<{ ms: number }>(
      sql`select floor(extract(epoch from now()) * 1000)::float8 as ms`,
    );
    smtp.refuse('dealer2@example.com', Number.POSITIVE_INFINITY);
    const orderId = await placeCompletedOrder('dealer2@example.com');
    const failed = await waitFor(
      async () => (await listFailed()).items.find((j) => j.order_id === orderId),
      { message: 'the failed mail job in the dead letters' },
    );
    expect(failed).toMatchObject({ queue: QUEUES.mail, order_id: orderId, attempts: 2 });
    expect(failed.error).toMatch(/busy|451|recipient/i);
    expect(Date.parse(failed.failed_at)).toBeGreaterThanOrEqual(Number(start?.ms));
    const listed = await listFailed();
    expect(listed.total).toBe(before.total + 1);
    expect(keysMailsOf(smtp, orderId)).toHaveLength(0);
    // nothing was claimed for good: the failed sends released their claims
    expect(
      await ctx.db.select().from(orderMails).where(eq(orderMails.orderId, orderId)),
    ).toHaveLength(0);

    const ready = await ctx.app.inject({ url: '/api/ready', headers: bearer(gdToken) });
    expect(ready.json().data.dead_letters).toBe(listed.total);
    const metrics = await ctx.app.inject({ url: '/api/metrics', headers: bearer(gdToken) });
    const line = metrics.body
      .split('\n')
      .find((l) => l.startsWith('esd_job_dead_letters{') && l.includes('queue="order-mail"'));
    expect(Number(line?.split(' ').at(-1))).toBe(
      listed.items.filter((j) => j.queue === QUEUES.mail).length,
    );

    // global admins only
    expect((await ctx.app.inject({ url: '/api/settings/jobs/failed' })).statusCode).toBe(401);
    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const token = await ctx.login(email);
      const list = await ctx.app.inject({
        url: '/api/settings/jobs/failed',
        headers: bearer(token),
      });
      expect(list.statusCode, email).toBe(403);
      const retry = await ctx.app.inject({
        method: 'POST',
        url: `/api/settings/jobs/failed/${failed.id}/retry`,
        headers: bearer(token),
      });
      expect(retry.statusCode, email).toBe(403);
    }
    const badId = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/jobs/failed/not-a-uuid/retry',
      headers: bearer(gdToken),
    });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().data.error).toBe('VALIDATION_FAILED');

    // the mailbox works again: the retry sends it, once, and is in the audit log
    smtp.accept('dealer2@example.com');
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/jobs/failed/${failed.id}/retry`,
      headers: bearer(gdToken),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const { job_id: jobId, queue } = retried.json().data as { job_id: string; queue: string };
    expect(queue).toBe(QUEUES.mail);
    await waitFor(() => keysMailsOf(smtp, orderId).length > 0, { message: 'the retried mail' });
    await waitFor(() => ctx.app.boss.getJobById(QUEUES.mail, jobId), {
      until: (job) => job?.state === 'completed',
      message: 'the re-queued job completed',
    });
    expect(keysMailsOf(smtp, orderId)).toHaveLength(1);
    expect((await listFailed()).items.some((j) => j.id === failed.id)).toBe(false);
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/jobs/failed/${failed.id}/retry`,
      headers: bearer(gdToken),
    });
    expect(again.statusCode).toBe(404);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'job.retry'), eq(auditLog.entityType, 'job')));
    expect(audit.map((a) => a.after)).toContainEqual({ queue: QUEUES.mail, job_id: jobId });
  }, 30_000);

  it('mails each admin a late delivery once, and retries only the admin whose mail failed', async () => {
    await quietWatch();
    const [second] = await ctx.db
      .insert(users)
      .values({ email: 'gd2@example.com', name: 'Second Admin', typeId: 1 })
      .returning({ id: users.id });
    const emptyId = await createProduct(ctx, { sku: 'JOBS-LATE' });
    const dealer = await as(ctx, 'dealer@example.com');
    await dealer.get(`/api/basket/add/${emptyId}/3/2`);
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `late-${Math.random()}` },
    );
    const orderId = placed.json().data.id as number;
    await ctx.db
      .update(orders)
      .set({ paidAt: sql`now() - interval '4 minutes'` })
      .where(eq(orders.id, orderId));
    const alertsTo = (to: string) =>
      smtp.received.filter((m) => m.to.includes(to) && /late|задерж|gecik/i.test(m.subject));

    smtp.refuse('gd@example.com', Number.POSITIVE_INFINITY);
    await expect(raiseLateDeliveryAlerts(ctx.app)).rejects.toThrow();
    expect(alertsTo('gd2@example.com')).toHaveLength(1);
    expect(alertsTo('gd@example.com')).toHaveLength(0);
    // not marked alerted while an admin still misses it
    const [item] = await ctx.db
      .select({ alertedAt: orderItems.alertedAt })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId));
    expect(item?.alertedAt).toBeNull();

    smtp.accept('gd@example.com');
    expect(await raiseLateDeliveryAlerts(ctx.app)).toBe(1);
    expect(alertsTo('gd@example.com')).toHaveLength(1);
    expect(alertsTo('gd2@example.com')).toHaveLength(1);
    expect(await raiseLateDeliveryAlerts(ctx.app)).toBe(0);
    const claims = await ctx.db
      .select({ recipientId: orderMails.recipientId })
      .from(orderMails)
      .where(and(eq(orderMails.orderId, orderId), eq(orderMails.kind, 'late_delivery')));
    expect(claims.map((c) => c.recipientId)).toContain(second!.id);
    expect(claims).toHaveLength(2);
  }, 30_000);

  it('gives a database made before dead letters its dead-letter queues and retries at start-up', async () => {
    const queueTable = sql.raw(`${JOBS_SCHEMA}.queue`);
    const jobTable = sql.raw(`${JOBS_SCHEMA}.job`);
    // as an older release left it: the mail queue without a dead letter, 20 retries, and a
    // job waiting in it without one either
    await ctx.db.execute(
      sql`update ${queueTable} set dead_letter = null, retry_limit = 20 where name = ${QUEUES.mail}`,
    );
    const waiting = await ctx.app.boss.send(QUEUES.mail, { orderId: 0 }, { startAfter: 3600 });
    await ctx.db.execute(
      sql`update ${jobTable} set dead_letter = null where id = ${waiting}::uuid`,
    );

    await ctx.app.jobs.ensureQueues();

    const queue = await ctx.app.boss.getQueue(QUEUES.mail);
    expect(queue).toMatchObject({ deadLetter: deadLetterOf(QUEUES.mail), retryLimit: 1 });
    const [job] = await rows<{ dead_letter: string | null }>(
      sql`select dead_letter from ${jobTable} where id = ${waiting}::uuid`,
    );
    expect(job?.dead_letter).toBe(deadLetterOf(QUEUES.mail));
    await ctx.app.boss.deleteJob(QUEUES.mail, waiting as string);
    // every queue has its dead-letter queue, and admins see every queue's dead letters
    expect([...ctx.app.jobs.queues()].sort()).toEqual([...jobQueueNames].sort());
    for (const name of ctx.app.jobs.queues()) {
      const dead = deadLetterOf(name);
      expect((await ctx.app.boss.getQueue(name))?.deadLetter).toBe(dead);
      expect(await ctx.app.boss.getQueue(dead)).not.toBeNull();
    }
  });

  // two app instances need two connections to one database: PostgreSQL only
  itOnRealPostgres(kind)(
    'sends one mail when two app instances work the same queue with the job queued many times',
    async () => {
      const url = ctx.config.DATABASE_URL as string;
      const database = await openDatabase({ kind: 'postgres', url, max: 3 });
      const other = await buildApp({ config: ctx.config, database });
      await other.ready();
      try {
        const orderId = await placeCompletedOrder('dealer@example.com');
        await waitFor(() => keysMailsOf(smtp, orderId).length > 0, { message: 'the keys mail' });
        await ctx.db.delete(orderMails).where(eq(orderMails.orderId, orderId));
        smtp.received.splice(0, smtp.received.length);
        // eight copies of the job, queued through both instances: both workers take them
        for (let i = 0; i < 4; i++) {
          await ctx.app.deliveries.orderCompleted(orderId);
          await other.deliveries.orderCompleted(orderId);
        }
        await waitFor(() => jobsOfOrder(QUEUES.mail, orderId), {
          until: (jobs) =>
            jobs.length === 9 && jobs.every((j) => ['completed', 'failed'].includes(j.state)),
          message: 'every copy of the job finished',
          timeoutMs: 20_000,
        });
        expect(keysMailsOf(smtp, orderId)).toHaveLength(1);
      } finally {
        await other.close();
        await database.close();
      }
    },
    40_000,
  );
});
