/**
 * Issue 21: the central bank's daily rate fetched by the portal itself, from a real HTTP server
 * on loopback serving files in the bank's own format, and the noon mail to global admins over a
 * real SMTP server. Nothing here reaches the internet.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bakuDate } from '@esd/shared/baku-time';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { JOBS_SCHEMA } from '../../db/migrate';
import { auditLog, exchangeRates, rateAlertMails, users } from '../../db/schema';
import { RATE_QUEUES } from './rates.jobs';

const fixture = readFileSync(
  path.join(import.meta.dirname, '../../../test/fixtures/cbar-21.11.2026.xml'),
  'utf8',
);
const dayOf = (isoDate: string) => isoDate.split('-').reverse().join('.');
/** The real file of 21.11.2026, re-dated and re-valued. */
const cbarFile = (isoDate: string, usd: string) =>
  fixture
    .replaceAll('21.11.2026', dayOf(isoDate))
    .replace('<Value>1.7000</Value>', `<Value>${usd}</Value>`);

type Answer = { status: number; body: string };

/** The bank on loopback: each day's file answers what the test set, in order; 404 otherwise. */
const startBank = async () => {
  const answers = new Map<string, Answer[]>();
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const day = /^\/currencies\/(\d{2}\.\d{2}\.\d{4})\.xml$/.exec(request.url ?? '')?.[1] ?? '';
    const queue = answers.get(day) ?? [];
    // the last answer of a day stays: a retry after it gets it again
    const answer = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 404, body: '' };
    response.writeHead(answer.status, { 'content-type': 'text/xml; charset=utf-8' });
    response.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/currencies/{date}.xml`,
    requests,
    /** what the file of `isoDate` answers, one answer per request, the last one for good */
    serve: (isoDate: string, ...queue: Answer[]) => answers.set(dayOf(isoDate), queue),
    requestsFor: (isoDate: string) =>
      requests.filter((url) => url === `/currencies/${dayOf(isoDate)}.xml`).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const ok = (body: string): Answer => ({ status: 200, body });

describe.each(dbKinds)('[settings][rates] the central bank rate fetched daily on %s', (kind) => {
  let bank: Awaited<ReturnType<typeof startBank>>;
  let ctx: TestContext;
  const today = bakuDate(new Date());

  const rateOf = async (date: string) => {
    const [row] = await ctx.db
      .select({ rate: exchangeRates.usdAzn, source: exchangeRates.source })
      .from(exchangeRates)
      .where(eq(exchangeRates.rateDate, date));
    return row;
  };
  const fetchJobsOf = async (date: string) => {
    const result = (await ctx.db.execute(
      sql`select state::text as state, retry_count, output::text as output
          from ${sql.raw(JOBS_SCHEMA)}.job
          where name = ${RATE_QUEUES.fetch} and data->>'date' = ${date}`,
    )) as unknown as { rows: { state: string; retry_count: number; output: string | null }[] };
    return result.rows;
  };
  const fetchDay = async (date: string) => {
    await ctx.app.boss.send(RATE_QUEUES.fetch, { date });
    ctx.app.jobs.notify(RATE_QUEUES.fetch);
  };
  const auditOf = (date: string) =>
    ctx.db
      .select({ actorId: auditLog.actorId, after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'exchange_rate.set'), sql`${auditLog.after}->>'date' = ${date}`),
      );

  beforeAll(async () => {
    bank = await startBank();
    // today's file is served before the app starts: the start-up fetch takes it
    bank.serve(today, ok(cbarFile(today, '1.7020')));
    ctx = await createTestContext(kind, {
      env: {
        CBAR_RATES_URL: bank.url,
        CBAR_RETRY_DELAY_SECONDS: '1',
        JOB_POLL_SECONDS: '0.5',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await bank?.close();
  });

  it("fetches today's (Baku) missing rate at start and stores it as the import does", async () => {
    const stored = await waitFor(() => rateOf(today), { message: `the rate of ${today}` });
    expect(stored).toEqual({ rate: '1.7020', source: 'cbar' });
    expect(bank.requestsFor(today)).toBe(1);
    // written as no one (the portal itself), like an import is written as its admin
    expect(await auditOf(today)).toEqual([
      { actorId: null, after: { date: today, rate: '1.7020', source: 'cbar' } },
    ]);
    // prices use it at once
    const dealer = await as(ctx, 'dealer@example.com');
    const preview = (await dealer.get('/api/checkout')).json().data;
    expect(preview).toMatchObject({ rate: '1.7020', rate_date: today });
  });

  it('stores a good file under its date and leaves a day that has a rate alone', async () => {
    bank.serve('2026-11-21', ok(fixture));
    await fetchDay('2026-11-21');
    expect(await waitFor(() => rateOf('2026-11-21'), { message: 'the rate of 21.11' })).toEqual({
      rate: '1.7000',
      source: 'cbar',
    });
    // asked again: the day has its rate, the bank is not asked
    await fetchDay('2026-11-21');
    await waitFor(() => fetchJobsOf('2026-11-21'), {
      until: (jobs) => jobs.length === 2 && jobs.every((j) => j.state === 'completed'),
      message: 'both fetches of 21.11 completed',
    });
    expect(bank.requestsFor('2026-11-21')).toBe(1);
  });

  it('retries a file that is not out yet (404) and stores it once it is', async () => {
    const late = '2026-11-22';
    bank.serve(late, { status: 404, body: 'Not Found' }, ok(cbarFile(late, '1.7050')));
    await fetchDay(late);
    expect(await waitFor(() => rateOf(late), { message: 'the late rate' })).toEqual({
      rate: '1.7050',
      source: 'cbar',
    });
    expect(bank.requestsFor(late)).toBe(2);
    const [job] = await waitFor(() => fetchJobsOf(late), {
      until: (jobs) => jobs[0]?.state === 'completed',
      message: 'the late fetch completed',
    });
    expect(job!.retry_count).toBe(1);
  });

  it('stores nothing from a malformed file and retries it', async () => {
    const broken = '2026-11-23';
    bank.serve(broken, ok('<html><body>Service unavailable</body></html>'));
    await fetchDay(broken);
    const [job] = await waitFor(() => fetchJobsOf(broken), {
      until: (jobs) => (jobs[0]?.retry_count ?? 0) >= 1,
      message: 'the malformed fetch retried',
    });
    expect(job!.output).toMatch(/not a Central Bank rates file/);
    expect(await rateOf(broken)).toBeUndefined();
    expect(await auditOf(broken)).toEqual([]);
  });

  it("stores a file of another day under the file's own date, as the import does, and retries the day asked", async () => {
    const asked = '2026-11-24';
    const served = '2026-11-20';
    bank.serve(asked, ok(cbarFile(served, '1.6990')));
    await fetchDay(asked);
    await waitFor(() => bank.requestsFor(asked) >= 2, { message: 'the wrong-date file retried' });
    expect(await rateOf(served)).toEqual({ rate: '1.6990', source: 'cbar' });
    expect(await rateOf(asked)).toBeUndefined();
    // the same file again writes and audits nothing more
    expect(await auditOf(served)).toHaveLength(1);
    const [job] = await fetchJobsOf(asked);
    expect(job!.output).toMatch(/Asked for the file of 24\.11\.2026.*one of 20\.11\.2026/);
  });

  it('gives the same answer as the manual import of that file', async () => {
    // the manual import of the late day's file replaces nothing new: same date, same rate
    const gd = await as(ctx, 'gd@example.com');
    const boundary = '----esdrates';
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/exchange-rates/import',
      headers: {
        authorization: `Bearer ${gd.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="22.11.2026.xml"\r\nContent-Type: text/xml\r\n\r\n`,
        ),
        Buffer.from(cbarFile('2026-11-22', '1.7050')),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ date: '2026-11-22', rate: '1.7050', replaced: true });
  });
});

describe.each(dbKinds)('[settings][rates] no rate by noon on %s', (kind) => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  const today = bakuDate(new Date());
  const subjects = {
    en: `No exchange rate for ${dayOf(today)}`,
    ru: `Нет курса на ${dayOf(today)}`,
    az: `${dayOf(today)} üçün məzənnə yoxdur`,
  } as Record<string, string>;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // due from midnight: whenever this runs, it is past due, and the seed has only yesterday's rate
    ctx = await createTestContext(kind, {
      env: { SMTP_URL: smtp.url, RATE_DUE_AT: '00:00' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("mails each active global admin once a day, in the admin's language, however often the check runs", async () => {
    const admins = await ctx.db
      .select({ email: users.email, lang: users.lang })
      .from(users)
      .where(and(eq(users.typeId, 1), eq(users.isActive, true)));
    expect(admins.length).toBeGreaterThan(0);
    const [latest] = await ctx.db
      .select({ date: exchangeRates.rateDate, rate: exchangeRates.usdAzn })
      .from(exchangeRates)
      .orderBy(desc(exchangeRates.rateDate))
      .limit(1);
    expect(latest!.date < today).toBe(true);

    // the start-up check (it is past due) mails; two more runs, as other processes would, do not
    await waitFor(() => smtp.received.length >= admins.length, { message: 'the noon mails' });
    for (let run = 0; run < 2; run++) {
      await ctx.app.boss.send(RATE_QUEUES.alert, {});
      ctx.app.jobs.notify(RATE_QUEUES.alert);
    }
    await waitFor(
      async () => {
        const result = (await ctx.db.execute(
          sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
              where name = ${RATE_QUEUES.alert} and state = 'completed'`,
        )) as unknown as { rows: { n: number }[] };
        return result.rows[0]!.n >= 3;
      },
      { message: 'three checks completed', timeoutMs: 25_000 },
    );
    expect(smtp.received).toHaveLength(admins.length);
    for (const admin of admins) {
      const mails = smtp.received.filter((m) => m.to.includes(admin.email));
      expect(mails, admin.email).toHaveLength(1);
      expect(mails[0]!.subject).toBe(subjects[admin.lang]);
      expect(mails[0]!.text).toContain(latest!.rate);
      expect(mails[0]!.text).toContain('http://portal.test/pages/settings/markup?tab=rates');
    }
    const claims = await ctx.db
      .select()
      .from(rateAlertMails)
      .where(eq(rateAlertMails.rateDate, today));
    expect(claims).toHaveLength(admins.length);
    expect(claims.every((c) => c.sentAt !== null)).toBe(true);
  });

  it('says on the rates page and at checkout which earlier rate is used', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const status = (await gd.get('/api/settings/exchange-rates/status')).json().data;
    const [latest] = await ctx.db
      .select({ date: exchangeRates.rateDate, rate: exchangeRates.usdAzn })
      .from(exchangeRates)
      .orderBy(desc(exchangeRates.rateDate))
      .limit(1);
    expect(status).toEqual({
      today,
      in_use: { date: latest!.date, rate: latest!.rate },
      overdue: true,
      fetch_enabled: false,
    });
    const dealer = await as(ctx, 'dealer@example.com');
    const preview = (await dealer.get('/api/checkout')).json().data;
    expect(preview).toMatchObject({ rate: latest!.rate, rate_date: latest!.date });

    // once today's rate is in, nothing is overdue and checkout uses it (taken out again after:
    // the suite's other test needs today without a rate)
    onTestFinished(async () => {
      await ctx.db.delete(exchangeRates).where(eq(exchangeRates.rateDate, today));
    });
    expect(
      (await gd.post('/api/settings/exchange-rates', { date: today, rate: '1.7100' })).statusCode,
    ).toBe(200);
    expect((await gd.get('/api/settings/exchange-rates/status')).json().data).toMatchObject({
      in_use: { date: today, rate: '1.7100' },
      overdue: false,
    });
  });
});
