/**
 * Issue 30: every queue checks its jobs' payload with its zod schema when a job runs. A job whose
 * data does not match fails at its first run, whatever retries its queue has, and waits in the
 * dead letters (Settings → Failed jobs) with an error naming the queue and what is wrong; the
 * process goes on working, and the good jobs of the same batch run.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { JOBS_SCHEMA } from '../../db/migrate';
import { orders } from '../../db/schema';

type FailedJob = {
  id: string;
  queue: string;
  order_id: number | null;
  error: string | null;
  attempts: number;
};

const DELIVER = 'deliver-order';
const NOTICE = 'admin-notice';

describe.each(dbKinds)('[jobs] payloads checked when a job runs on %s', (kind) => {
  let ctx: TestContext;
  let gdToken: string;

  const jobRow = async (id: string) => {
    const result = (await ctx.db.execute(
      sql`select state::text as state, retry_count, retry_limit from ${sql.raw(JOBS_SCHEMA)}.job
          where id = ${id}::uuid`,
    )) as unknown as { rows: { state: string; retry_count: number; retry_limit: number }[] };
    return result.rows[0];
  };
  const listFailed = async () => {
    const response = await ctx.app.inject({
      url: '/api/settings/jobs/failed?perPage=100',
      headers: bearer(gdToken),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { items: FailedJob[] }).items;
  };
  /** sends one job (without data: pg-boss stores null) and wakes this process's worker */
  const send = async (queue: string, data?: object) => {
    const id = await ctx.app.boss.send({ name: queue, data });
    if (!id) throw new Error(`no job sent to ${queue}`);
    ctx.app.jobs.notify(queue);
    return id;
  };
  /** the dead letters of a queue now: what a test's own bad job adds is the one not in here */
  const deadLetterIds = async (queue: string) =>
    new Set((await listFailed()).filter((j) => j.queue === queue).map((j) => j.id));
  const newDeadLetter = (queue: string, earlier: Set<string>) =>
    waitFor(async () => (await listFailed()).find((j) => j.queue === queue && !earlier.has(j.id)), {
      message: `the ${queue} job with a bad payload in the dead letters`,
    });

  beforeAll(async () => {
    ctx = await createTestContext(kind, {
      env: {
        JOB_POLL_SECONDS: '0.5',
        // the good delivery below is the job this suite sends, not the checkout's backstop
        JOB_BACKSTOP_SECONDS: '300',
      },
    });
    gdToken = await ctx.login('gd@example.com');
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
  });

  it('fails a delivery job with a bad order id at its first run, into the dead letters with the queue and the problem', async () => {
    const earlier = await deadLetterIds(DELIVER);
    const id = await send(DELIVER, { orderId: 'twelve' });
    const failed = await newDeadLetter(DELIVER, earlier);
    expect(failed.error).toContain(`queue ${DELIVER}`);
    expect(failed.error).toMatch(/orderId: .*number/i);
    // the queue allows 20 retries; a payload that cannot become valid gets none
    expect(failed.attempts).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'failed', retry_count: 0 });
    // the process is still up and answering
    expect((await ctx.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
  });

  it('fails a job sent without any data, naming what is missing', async () => {
    const earlier = await deadLetterIds(NOTICE);
    await send(NOTICE);
    const failed = await newDeadLetter(NOTICE, earlier);
    expect(failed.error).toContain('kind');
    expect(failed.error).toContain(`queue ${NOTICE}`);
    expect(failed.attempts).toBe(1);
  });

  it('fails an admin notice of an unknown kind, and fails it again once when an admin re-queues it', async () => {
    // other tests leave notices of their own in the dead letters: this one is the new entry
    const earlier = await deadLetterIds(NOTICE);
    await send(NOTICE, { kind: 'unknown_kind', productId: 1 });
    const notices = await waitFor(
      async () => (await listFailed()).filter((j) => j.queue === NOTICE),
      {
        until: (items) => items.length === earlier.size + 1,
        message: 'the bad notice in the dead letters',
      },
    );
    const failed = notices.find((j) => !earlier.has(j.id))!;
    expect(failed.error).toContain('kind');
    const before = notices.length;
    const retried = await ctx.app.inject({
      method: 'POST',
      url: `/api/settings/jobs/failed/${failed.id}/retry`,
      headers: bearer(gdToken),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    const jobId = retried.json().data.job_id as string;
    ctx.app.jobs.notify(NOTICE);
    await waitFor(() => jobRow(jobId), {
      until: (job) => job?.state === 'failed',
      message: 'the re-queued bad notice failed again',
    });
    expect(await jobRow(jobId)).toMatchObject({ retry_count: 0 });
    // the old dead letter was taken, the new one waits: no loop, one entry
    await waitFor(async () => (await listFailed()).filter((j) => j.queue === NOTICE), {
      until: (items) => items.length === before && !items.some((j) => j.id === failed.id),
      message: 'one dead letter for the re-queued notice',
    });
  });

  it('runs the good job of a batch that also holds a bad one', async () => {
    const productId = await createProduct(ctx, { sku: 'JOBS-PAYLOAD' });
    const dealer = await as(ctx, 'dealer@example.com');
    expect((await dealer.get(`/api/basket/add/${productId}/1/2`)).statusCode).toBe(200);
    const placed = await dealer.post(
      '/api/checkout',
      { sell_type: 2 },
      { 'idempotency-key': `payload-${Math.random().toString(36).slice(2)}` },
    );
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().data.id as number;
    // paid, but no key to deliver yet: its delivery waits for the job sent below
    const statusOf = async () =>
      (await ctx.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]
        ?.status;
    expect(await statusOf()).toBe('in_progress');
    await addKeys(ctx, productId, 1);

    const [bad, good] = [crypto.randomUUID(), crypto.randomUUID()];
    await ctx.app.boss.insert([
      { id: bad, name: DELIVER, data: { orderId: -1 } },
      { id: good, name: DELIVER, data: { orderId } },
    ]);
    ctx.app.jobs.notify(DELIVER);
    await waitFor(statusOf, {
      until: (status) => status === 'completed',
      message: `order ${orderId} delivered by its good job`,
    });
    await waitFor(() => jobRow(good), {
      until: (job) => job?.state === 'completed',
      message: 'the good job completed',
    });
    expect(await jobRow(bad)).toMatchObject({ state: 'failed', retry_count: 0 });
    const failed = (await listFailed()).filter(
      (j) => j.queue === DELIVER && j.error?.includes('orderId: Too small'),
    );
    expect(failed).toHaveLength(1);
  });
});
