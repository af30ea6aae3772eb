import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { fieldExamples, nextApplicant, validApplication } from '../../../test/partners-fixtures';
import { waitFor } from '../../../test/wait-for';
import {
  auditLog,
  countries,
  mailMessages,
  markupGroups,
  partnerApplications,
  users,
} from '../../db/schema';

const submit = (ctx: TestContext, payload: unknown, options: { ip?: string; lang?: string } = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/partners/applications',
    payload: payload as Record<string, unknown>,
    remoteAddress: options.ip ?? '10.6.0.1',
    headers: options.lang ? { 'accept-language': options.lang } : {},
  });

const mailsTo = (ctx: TestContext, to: string) =>
  ctx.db.select().from(mailMessages).where(eq(mailMessages.to, to)).orderBy(mailMessages.id);

/** The mails to an address once `count` are there: the form's mails go out after its answer. */
const mailsSoon = (ctx: TestContext, to: string, count = 1) =>
  waitFor(
    async () => {
      const mails = await mailsTo(ctx, to);
      return mails.length >= count ? mails : undefined;
    },
    { message: `${count} mail(s) to ${to}` },
  );

const storedByEmail = (ctx: TestContext, email: string) =>
  ctx.db.select().from(partnerApplications).where(eq(partnerApplications.email, email));

describe.each(dbKinds)('[partners] become a partner and its review on %s', (kind) => {
  let ctx: TestContext;
  let azId: number;
  let gd: string;
  const apply = async (overrides: Record<string, unknown> = {}, lang?: string) => {
    const payload = { ...validApplication(azId), ...nextApplicant(), ...overrides };
    const response = await submit(ctx, payload, { lang });
    expect(response.json()).toMatchObject({ code: 200 });
    const [row] = await storedByEmail(ctx, String(payload.email).trim().toLowerCase());
    return row!;
  };
  const admin = (method: 'GET' | 'POST', url: string, payload?: unknown, token = gd) =>
    ctx.app.inject({
      method,
      url: `/api/settings/partner-applications${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  beforeAll(async () => {
    ctx = await createTestContext(kind, { env: { PARTNER_APPLICATIONS_PER_HOUR: '100000' } });
    const [az] = await ctx.db.select().from(countries).where(eq(countries.code, 'AZ'));
    azId = az!.id;
    gd = await ctx.login('gd@example.com');
  });
  afterAll(async () => ctx?.close());

  it('lists the countries for the form in the request language, to anyone', async () => {
    const response = await ctx.app.inject({
      url: '/api/partners/form-options',
      headers: { 'accept-language': 'az' },
    });
    expect(response.statusCode).toBe(200);
    const { countries: options } = response.json().data;
    expect(options).toContainEqual({ id: azId, name: 'Azərbaycan' });
    const ru = await ctx.app.inject({
      url: '/api/partners/form-options',
      headers: { 'accept-language': 'ru' },
    });
    expect(ru.json().data.countries).toContainEqual({ id: azId, name: 'Азербайджан' });
  });

  it('stores a valid application normalised, with its language and address, and acknowledges it in that language', async () => {
    const payload = {
      ...validApplication(azId),
      email: '  Nigar.Aliyeva@Absheron.Example ',
      voen: '1700000001',
      fin_code: ' 5ab7k2q ',
      company_name: '  Absheron Digital LLC  ',
      postal_code: 'az1000',
      lang: 'az',
    };
    const response = await submit(ctx, payload, { ip: '10.6.1.1', lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: 200, data: { received: true } });
    const [row] = await storedByEmail(ctx, 'nigar.aliyeva@absheron.example');
    expect(row).toMatchObject({
      companyName: 'Absheron Digital LLC',
      voen: '1700000001',
      finCode: '5AB7K2Q',
      postalCode: 'AZ1000',
      lang: 'az',
      status: 'pending',
      ip: '10.6.1.1',
      userId: null,
    });
    const [mail] = await mailsSoon(ctx, 'nigar.aliyeva@absheron.example');
    expect(mail?.subject).toBe('Tərəfdaşlıq müraciətinizi aldıq');
    expect(mail?.text).toContain('Absheron Digital LLC');
  });

  it('takes the interface language when the body names none', async () => {
    const row = await apply({ lang: undefined }, 'ru');
    expect(row.lang).toBe('ru');
    const [mail] = await mailsSoon(ctx, row.email);
    expect(mail?.subject).toBe('Мы получили вашу заявку на партнёрство');
  });

  describe('every field rule', () => {
    for (const example of fieldExamples) {
      const title = `${example.field} = ${JSON.stringify(example.value)} is ${example.error ? 'refused' : 'accepted'}`;
      it(title, async () => {
        const payload: Record<string, unknown> = { ...validApplication(azId), ...nextApplicant() };
        if (example.value === undefined) delete payload[example.field];
        else payload[example.field] = example.value;
        const response = await submit(ctx, payload);
        if (example.error) {
          expect(response.statusCode).toBe(400);
          const body = response.json();
          expect(body.data.error).toBe('VALIDATION_FAILED');
          expect(body.message).toContain(example.error);
          expect(body.data.issues[0].path).toBe(`body/${example.field}`);
          expect(await storedByEmail(ctx, String(payload.email))).toHaveLength(0);
        } else {
          expect(response.json()).toMatchObject({ code: 200, data: { received: true } });
        }
      });
    }

    it('refuses a country that does not exist, naming it', async () => {
      const response = await submit(ctx, {
        ...validApplication(azId),
        ...nextApplicant(),
        country_id: 999_999,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        message: 'Country does not exist.',
        data: { error: 'VALIDATION_FAILED' },
      });
    });
  });

  it('answers a filled honeypot like a success but stores and sends nothing', async () => {
    const payload = {
      ...validApplication(azId),
      ...nextApplicant(),
      website: 'http://spam.example',
    };
    const response = await submit(ctx, payload);
    const honest = await submit(ctx, { ...validApplication(azId), ...nextApplicant() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(honest.json());
    expect(await storedByEmail(ctx, payload.email)).toHaveLength(0);
    expect(await mailsTo(ctx, payload.email)).toHaveLength(0);
  });

  it('refuses a second open application with the same VÖEN', async () => {
    const first = await apply();
    const sameVoen = await submit(ctx, {
      ...validApplication(azId),
      ...nextApplicant(),
      voen: first.voen,
    });
    expect(sameVoen.statusCode).toBe(409);
    expect(sameVoen.json()).toMatchObject({
      message: 'An application with this VÖEN is already waiting for review or approved.',
      data: { error: 'CONFLICT', field: 'voen', reason: 'application' },
    });
  });

  it('answers an address with an account or an open application exactly as a new one, and mails its owner instead (issue 32)', async () => {
    const first = await apply();
    const answers = [];
    for (const email of [
      'fresh-partner@absheron.example',
      'Dealer@example.com',
      first.email.toUpperCase(),
    ]) {
      const response = await submit(ctx, { ...validApplication(azId), ...nextApplicant(), email });
      answers.push({
        status: response.statusCode,
        body: response.json(),
        headers: response.headers['content-type'],
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({
      status: 200,
      body: { code: 200, data: { received: true } },
    });
    expect(await storedByEmail(ctx, 'dealer@example.com')).toHaveLength(0);
    expect(await storedByEmail(ctx, first.email)).toHaveLength(1);
    // the owners are told by mail, after the answer, in the account's language
    await ctx.db.update(users).set({ lang: 'ru' }).where(eq(users.email, 'dealer@example.com'));
    onTestFinished(async () => {
      await ctx.db.update(users).set({ lang: 'en' }).where(eq(users.email, 'dealer@example.com'));
    });
    await submit(ctx, {
      ...validApplication(azId),
      ...nextApplicant(),
      email: 'dealer@example.com',
      lang: 'az',
    });
    const ownerMails = await mailsSoon(ctx, 'dealer@example.com', 2);
    expect(ownerMails.map((mail) => mail.subject)).toEqual([
      'A partner application with your e-mail address',
      'Заявка на партнёрство с вашим адресом e-mail',
    ]);
    expect(ownerMails[0]!.text).toContain(`${ctx.config.publicUrl}/pages/login`);
    const applicantMails = await mailsSoon(ctx, first.email, 2);
    expect(applicantMails.at(-1)!.text).toContain('already has an application');
  });

  it('answers an address with an account in about the time of a new one: the fastest of 9 tries within 2x (issue 32)', async () => {
    /** One answer's time; then its mail is waited for, so no try's after-work lands in the next. */
    const timed = async (email: string) => {
      const before = (await mailsTo(ctx, email)).length;
      const started = performance.now();
      await submit(ctx, { ...validApplication(azId), ...nextApplicant(), email });
      const ms = performance.now() - started;
      await mailsSoon(ctx, email, before + 1);
      return ms;
    };
    /**
     * A busy machine only adds time, so the fastest try is each path's own cost; a leak (work
     * done for a known address before the answer) makes every try of it slower, round after
     * round, where noise does not repeat: up to 3 rounds, one within bounds passes.
     */
    const rounds: string[] = [];
    for (let round = 0; round < 3; round++) {
      const known: number[] = [];
      const fresh: number[] = [];
      // alternating, so a slow moment of the machine weighs on both
      for (let i = 0; i < 9; i++) {
        known.push(await timed('gd@example.com'));
        fresh.push(await timed(nextApplicant().email));
      }
      const ratio = Math.min(...fresh) / Math.min(...known);
      rounds.push(
        `new ${Math.min(...fresh).toFixed(1)} ms, known ${Math.min(...known).toFixed(1)} ms`,
      );
      if (ratio < 2 && ratio > 0.5) return;
    }
    expect.fail(`the two paths took different times in every round: ${rounds.join('; ')}`);
  });

  it('lets a rejected applicant apply again', async () => {
    const first = await apply();
    const rejected = await admin('POST', `/${first.id}/reject`, {
      reason: 'The contract is not signed yet.',
    });
    expect(rejected.statusCode).toBe(200);
    const again = await submit(ctx, {
      ...validApplication(azId),
      ...nextApplicant(),
      voen: first.voen,
      email: first.email,
    });
    expect(again.json()).toMatchObject({ code: 200 });
    const rows = await storedByEmail(ctx, first.email);
    expect(rows.map((row) => row.status).sort()).toEqual(['pending', 'rejected']);
  });

  it('stores exactly one of two identical submissions sent at once', async () => {
    const payload = { ...validApplication(azId), ...nextApplicant() };
    const answers = await Promise.all([
      submit(ctx, payload),
      submit(ctx, payload),
      submit(ctx, payload),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    // the VÖEN is told (a company's public number); the e-mail never is
    expect(codes).toEqual([200, 409, 409]);
    expect(await storedByEmail(ctx, payload.email)).toHaveLength(1);
    expect(await mailsSoon(ctx, payload.email)).toHaveLength(1);
  });

  it('refuses the review routes to visitors and to every role but the global admin', async () => {
    const row = await apply();
    const anonymous = await ctx.app.inject({ url: '/api/settings/partner-applications' });
    expect(anonymous.json()).toMatchObject({ code: 401, data: { error: 'UNAUTHORIZED' } });
    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const token = await ctx.login(email);
      for (const [method, url, payload] of [
        ['GET', '', undefined],
        ['GET', `/${row.id}`, undefined],
        ['POST', `/${row.id}/approve`, {}],
        ['POST', `/${row.id}/reject`, { reason: 'Not allowed to decide.' }],
      ] as const) {
        const response = await admin(method, url, payload, token);
        expect(response.json(), `${email} ${method} ${url}`).toMatchObject({
          code: 403,
          data: { error: 'FORBIDDEN' },
        });
      }
    }
    const [still] = await ctx.db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, row.id));
    expect(still?.status).toBe('pending');
  });

  it('lists applications with a status filter, search and counts, and shows one in full', async () => {
    const row = await apply({ company_name: 'Ganja Cloud Services' });
    const all = await admin('GET', '?perPage=100');
    expect(all.statusCode).toBe(200);
    const { items, total, counts } = all.json().data;
    expect(total).toBe(items.length);
    expect(counts.pending).toBe(
      items.filter((i: { status: string }) => i.status === 'pending').length,
    );
    const found = await admin('GET', '?q=ganja%20cloud&status=pending');
    expect(found.json().data).toMatchObject({
      total: 1,
      items: [{ id: row.id, company_name: 'Ganja Cloud Services' }],
    });
    const none = await admin('GET', '?q=ganja%20cloud&status=approved');
    expect(none.json().data.total).toBe(0);
    const byVoen = await admin('GET', `?q=${row.voen}`);
    expect(byVoen.json().data.items[0].id).toBe(row.id);

    const detail = await ctx.app.inject({
      url: `/api/settings/partner-applications/${row.id}`,
      headers: { ...bearer(gd), 'accept-language': 'ru' },
    });
    expect(detail.json().data).toMatchObject({
      id: row.id,
      status: 'pending',
      voen: row.voen,
      fin_code: row.finCode,
      mpn_id: row.mpnId,
      country: { id: azId, name: 'Азербайджан' },
      contract_start_date: row.contractStartDate,
      reviewed_by: null,
      reject_reason: null,
    });
    expect((await admin('GET', '/999999')).json()).toMatchObject({
      code: 404,
      data: { error: 'NOT_FOUND' },
    });
    expect((await admin('GET', '?status=unknown')).statusCode).toBe(400);
  });

  it('approves into a working dealer: settings, audit, set-password link, sign-in; twice is refused', async () => {
    const row = await apply({ lang: 'ru' });
    const [silver] = await ctx.db
      .select()
      .from(markupGroups)
      .where(eq(markupGroups.name, 'Silver'));
    const response = await admin('POST', `/${row.id}/approve`, {
      credit_limit: '2500.50',
      markup_group_id: silver!.id,
      need_azn_cash: true,
      has_adobe_account: true,
    });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.mail_sent).toBe(true);
    expect(data.application).toMatchObject({
      status: 'approved',
      reviewed_by: { name: 'Aysel Mammadova' },
    });

    const [dealer] = await ctx.db.select().from(users).where(eq(users.email, row.email));
    expect(dealer).toMatchObject({
      id: data.application.user_id,
      typeId: 3,
      name: row.companyName,
      lang: 'ru',
      countryId: azId,
      creditLimit: '2500.50',
      markupGroupId: silver!.id,
      needAznCash: true,
      needAznCredit: false,
      hasAdobeAccount: true,
      passwordHash: null,
      // the buyer's details of its invoices come from the application (issue 33)
      voen: row.voen,
      address: [row.addressLine1, row.addressLine2, row.city, row.region, row.postalCode]
        .filter((part, index, parts) => part && !(index === 3 && part === parts[2]))
        .join(', '),
    });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, dealer!.id));
    expect(audits.some((a) => a.action === 'user.create' && a.entityType === 'user')).toBe(true);
    const approvals = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'partner_application.approve'), eq(auditLog.entityId, row.id)),
      );
    expect(approvals).toHaveLength(1);

    const mails = await mailsTo(ctx, row.email);
    const welcome = mails.at(-1)!;
    expect(welcome.subject).toBe('Добро пожаловать на портал ESD: заявка на партнёрство одобрена');
    const token = welcome.text.match(
      /http:\/\/portal\.test\/pages\/reset-password\?token=([\w-]+)/,
    )?.[1];
    expect(token).toBeDefined();
    // a new dealer's first password: its page is "Set your password", not a reset (issue 20)
    const link = await ctx.app.inject({ url: `/api/auth/password-link?token=${token}` });
    expect(link.json().data).toEqual({ kind: 'first', valid: true, reason: null });
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'partner-passphrase-2026' },
    });
    expect(set.statusCode).toBe(200);
    const token2 = await ctx.login(row.email, 'partner-passphrase-2026');
    const me = await ctx.app.inject({ url: '/api/auth/user', headers: bearer(token2) });
    expect(me.json().data).toMatchObject({ email: row.email, type_id: 3, has_adobe_account: true });

    const again = await admin('POST', `/${row.id}/approve`, {});
    expect(again.json()).toMatchObject({ code: 409, data: { error: 'INVALID_STATE' } });
    const reject = await admin('POST', `/${row.id}/reject`, { reason: 'Changed our mind.' });
    expect(reject.json()).toMatchObject({ code: 409, data: { error: 'INVALID_STATE' } });
    expect(await ctx.db.select().from(users).where(eq(users.email, row.email))).toHaveLength(1);
  });

  it('approves two requests at once exactly once', async () => {
    const row = await apply();
    const answers = await Promise.all([
      admin('POST', `/${row.id}/approve`, {}),
      admin('POST', `/${row.id}/approve`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await ctx.db.select().from(users).where(eq(users.email, row.email))).toHaveLength(1);
  });

  it('writes nothing when approval fails: unknown markup group, bad limit, or the e-mail taken meanwhile', async () => {
    const row = await apply();
    const badGroup = await admin('POST', `/${row.id}/approve`, { markup_group_id: 999_999 });
    expect(badGroup.json()).toMatchObject({ code: 400, message: 'Markup group does not exist.' });
    const badLimit = await admin('POST', `/${row.id}/approve`, { credit_limit: '12.345' });
    expect(badLimit.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    const negative = await admin('POST', `/${row.id}/approve`, { credit_limit: '-1' });
    expect(negative.statusCode).toBe(400);
    const huge = await admin('POST', `/${row.id}/approve`, { credit_limit: '1000000000000.00' });
    expect(huge.statusCode).toBe(400);

    await ctx.db.insert(users).values({ email: row.email, name: 'Someone else', typeId: 4 });
    const taken = await admin('POST', `/${row.id}/approve`, {});
    expect(taken.json()).toMatchObject({
      code: 409,
      data: { error: 'CONFLICT', reason: 'account' },
    });
    const [still] = await ctx.db
      .select()
      .from(partnerApplications)
      .where(eq(partnerApplications.id, row.id));
    expect(still).toMatchObject({ status: 'pending', userId: null, reviewedBy: null });
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.entityId, row.id));
    expect(audits.filter((a) => a.entityType === 'partner_application')).toHaveLength(0);
  });

  it('rejects with a required reason, mailed in the applicant language', async () => {
    const row = await apply({ lang: 'az' });
    for (const reason of [undefined, '', '  ', 'no']) {
      const response = await admin(
        'POST',
        `/${row.id}/reject`,
        reason === undefined ? {} : { reason },
      );
      expect(response.statusCode, String(reason)).toBe(400);
    }
    const response = await admin('POST', `/${row.id}/reject`, {
      reason: '  VÖEN is not registered as a software reseller.  ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.application).toMatchObject({
      status: 'rejected',
      reject_reason: 'VÖEN is not registered as a software reseller.',
      user_id: null,
    });
    const mail = (await mailsTo(ctx, row.email)).at(-1)!;
    expect(mail.subject).toBe('ESD portalında tərəfdaşlıq müraciətiniz');
    expect(mail.text).toContain('Səbəb:\nVÖEN is not registered as a software reseller.');
    expect(await ctx.db.select().from(users).where(eq(users.email, row.email))).toHaveLength(0);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'partner_application.reject'), eq(auditLog.entityId, row.id)));
    expect(audits).toHaveLength(1);
    expect((await admin('POST', '/999999/reject', { reason: 'Unknown one.' })).statusCode).toBe(
      404,
    );
  });
});

describe('[partners] applications are rate limited per address', () => {
  let ctx: TestContext;
  let azId: number;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { env: { PARTNER_APPLICATIONS_PER_HOUR: '2' } });
    const [az] = await ctx.db.select().from(countries).where(eq(countries.code, 'AZ'));
    azId = az!.id;
  });
  afterAll(async () => ctx?.close());

  it('refuses the third application from one address in an hour, but not another address', async () => {
    const from = (ip: string, extra: Record<string, unknown> = {}) =>
      submit(ctx, { ...validApplication(azId), ...nextApplicant(), ...extra }, { ip });
    expect((await from('10.9.0.1')).statusCode).toBe(200);
    // a honeypot submission counts too
    expect((await from('10.9.0.1', { website: 'spam' })).statusCode).toBe(200);
    const third = await from('10.9.0.1');
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 429, data: { error: 'RATE_LIMITED' } });
    expect((await from('10.9.0.2')).statusCode).toBe(200);
    const stored = await ctx.db.select().from(partnerApplications);
    expect(stored.filter((row) => row.ip?.startsWith('10.9.')).map((row) => row.ip)).toEqual([
      '10.9.0.1',
      '10.9.0.2',
    ]);
  });

  it('shares the count with every process: uses counted by another one refuse here', async () => {
    // what two applications through another server process leave in the shared counter
    await ctx.db.execute(
      sql`insert into usage_counters (key, uses, window_start) values ('partner-application:ip:10.9.0.3', 2, now())`,
    );
    const refused = await submit(
      ctx,
      { ...validApplication(azId), ...nextApplicant() },
      { ip: '10.9.0.3' },
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 429,
      message: expect.stringMatching(
        /^Too many applications from this address: try again in \d+ minutes\.$/,
      ),
      data: { error: 'RATE_LIMITED', retry_after: expect.any(Number) },
    });
  });
});
