/**
 * Second factors (issue 32) through the real routes: TOTP codes are computed here with otpauth
 * at the app's clock, which the suite moves from one 30 s step to the next. Each test signs in
 * as a local admin of its own (the demo one's password and language), so any order of the tests
 * and any subset of them passes.
 */
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { settableClock } from '../../../test/settable-clock';
import { startSmtpServer } from '../../../test/smtp-server';
import { waitFor } from '../../../test/wait-for';
import { auditLog, mfaRecoveryCodes, users } from '../../db/schema';

const STEP = 30_000;
// on a step boundary: each test moves whole steps
const START = new Date('2031-05-20T08:00:00.000Z');
const LOCAL_ADMIN = 'ld@example.com';
const PASSWORD = 'demo1234';

describe.each(dbKinds)('[auth][mfa] second factors on %s', (kind) => {
  let ctx: TestContext;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = settableClock(START);
  let admins = 0;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // the production default, which the harness turns off for the other suites
    ctx = await createTestContext(kind, {
      clock,
      env: { MFA_REQUIRED_ROLES: '1,2', SMTP_URL: smtp.url },
    });
  }, 60_000);
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  const nextStep = () => clock.set(new Date(clock.now().getTime() + STEP));
  const codeNow = (secret: string) =>
    new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: clock.now().getTime() });
  const post = (url: string, payload?: object, token?: string) =>
    ctx.app.inject({
      method: 'POST',
      url,
      payload: payload ?? {},
      headers: token ? bearer(token) : {},
    });
  const get = (url: string, token: string) =>
    ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  const passwordStep = async (email: string) => {
    const response = await post('/api/auth/login', { email, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    return response.json().data;
  };
  const verify = (ticket: string, method: 'totp' | 'recovery', code: string) =>
    post('/api/auth/mfa/verify', { ticket, method, code });

  /** A new local admin with the demo one's password, language and country, and no factor. */
  const newLocalAdmin = async () => {
    const [demo] = await ctx.db.select().from(users).where(eq(users.email, LOCAL_ADMIN));
    admins += 1;
    const email = `mfa-admin-${admins}@example.com`;
    await ctx.db.insert(users).values({
      email,
      name: `MFA Admin ${admins}`,
      typeId: 2,
      passwordHash: demo!.passwordHash,
      lang: demo!.lang,
      countryId: demo!.countryId,
    });
    return email;
  };

  /** Enrols TOTP for a signed-in admin at this step (whose code it spends). */
  const enrolTotp = async (token: string) => {
    const setup = await post('/api/auth/mfa/totp/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().data.secret as string;
    const confirmed = await post('/api/auth/mfa/totp/confirm', { code: codeNow(secret) }, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { secret, recoveryCodes: confirmed.json().data.recovery_codes as string[] };
  };

  /** A new local admin enrolled with TOTP, on a step of its own. */
  const enrolledAdmin = async () => {
    nextStep();
    const email = await newLocalAdmin();
    const enrolled = await enrolTotp((await passwordStep(email)).token);
    return { email, ...enrolled };
  };

  it('sends an admin without a factor to enrol: the password gives no way into the portal', async () => {
    const data = await passwordStep(await newLocalAdmin());
    expect(data.user.mfa_enrolment_required).toBe(true);
    const users = await get('/api/settings/users', data.token);
    expect(users.statusCode).toBe(403);
    expect(users.json().data.error).toBe('MFA_ENROLMENT_REQUIRED');
    // the shell's profile and the enrolment itself still answer
    expect((await get('/api/auth/user', data.token)).statusCode).toBe(200);
    expect((await get('/api/auth/mfa', data.token)).json().data).toMatchObject({
      required: true,
      enabled: false,
    });
  });

  it('enrols TOTP from its secret, confirmed by a first code, with 10 recovery codes once', async () => {
    const { token } = await passwordStep(await newLocalAdmin());
    const setup = await post('/api/auth/mfa/totp/setup', {}, token);
    expect(setup.statusCode).toBe(200);
    const secret = setup.json().data.secret as string;
    expect(setup.json().data.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);

    const wrong = await post('/api/auth/mfa/totp/confirm', { code: '000000' }, token);
    expect(wrong.json().data.error).toBe('INVALID_MFA_CODE');
    const confirmed = await post('/api/auth/mfa/totp/confirm', { code: codeNow(secret) }, token);
    expect(confirmed.statusCode).toBe(200);
    const recoveryCodes = confirmed.json().data.recovery_codes as string[];
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // stored hashed: no code is in the database as shown
    const stored = JSON.stringify(await ctx.db.select().from(mfaRecoveryCodes));
    for (const code of recoveryCodes) expect(stored).not.toContain(code.replaceAll('-', ''));
    expect((await get('/api/settings/users', token)).statusCode).toBe(200);
    // the last factor of a role that needs one stays
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/auth/mfa/totp',
      headers: bearer(token),
    });
    expect(removed.json().data.error).toBe('MFA_FACTOR_REQUIRED');
  });

  it('gives only a ticket for the password; a code of the same 30 s step is never accepted twice', async () => {
    const { email, secret } = await enrolledAdmin();
    const first = await passwordStep(email);
    expect(first).toMatchObject({ mfa_required: true, methods: ['totp', 'recovery'] });
    expect(first.token).toBeUndefined();
    // the confirmation used this step's code: replaying it is refused
    expect((await verify(first.ticket, 'totp', codeNow(secret))).json().data.error).toBe(
      'INVALID_MFA_CODE',
    );
    expect((await verify(first.ticket, 'totp', '123456')).statusCode).toBe(401);

    nextStep();
    const code = codeNow(secret);
    const signedIn = await verify(first.ticket, 'totp', code);
    expect(signedIn.statusCode).toBe(200);
    expect((await get('/api/settings/users', signedIn.json().data.token)).statusCode).toBe(200);
    // the ticket is used up, and the same code on a new ticket is a replay
    expect((await verify(first.ticket, 'totp', code)).json().data.error).toBe('MFA_TICKET_EXPIRED');
    const second = await passwordStep(email);
    expect((await verify(second.ticket, 'totp', code)).json().data.error).toBe('INVALID_MFA_CODE');
  });

  it('ends a ticket after five wrong codes and after five minutes', async () => {
    const { email, secret } = await enrolledAdmin();
    nextStep();
    const guessed = await passwordStep(email);
    for (let i = 0; i < 5; i++) await verify(guessed.ticket, 'totp', '000000');
    expect((await verify(guessed.ticket, 'totp', codeNow(secret))).json().data.error).toBe(
      'MFA_TICKET_EXPIRED',
    );

    const slow = await passwordStep(email);
    clock.set(new Date(clock.now().getTime() + 301_000));
    expect((await verify(slow.ticket, 'totp', codeNow(secret))).json().data.error).toBe(
      'MFA_TICKET_EXPIRED',
    );
  });

  it('takes a recovery code once, in any case and spacing', async () => {
    const { email, recoveryCodes } = await enrolledAdmin();
    const [code] = recoveryCodes as [string];
    const first = await passwordStep(email);
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const signedIn = await verify(first.ticket, 'recovery', typed);
    expect(signedIn.statusCode).toBe(200);
    const second = await passwordStep(email);
    expect((await verify(second.ticket, 'recovery', code)).json().data.error).toBe(
      'INVALID_MFA_CODE',
    );
    const status = await get('/api/auth/mfa', signedIn.json().data.token);
    expect(status.json().data.recovery_codes_left).toBe(9);
  });

  it('lets only a global admin reset a lost device: audited, sessions ended, owner mailed in its language', async () => {
    const { email, secret } = await enrolledAdmin();
    nextStep();
    const ticket = (await passwordStep(email)).ticket;
    const ldToken = (await verify(ticket, 'totp', codeNow(secret))).json().data.token as string;
    const [ld] = await ctx.db.select().from(users).where(eq(users.email, email));
    const url = `/api/settings/users/${ld!.id}/reset-second-factors`;

    // a local admin (itself enrolled) may not
    expect((await post(url, {}, ldToken)).statusCode).toBe(403);

    // the global admin signs in with the password alone here: it has no factor yet and must enrol
    const gd = await passwordStep('gd@example.com');
    expect((await post(url, {}, gd.token)).json().data.error).toBe('MFA_ENROLMENT_REQUIRED');
    const gdSetup = await post('/api/auth/mfa/totp/setup', {}, gd.token);
    const gdSecret = gdSetup.json().data.secret as string;
    const gdCode = new TOTP({ secret: Secret.fromBase32(gdSecret) }).generate({
      timestamp: clock.now().getTime(),
    });
    await post('/api/auth/mfa/totp/confirm', { code: gdCode }, gd.token);

    const reset = await post(url, {}, gd.token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.has_second_factor).toBe(false);
    const audited = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'user.reset_second_factors'), eq(auditLog.entityId, ld!.id)));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.actorId).toBe(gd.user.id);
    const mail = await waitFor(() => smtp.received.find((m) => m.to.includes(email)), {
      until: Boolean,
      message: 'the reset mail reached the owner',
    });
    // the local admin reads Russian, as the demo one it was made from
    expect(mail!.subject).toBe('Вторые факторы вашей учётной записи на портале ESD сброшены');
    // its sessions are over and it enrols again after the password
    expect((await get('/api/auth/user', ldToken)).statusCode).toBe(401);
    expect((await passwordStep(email)).user.mfa_enrolment_required).toBe(true);
  });
});
