/**
 * Issues 21 and 31: the central bank's daily rate fetched by the portal itself, from a real HTTP
 * server on loopback serving files in the bank's own format (good, of another day, malformed,
 * truncated, duplicated, oversized), the app reading a clock the test sets; and the noon mail to
 * global admins over a real SMTP server. Nothing here reaches the internet.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { bakuDate } from '@esd/shared/baku-time';
import { formatDate, formatExactDecimal } from '@esd/shared/format/format';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';
import { startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { JOBS_SCHEMA } from '../../db/migrate';
import { auditLog, exchangeRates, rateAlertMails, rateFeedDays, users } from '../../db/schema';
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

/** An answer of the stand-in bank: a body, or (`endless`) one that never ends, without length. */
type Answer = { status: number; body: string; endless?: boolean };

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
    if (!answer.endless) {
      response.end(answer.body);
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, ' ');
    let open = true;
    response.on('close', () => {
      open = false;
    });
    const pump = () => {
      while (open && response.write(chunk));
      if (open) response.once('drain', pump);
    };
    response.write(answer.body);
    pump();
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
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

const ok = (body: string): Answer => ({ status: 200, body });

/** A moment of a Baku day (UTC+4) at a wall-clock time. */
const bakuAt = (isoDate: string, hhmm: string) => new Date(`${isoDate}T${hhmm}:00+04:00`);

/** The bad files the bank stand-in serves: each refused whole, nothing stored. */
const usdEntry =
  '<Valute Code="USD">\n   <Nominal>1</Nominal>\n   <Name>1 ABŞ dolları</Name>\n   <Value>1.7000</Value>\n  </Valute>';
const badFiles = (isoDate: string) => {
  const good = cbarFile(isoDate, '1.7000');
  return {
    malformed: good.replace('<Name>1 Avro</Name>', '<Name>1 Avro</Nominal>'),
    truncated: good.slice(0, good.indexOf('<Valute Code="EUR">') + 12),
    duplicated: good.replace(usdEntry, `${usdEntry}\n  ${usdEntry.replace('1.7000', '2.9000')}`),
  };
};

/** What the database holds of a day: its rate, its feed record, its audited changes. */
const readersOf = (ctx: TestContext) => ({
  rateOf: async (date: string) => {
    const [row] = await ctx.db
      .select({ rate: exchangeRates.usdAzn, source: exchangeRates.source })
      .from(exchangeRates)
      .where(eq(exchangeRates.rateDate, date));
    return row;
  },
  feedOf: async (date: string) => {
    const [row] = await ctx.db.select().from(rateFeedDays).where(eq(rateFeedDays.rateDate, date));
    return row;
  },
  auditOf: (date: string) =>
    ctx.db
      .select({ actorId: auditLog.actorId, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'exchange_rate.set'), sql`${auditLog.after}->>'date' = ${date}`),
      ),
});

describe.each(dbKinds)('[settings][rates] the central bank rate fetched daily on %s', (kind) => {
  let bank: Awaited<ReturnType<typeof startBank>>;
  let ctx: TestContext;
  // the suite's own days, years from the seed's rates: the app reads this clock
  const first = '2031-03-10';
  const clock = settableClock(bakuAt(first, '11:00'));

  const fetchDay = async (date: string) => {
    await ctx.app.boss.send(RATE_QUEUES.fetch, { date });
    ctx.app.jobs.notify(RATE_QUEUES.fetch);
  };
  const rateOf = (date: string) => readersOf(ctx).rateOf(date);
  const feedOf = (date: string) => readersOf(ctx).feedOf(date);
  const auditOf = (date: string) => readersOf(ctx).auditOf(date);

  beforeAll(async () => {
    bank = await startBank();
    bank.serve(first, ok(cbarFile(first, '1.7020')));
    ctx = await createTestContext(kind, {
      clock,
      env: {
        CBAR_RATES_URL: bank.url,
        CBAR_FETCH_AT: '10:00',
        CBAR_RETRY_DELAY_SECONDS: '1',
        JOB_POLL_SECONDS: '0.5',
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await bank?.close();
  });

  it("never overwrites a day's typed rate, and refuses (and retries) another day's file", async () => {
    const typed = '2031-03-11';
    const asked = '2031-03-12';
    clock.set(bakuAt(asked, '10:30'));
    const gd = await as(ctx, 'gd@example.com');
    expect(
      (await gd.post('/api/settings/exchange-rates', { date: typed, rate: '1.7000' })).statusCode,
    ).toBe(200);
    // the bank answers the file of the typed day for the day asked, then the right one
    bank.serve(
      asked,
      ok(cbarFile(typed, '2.9000')),
      ok(cbarFile(typed, '2.9000')),
      ok(cbarFile(asked, '1.7050')),
    );
    await fetchDay(asked);
    const refused = await waitFor(() => feedOf(asked), {
      until: (row) => row?.outcome === 'wrong_day',
      message: 'the wrong-day file refused',
    });
    expect(refused!.message).toBe(
      'Asked for the file of 12.03.2031, the bank served the one of 11.03.2031: nothing stored.',
    );
    expect(refused!.nextTryAt?.toISOString()).toBe(
      new Date(clock.now().getTime() + 1000).toISOString(),
    );
    const landed = await waitFor(() => rateOf(asked), { message: 'the right file after retries' });
    expect(landed).toEqual({ rate: '1.7050', source: 'cbar' });
    expect(bank.requestsFor(asked)).toBe(3);
    expect(await rateOf(typed)).toEqual({ rate: '1.7000', source: 'manual' });
    expect(await auditOf(typed)).toHaveLength(1);

    // a day that has its rate is not asked for again
    await fetchDay(typed);
    await waitFor(() => feedOf(typed), {
      until: (row) => row?.outcome === 'present',
      message: 'the typed day left alone',
    });
    expect(bank.requestsFor(typed)).toBe(0);
    expect(await rateOf(typed)).toEqual({ rate: '1.7000', source: 'manual' });
  });

  it('stops retrying when the Baku day ends', async () => {
    const late = '2031-03-13';
    // 1 s before midnight: the next try would fall on the next day
    clock.set(new Date(bakuAt('2031-03-14', '00:00').getTime() - 1000));
    await fetchDay(late);
    const feed = await waitFor(() => feedOf(late), { message: 'the last try of the day' });
    expect(feed).toMatchObject({ tries: 1, outcome: 'no_file', nextTryAt: null });
    expect(feed!.message).toMatch(/no file yet \(404\)/);
  });

  it('refuses malformed, truncated, duplicated-USD and oversized files whole, storing nothing', async () => {
    // days before the clock's: each is tried once (its day is over, no retry)
    clock.set(bakuAt('2031-04-01', '10:30'));
    const cases = [
      { date: '2031-03-20', kind: 'malformed', message: /not well-formed XML/ },
      { date: '2031-03-21', kind: 'truncated', message: /not well-formed XML/ },
      { date: '2031-03-22', kind: 'duplicated', message: /2 USD entries/ },
    ] as const;
    for (const { date, kind: file } of cases) bank.serve(date, ok(badFiles(date)[file]));
    const oversized = '2031-03-23';
    bank.serve(oversized, { status: 200, body: cbarFile(oversized, '1.7000'), endless: true });
    for (const { date } of cases) await fetchDay(date);
    await fetchDay(oversized);
    for (const { date, message } of cases) {
      const feed = await waitFor(() => feedOf(date), { message: `the try of ${date}` });
      expect(feed, date).toMatchObject({ outcome: 'malformed', nextTryAt: null });
      expect(feed!.message, date).toMatch(message);
      expect(await rateOf(date), date).toBeUndefined();
      expect(await auditOf(date), date).toEqual([]);
    }
    const big = await waitFor(() => feedOf(oversized), { message: 'the oversized try' });
    expect(big).toMatchObject({ outcome: 'unreachable', nextTryAt: null });
    expect(big!.message).toMatch(/larger than 512 KB/);
    expect(await rateOf(oversized)).toBeUndefined();
  });

  it("takes the currencies' USD and ignores one among the precious metals", async () => {
    const date = '2031-03-24';
    const metalUsd =
      '<Valute Code="USD"><Nominal>1 t.u.</Nominal><Name>x</Name><Value>9.9999</Value></Valute>';
    bank.serve(
      date,
      ok(
        cbarFile(date, '1.7040').replace(
          '<ValType Type="Bank metalları">',
          `<ValType Type="Bank metalları">${metalUsd}`,
        ),
      ),
    );
    await fetchDay(date);
    expect(await waitFor(() => rateOf(date), { message: 'the rate beside a metal USD' })).toEqual({
      rate: '1.7040',
      source: 'cbar',
    });
  });

  it('previews a manual import, and changes a stored day only with a reason, audited', async () => {
    const gd = await as(ctx, 'gd@example.com');
    // a day no other test fetches: the refusals test tries 2031-03-20 from the bank
    const date = '2031-03-19';
    const upload = (file: string, url: string, reason?: string) => {
      const boundary = '----esdrates';
      const field = reason
        ? `--${boundary}\r\nContent-Disposition: form-data; name="reason"\r\n\r\n${reason}\r\n`
        : '';
      return ctx.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${gd.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: Buffer.concat([
          Buffer.from(
            `${field}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${dayOf(date)}.xml"\r\nContent-Type: text/xml\r\n\r\n`,
          ),
          Buffer.from(file),
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    // a day without a rate takes the file's as it is (no reason asked)
    const stored = await upload(cbarFile(date, '1.7050'), '/api/settings/exchange-rates/import');
    expect(stored.statusCode, stored.body).toBe(200);
    const same = await upload(
      cbarFile(date, '1.7050'),
      '/api/settings/exchange-rates/import/preview',
    );
    expect(same.json().data).toEqual({
      date,
      rate: '1.7050',
      current: { rate: '1.7050', source: 'cbar' },
      change: 'same',
    });
    const other = cbarFile(date, '1.7100');
    const preview = await upload(other, '/api/settings/exchange-rates/import/preview');
    expect(preview.json().data).toMatchObject({ change: 'change', current: { rate: '1.7050' } });
    expect(await rateOf(date)).toEqual({ rate: '1.7050', source: 'cbar' });

    const withoutReason = await upload(other, '/api/settings/exchange-rates/import');
    expect(withoutReason.statusCode).toBe(400);
    expect(withoutReason.json().data).toMatchObject({
      error: 'VALIDATION_FAILED',
      field: 'reason',
    });
    expect(await rateOf(date)).toEqual({ rate: '1.7050', source: 'cbar' });

    const changed = await upload(
      other,
      '/api/settings/exchange-rates/import',
      'The bank corrected it',
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toEqual({
      date,
      rate: '1.7100',
      replaced: true,
      previous: '1.7050',
    });
    const audits = await auditOf(date);
    expect(audits.at(-1)).toMatchObject({
      actorId: expect.any(Number),
      before: { date, rate: '1.7050', source: 'cbar' },
      after: { date, rate: '1.7100', source: 'cbar', reason: 'The bank corrected it' },
    });
  });
});

describe.each(dbKinds)(
  "[settings][rates] a start after CBAR_FETCH_AT without today's rate on %s",
  (kind) => {
    let bank: Awaited<ReturnType<typeof startBank>>;
    let ctx: TestContext;
    const first = '2031-03-10';
    const clock = settableClock(bakuAt(first, '11:00'));

    beforeAll(async () => {
      bank = await startBank();
      // the day's file is not out when the app starts, then it is
      bank.serve(first, { status: 404, body: 'Not Found' }, ok(cbarFile(first, '1.7020')));
      ctx = await createTestContext(kind, {
        clock,
        env: {
          CBAR_RATES_URL: bank.url,
          CBAR_FETCH_AT: '10:00',
          CBAR_RETRY_DELAY_SECONDS: '1',
          JOB_POLL_SECONDS: '0.5',
        },
      });
    });
    afterAll(async () => {
      await ctx?.close();
      await bank?.close();
    });

    it("fetches today's missing rate at once when started after CBAR_FETCH_AT, retrying until it lands", async () => {
      const { rateOf, feedOf, auditOf } = readersOf(ctx);
      const stored = await waitFor(() => rateOf(first), { message: `the rate of ${first}` });
      expect(stored).toEqual({ rate: '1.7020', source: 'cbar' });
      expect(bank.requestsFor(first)).toBe(2);
      const feed = await waitFor(() => feedOf(first), {
        until: (row) => row?.outcome === 'ok',
        message: 'the feed recorded its landing',
      });
      expect(feed).toMatchObject({ tries: 2, outcome: 'ok', nextTryAt: null });
      expect(feed!.lastTryAt.toISOString()).toBe(clock.now().toISOString());
      // written as no one (the portal itself)
      expect(await auditOf(first)).toEqual([
        { actorId: null, before: null, after: { date: first, rate: '1.7020', source: 'cbar' } },
      ]);
      // the rates page shows the feed's last try
      const gd = await as(ctx, 'gd@example.com');
      const status = (await gd.get('/api/settings/exchange-rates/status')).json().data;
      expect(status).toMatchObject({
        today: first,
        in_use: { date: first, rate: '1.7020' },
        feed: { date: first, tries: 2, outcome: 'ok', next_try_at: null },
      });
    });
  },
);

describe.each(dbKinds)('[settings][rates] a start before CBAR_FETCH_AT on %s', (kind) => {
  let bank: Awaited<ReturnType<typeof startBank>>;
  let ctx: TestContext;

  beforeAll(async () => {
    bank = await startBank();
    ctx = await createTestContext(kind, {
      clock: settableClock(bakuAt('2031-05-05', '09:59')),
      env: { CBAR_RATES_URL: bank.url, CBAR_FETCH_AT: '10:00', JOB_POLL_SECONDS: '0.5' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await bank?.close();
  });

  it('leaves the fetch to the schedule: nothing is queued or asked at start', async () => {
    // the start-up tasks ran before the app was ready
    const result = (await ctx.db.execute(
      sql`select count(*)::int as n from ${sql.raw(JOBS_SCHEMA)}.job
          where name = ${RATE_QUEUES.fetch} and data->>'date' is not null`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0]!.n).toBe(0);
    expect(bank.requests).toEqual([]);
  });
});

describe.each(dbKinds)('[settings][rates] no rate by noon on %s', (kind) => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  const today = bakuDate(new Date());
  const subjects = {
    en: `No exchange rate for ${formatDate(today, 'en')}`,
    ru: `Нет курса на ${formatDate(today, 'ru')}`,
    az: `${formatDate(today, 'az')} üçün məzənnə yoxdur`,
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
      expect(mails[0]!.text).toContain(
        `1 USD = ${formatExactDecimal(latest!.rate, admin.lang)} AZN`,
      );
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
      feed: null,
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
