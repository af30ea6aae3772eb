import { BUSINESS_TIME_ZONE } from '@esd/shared/baku-time';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { insertOrder, linkTokenFor, signedIn, userId } from '../../../test/users-support';
import { auditLog, countries, markupGroups, userGroups, users } from '../../db/schema';
import { hashPassword } from '../../lib/passwords';

type Row = {
  id: number;
  email: string;
  type_id: number;
  [key: string]: unknown;
};

const emailsOf = (response: { json: () => { data: { items: Row[] } } }) =>
  response
    .json()
    .data.items.map((u) => u.email)
    .sort();

/** The accounts this file's tests create: the listing test compares the seeded ones. */
const CREATED_HERE = new Set([
  'kamran@example.com',
  'batumi@example.com',
  'shymkent@example.com',
  'ld3@example.com',
  'samarkand@example.com',
  'samarkand-user@example.com',
]);
const seededOf = (response: { json: () => { data: { items: Row[] } } }) =>
  emailsOf(response).filter((email) => !CREATED_HERE.has(email));

describe.each(dbKinds)('[users] user administration on %s', (kind) => {
  let ctx: TestContext;
  const countryIds: Record<string, number> = {};
  const audits = async (action: string, entityId?: number) =>
    ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, action),
          entityId === undefined ? undefined : eq(auditLog.entityId, entityId),
        ),
      );

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    for (const c of await ctx.db.select().from(countries)) countryIds[c.code] = c.id;
  });
  afterAll(async () => ctx?.close());

  it('lists each role only its own slice of the hierarchy', async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    const all = emailsOf(await gd.get('/api/settings/users?perPage=100'));
    expect(all).toEqual(
      expect.arrayContaining(['gd@example.com', 'ld2@example.com', 'aigerim@example.com']),
    );

    // other tests of this file may have added accounts: the seeded ones are compared
    const ld = await signedIn(ctx, 'ld@example.com');
    expect(seededOf(await ld.get('/api/settings/users?perPage=100'))).toEqual([
      'dealer-ge@example.com',
      'dealer2@example.com',
      'dealer@example.com',
      'elvin@example.com',
      'farid@example.com',
      'nino@example.com',
      'user@example.com',
    ]);

    const dealer = await signedIn(ctx, 'dealer@example.com');
    expect(seededOf(await dealer.get('/api/settings/users'))).toEqual(['user@example.com']);

    // filters and search stay inside the slice
    expect(emailsOf(await ld.get(`/api/settings/users?country_id=${countryIds.KZ}`))).toEqual([]);
    expect(emailsOf(await ld.get('/api/settings/users?type_id=3&q=tbilisi'))).toEqual([
      'dealer-ge@example.com',
    ]);
    expect(emailsOf(await gd.get('/api/settings/users?is_active=false'))).toEqual([
      'elvin@example.com',
    ]);
    const dealer2 = await userId(ctx, 'dealer2@example.com');
    expect(emailsOf(await gd.get(`/api/settings/users?dealer_id=${dealer2}`))).toEqual([
      'elvin@example.com',
      'farid@example.com',
    ]);
    const sorted = (await gd.get('/api/settings/users?sort=email&order=desc&perPage=3')).json();
    expect(sorted.data.total).toBeGreaterThan(10);
    expect(sorted.data.items.map((u: Row) => u.email)).toEqual(
      [...sorted.data.items.map((u: Row) => u.email)].sort().reverse(),
    );
  });

  it("shows a dealer's remaining credit and every account's open orders to its managers", async () => {
    const dealerId = await userId(ctx, 'dealer@example.com');
    const buyerId = await userId(ctx, 'user@example.com');
    await insertOrder(ctx, {
      buyerId,
      dealerId,
      sellType: 2,
      status: 'in_progress',
      totalUsd: '300.25',
    });
    await insertOrder(ctx, {
      buyerId,
      dealerId,
      sellType: 1,
      status: 'pending',
      totalUsd: '99.99',
    });
    await insertOrder(ctx, {
      buyerId: dealerId,
      dealerId,
      sellType: 2,
      status: 'completed',
      totalUsd: '1000.00',
    });
    await insertOrder(ctx, {
      buyerId,
      dealerId,
      sellType: 2,
      status: 'cancelled',
      totalUsd: '50.00',
    });

    const ld = await signedIn(ctx, 'ld@example.com');
    const dealer = (await ld.get(`/api/settings/users/${dealerId}`)).json().data;
    expect(dealer.credit).toEqual({ limit: '5000.00', used: '1300.25', remaining: '3699.75' });
    expect(dealer.outstanding).toEqual({
      count: 0,
      amount_usd: '0.00',
      unpaid_credit_usd: '1000.00',
    });
    expect(dealer.country.name).toBe('Азербайджан'); // the local admin reads Russian

    const owner = await signedIn(ctx, 'dealer@example.com');
    const user = (await owner.get(`/api/settings/users/${buyerId}`)).json().data;
    expect(user).toMatchObject({
      credit: null,
      dealer: { id: dealerId, name: 'Caspian Soft LLC' },
      user_group: { name: 'Key accounts' },
      outstanding: { count: 2, amount_usd: '400.24', unpaid_credit_usd: '300.25' },
    });
  });

  it('lets a dealer invite a user who chooses a password from the mail and signs in', async () => {
    const dealer = await signedIn(ctx, 'dealer@example.com');
    const dealerId = await userId(ctx, 'dealer@example.com');
    const [group] = await ctx.db.select().from(userGroups).where(eq(userGroups.dealerId, dealerId));
    const created = await dealer.post('/api/settings/users', {
      name: 'Kamran Hasanov',
      email: '  Kamran@Example.com ',
      type_id: 4,
      lang: 'ru',
      user_group_id: group!.id,
      need_azn_cash: true,
    });
    expect(created.statusCode).toBe(200);
    const user = created.json().data;
    expect(user).toMatchObject({
      email: 'kamran@example.com',
      type_id: 4,
      dealer: { id: dealerId },
      country: { id: countryIds.AZ },
      user_group: { id: group!.id },
      need_azn_cash: true,
      has_password: false,
      is_active: true,
    });
    const [entry] = await audits('user.create', user.id);
    expect(entry).toMatchObject({ actorId: dealerId, entityType: 'user' });
    expect(JSON.stringify(entry!.after)).not.toMatch(/password/);

    const { mail, token } = await linkTokenFor(ctx, 'kamran@example.com');
    expect(mail.subject).toBe('Ваша учётная запись на портале ESD');
    expect(mail.text).toContain('http://portal.test/pages/reset-password?token=');
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Sunny-Caspian-42' },
    });
    expect(set.statusCode).toBe(200);
    expect(await ctx.login('kamran@example.com', 'Sunny-Caspian-42')).toBeTruthy();
  });

  it("refuses what a dealer may not do: other types, money fields, another dealer's records", async () => {
    const dealer = await signedIn(ctx, 'dealer@example.com');
    const base = { name: 'Nope', email: 'nope@example.com' };
    const asDealer = await dealer.post('/api/settings/users', { ...base, type_id: 3 });
    expect(asDealer.statusCode).toBe(403);
    expect(asDealer.json().data).toMatchObject({ error: 'FORBIDDEN', reason: 'type_not_allowed' });
    const withCredit = await dealer.post('/api/settings/users', {
      ...base,
      type_id: 4,
      credit_limit: '100.00',
    });
    expect(withCredit.statusCode).toBe(400);
    expect(withCredit.json().data.reason).toBe('not_applicable');
    const otherDealer = await userId(ctx, 'dealer2@example.com');
    const elsewhere = await dealer.post('/api/settings/users', {
      ...base,
      type_id: 4,
      dealer_id: otherDealer,
    });
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().data).toMatchObject({
      reason: 'field_not_allowed',
      field: 'dealer_id',
    });
    const [foreignGroup] = await ctx.db
      .insert(userGroups)
      .values({ dealerId: otherDealer, name: 'Theirs', markupPercent: '1.00' })
      .returning();
    const badGroup = await dealer.post('/api/settings/users', {
      ...base,
      type_id: 4,
      user_group_id: foreignGroup!.id,
    });
    expect(badGroup.json().data).toMatchObject({
      error: 'VALIDATION_FAILED',
      reason: 'user_group_invalid',
    });

    const farid = await userId(ctx, 'farid@example.com');
    expect((await dealer.get(`/api/settings/users/${farid}`)).statusCode).toBe(404);
    expect((await dealer.patch(`/api/settings/users/${farid}`, { name: 'X' })).statusCode).toBe(
      404,
    );
    expect((await dealer.post(`/api/settings/users/${farid}/deactivate`)).statusCode).toBe(404);
    const own = await userId(ctx, 'user@example.com');
    const raise = await dealer.patch(`/api/settings/users/${own}`, { type_id: 3 });
    expect(raise.statusCode).toBe(403);
    const money = await dealer.patch(`/api/settings/users/${own}`, { dealer_id: otherDealer });
    expect(money.json().data.reason).toBe('field_not_allowed');
    const [nope] = await ctx.db
      .select({ value: count() })
      .from(users)
      .where(eq(users.email, 'nope@example.com'));
    expect(nope?.value).toBe(0);
  });

  it("keeps a local admin to its countries' dealers and below its own role", async () => {
    const ld = await signedIn(ctx, 'ld@example.com');
    const kazakh = await userId(ctx, 'dealer-kz@example.com');
    const aigerim = await userId(ctx, 'aigerim@example.com');
    for (const id of [kazakh, aigerim, await userId(ctx, 'gd@example.com')]) {
      expect((await ld.get(`/api/settings/users/${id}`)).statusCode).toBe(404);
      expect((await ld.patch(`/api/settings/users/${id}`, { name: 'X' })).statusCode).toBe(404);
      expect((await ld.post(`/api/settings/users/${id}/reset-password`)).statusCode).toBe(404);
    }
    const inKazakhstan = await ld.post('/api/settings/users', {
      name: 'Almaty Soft',
      email: 'almaty@example.com',
      type_id: 3,
      country_id: countryIds.KZ,
    });
    expect(inKazakhstan.json().data).toMatchObject({
      reason: 'country_invalid',
      field: 'country_id',
    });
    const underKazakh = await ld.post('/api/settings/users', {
      name: 'Someone',
      email: 'someone@example.com',
      type_id: 4,
      dealer_id: kazakh,
    });
    expect(underKazakh.json().data.reason).toBe('dealer_invalid');
    const admin = await ld.post('/api/settings/users', {
      name: 'Another admin',
      email: 'admin2@example.com',
      type_id: 2,
      countries: [countryIds.AZ],
    });
    expect(admin.statusCode).toBe(403);
    const noCountry = await ld.post('/api/settings/users', {
      name: 'Batumi IT',
      email: 'batumi@example.com',
      type_id: 3,
    });
    expect(noCountry.json().data.reason).toBe('country_required');

    const created = await ld.post('/api/settings/users', {
      name: 'Batumi IT',
      email: 'batumi@example.com',
      type_id: 3,
      country_id: countryIds.GE,
      credit_limit: '1500.5',
      has_adobe_account: true,
    });
    expect(created.json().data).toMatchObject({
      type_id: 3,
      credit_limit: '1500.50',
      credit: { limit: '1500.50', used: '0.00', remaining: '1500.50' },
      has_adobe_account: true,
    });
    const id = created.json().data.id;
    const raised = await ld.patch(`/api/settings/users/${id}`, {
      type_id: 2,
      countries: [countryIds.GE],
    });
    expect(raised.statusCode).toBe(403);
    expect(raised.json().data.reason).toBe('type_not_allowed');
    const moved = await ld.patch(`/api/settings/users/${id}`, { country_id: countryIds.KZ });
    expect(moved.json().data.reason).toBe('country_invalid');
  });

  it('refuses changing ones own role or deactivating oneself', async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    const me = await userId(ctx, 'gd@example.com');
    const role = await gd.patch(`/api/settings/users/${me}`, {
      type_id: 3,
      country_id: countryIds.AZ,
    });
    expect(role.json().data).toMatchObject({ error: 'FORBIDDEN', reason: 'self_role' });
    expect(
      (await gd.patch(`/api/settings/users/${me}`, { is_active: false })).json().data.reason,
    ).toBe('self_deactivate');
    expect((await gd.post(`/api/settings/users/${me}/deactivate`)).json().data.reason).toBe(
      'self_deactivate',
    );
    expect((await gd.post(`/api/settings/users/${me}/reset-password`)).json().data.reason).toBe(
      'self_reset',
    );
    // its own name is its own business
    expect((await gd.patch(`/api/settings/users/${me}`, { name: 'Aysel M.' })).statusCode).toBe(
      200,
    );
  });

  it('deactivation ends sessions at once; activation lets the account sign in again', async () => {
    const owner = await signedIn(ctx, 'dealer2@example.com');
    const faridId = await userId(ctx, 'farid@example.com');
    const farid = await signedIn(ctx, 'farid@example.com');
    expect((await farid.get('/api/auth/user')).statusCode).toBe(200);

    const off = await owner.post(`/api/settings/users/${faridId}/deactivate`);
    expect(off.json().data.is_active).toBe(false);
    expect((await farid.get('/api/auth/user')).statusCode).toBe(401);
    await expect(ctx.login('farid@example.com')).rejects.toThrow(/403/);
    const [entry] = await audits('user.deactivate', faridId);
    expect(entry).toMatchObject({ before: { is_active: true }, after: { is_active: false } });

    expect(
      (await owner.post(`/api/settings/users/${faridId}/activate`)).json().data.is_active,
    ).toBe(true);
    expect((await farid.get('/api/auth/user')).statusCode).toBe(401); // the old token stays dead
    expect(await ctx.login('farid@example.com')).toBeTruthy();
    expect(await audits('user.activate', faridId)).toHaveLength(1);
  });

  it('resets a password: the old one and its sessions end, the mailed link sets a new one', async () => {
    const ld = await signedIn(ctx, 'ld@example.com');
    const victim = await signedIn(ctx, 'dealer2@example.com');
    const id = await userId(ctx, 'dealer2@example.com');
    const reset = await ld.post(`/api/settings/users/${id}/reset-password`);
    expect(reset.json().data.has_password).toBe(false);
    expect((await victim.get('/api/auth/user')).statusCode).toBe(401);
    await expect(ctx.login('dealer2@example.com')).rejects.toThrow(/401/);
    const { mail, token } = await linkTokenFor(ctx, 'dealer2@example.com');
    expect(mail.subject).toBe('ESD portalı üçün yeni şifrə seçin'); // dealer2 reads Azerbaijani
    const chosen = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'Caspian-Sunset-Ledger-7' },
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(await ctx.login('dealer2@example.com', 'Caspian-Sunset-Ledger-7')).toBeTruthy();
    // the demo password back for the tests after this one (zxcvbn refuses it through the API)
    await ctx.db
      .update(users)
      .set({ passwordHash: await hashPassword('demo1234') })
      .where(eq(users.email, 'dealer2@example.com'));
    expect(await audits('user.reset_password', id)).toHaveLength(1);

    const elvin = await userId(ctx, 'elvin@example.com');
    const inactive = await ld.post(`/api/settings/users/${elvin}/reset-password`);
    expect(inactive.json().data).toMatchObject({
      error: 'INVALID_STATE',
      reason: 'account_inactive',
    });
  });

  it('audits a credit limit change and a global admin finds it with the filters', async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    const gdId = await userId(ctx, 'gd@example.com');
    const id = await userId(ctx, 'dealer-ge@example.com');
    const saved = await gd.patch(`/api/settings/users/${id}`, { credit_limit: '2500' });
    expect(saved.json().data.credit).toMatchObject({ limit: '2500.00', remaining: '2500.00' });
    // saving the same value again changes nothing and writes nothing
    await gd.patch(`/api/settings/users/${id}`, { credit_limit: '2500.00' });

    const log = (
      await gd.get(`/api/settings/audit-log?action=user.update&entity_type=user&entity_id=${id}`)
    ).json().data;
    expect(log.total).toBe(1);
    expect(log.items[0]).toMatchObject({
      actor: { id: gdId, email: 'gd@example.com' },
      before: { credit_limit: '2000.00' },
      after: { credit_limit: '2500.00' },
    });
    // the filter's days are Baku's: after 20:00 UTC it is already tomorrow there
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE }).format(
      new Date(),
    );
    const byActor = (
      await gd.get(`/api/settings/audit-log?actor_id=${gdId}&date_from=2020-01-01&date_to=${today}`)
    ).json().data;
    expect(byActor.items.some((e: { entity_id: number }) => e.entity_id === id)).toBe(true);
    const past = (await gd.get('/api/settings/audit-log?date_to=2020-01-01')).json().data;
    expect(past.total).toBe(0);
    const filters = (await gd.get('/api/settings/audit-log/filters')).json().data;
    expect(filters.actions).toContain('user.update');
    expect(filters.actors.map((a: { email: string }) => a.email)).toContain('gd@example.com');
  });

  it("names the records an audit entry refers to, in the reader's language", async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    const [gold] = await ctx.db
      .select({ id: markupGroups.id })
      .from(markupGroups)
      .where(eq(markupGroups.name, 'Gold'));
    const created = await gd.post('/api/settings/users', {
      name: 'Shymkent Soft',
      email: 'shymkent@example.com',
      type_id: 3,
      country_id: countryIds.KZ,
      markup_group_id: gold!.id,
    });
    const id = created.json().data.id as number;
    const read = (lang: string) =>
      ctx.app.inject({
        method: 'GET',
        url: `/api/settings/audit-log?action=user.create&entity_id=${id}`,
        headers: { ...bearer(gd.token!), 'accept-language': lang },
      });
    const [entry] = (await read('ru')).json().data.items;
    expect(entry.after).toMatchObject({ country_id: countryIds.KZ, markup_group_id: gold!.id });
    expect(entry.names).toEqual({
      [`user:${id}`]: 'Shymkent Soft',
      [`country:${countryIds.KZ}`]: 'Казахстан',
      [`markup_group:${gold!.id}`]: 'Gold',
    });
    const [inAzerbaijani] = (await read('az')).json().data.items;
    expect(inAzerbaijani.names[`country:${countryIds.KZ}`]).toBe('Qazaxıstan');
  });

  it('moves a dealer to another country with its users, and keeps a dealer with users a dealer', async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    // a dealer of its own in Georgia, with a user: the seeded ones stay where the others expect
    const made = await gd.post('/api/settings/users', {
      name: 'Samarkand Soft',
      email: 'samarkand@example.com',
      type_id: 3,
      country_id: countryIds.GE,
    });
    expect(made.statusCode, made.body).toBe(200);
    const dealerId = made.json().data.id as number;
    const user = await gd.post('/api/settings/users', {
      name: 'Dilshod',
      email: 'samarkand-user@example.com',
      type_id: 4,
      dealer_id: dealerId,
    });
    expect(user.json().data.country.id).toBe(countryIds.GE);
    const itsUser = user.json().data.id as number;
    await gd.patch(`/api/settings/users/${dealerId}`, { country_id: countryIds.UZ });
    expect((await gd.get(`/api/settings/users/${itsUser}`)).json().data.country.id).toBe(
      countryIds.UZ,
    );
    const demoted = await gd.patch(`/api/settings/users/${dealerId}`, {
      type_id: 4,
      dealer_id: await userId(ctx, 'dealer@example.com'),
    });
    expect(demoted.json().data).toMatchObject({ error: 'CONFLICT', reason: 'dealer_has_users' });
    const ld2 = await signedIn(ctx, 'ld2@example.com');
    expect(emailsOf(await ld2.get('/api/settings/users?type_id=3&perPage=100'))).toContain(
      'samarkand@example.com',
    );
  });

  it('gives a global admin every type, with countries for a local admin', async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    const none = await gd.post('/api/settings/users', {
      name: 'Local Admin',
      email: 'ld3@example.com',
      type_id: 2,
    });
    expect(none.json().data.reason).toBe('countries_required');
    const created = await gd.post('/api/settings/users', {
      name: 'Local Admin',
      email: 'ld3@example.com',
      type_id: 2,
      lang: 'az',
      countries: [countryIds.TR, countryIds.GE, countryIds.TR],
    });
    expect(
      created
        .json()
        .data.countries.map((c: { id: number }) => c.id)
        .sort(),
    ).toEqual([countryIds.GE, countryIds.TR].sort());
    const id = created.json().data.id;
    const changed = await gd.patch(`/api/settings/users/${id}`, { countries: [countryIds.TR] });
    expect(changed.json().data.countries).toEqual([{ id: countryIds.TR, name: 'Türkiye' }]);
    const [entry] = await audits('user.update', id);
    expect(entry).toMatchObject({
      before: { countries: [countryIds.GE!, countryIds.TR!].sort((a, b) => a - b) },
      after: { countries: [countryIds.TR] },
    });
    const options = (await gd.get('/api/settings/users/options')).json().data;
    expect(options.type_ids).toEqual([1, 2, 3, 4]);
    expect(options.countries.length).toBeGreaterThanOrEqual(5);
  });

  it('never writes half a change: a refused save leaves the account and the log as they were', async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    const id = await userId(ctx, 'user@example.com');
    const before = (await gd.get(`/api/settings/users/${id}`)).json().data;
    const logBefore = (await ctx.db.select({ value: count() }).from(auditLog))[0]!.value;
    const refused = await gd.patch(`/api/settings/users/${id}`, {
      name: 'Renamed',
      email: 'dealer@example.com',
    });
    expect(refused.json().data).toMatchObject({ error: 'CONFLICT', reason: 'email_taken' });
    const badGroup = await gd.patch(`/api/settings/users/${id}`, {
      name: 'Renamed',
      user_group_id: 2_000_000,
    });
    expect(badGroup.statusCode).toBe(400);
    const badBody = await gd.patch(`/api/settings/users/${id}`, { credit_limit: '-5' });
    expect(badBody.statusCode).toBe(400);
    expect((await gd.patch(`/api/settings/users/${id}`, {})).statusCode).toBe(400);
    expect((await gd.get(`/api/settings/users/${id}`)).json().data).toEqual(before);
    expect((await ctx.db.select({ value: count() }).from(auditLog))[0]!.value).toBe(logBefore);
    const taken = await gd.post('/api/settings/users', {
      name: 'Dup',
      email: 'USER@example.com',
      type_id: 1,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('offers a dealer only itself and its own groups in the form', async () => {
    const dealer = await signedIn(ctx, 'dealer@example.com');
    const dealerId = await userId(ctx, 'dealer@example.com');
    const options = (await dealer.get('/api/settings/users/options?dealer_id=1')).json().data;
    expect(options).toMatchObject({ type_ids: [4], countries: [], markup_groups: [] });
    expect(options.dealers.map((d: { id: number }) => d.id)).toEqual([dealerId]);
    expect(options.user_groups.map((g: { name: string }) => g.name)).toEqual(['Key accounts']);
    const ld = await signedIn(ctx, 'ld@example.com');
    const kazakh = await userId(ctx, 'dealer-kz@example.com');
    const ldOptions = (await ld.get(`/api/settings/users/options?dealer_id=${kazakh}`)).json().data;
    expect(ldOptions.type_ids).toEqual([3, 4]);
    expect(ldOptions.countries.map((c: { code: string }) => c.code).sort()).toEqual(['AZ', 'GE']);
    expect(ldOptions.dealers.map((d: { id: number }) => d.id)).not.toContain(kazakh);
    expect(ldOptions.user_groups).toEqual([]);
  });
});

describe.each(dbKinds)('[users][audit] price settings go to the audit log on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
  });
  afterAll(async () => ctx?.close());

  const actions = async () =>
    (await ctx.db.select().from(auditLog)).map((e) => ({
      action: e.action,
      before: e.before,
      after: e.after,
    }));

  it('records markup groups, rates, VAT and surcharge, product prices, dealer prices and user group markups', async () => {
    const gd = await signedIn(ctx, 'gd@example.com');
    const group = await gd.post('/api/settings/markup-groups', { name: 'Platinum', percent: '1' });
    const groupId = group.json().data.id;
    await gd.put(`/api/settings/markup-groups/${groupId}`, { name: 'Platinum', percent: '0.75' });
    await gd.put(`/api/settings/markup-groups/${groupId}`, { name: 'Platinum', percent: '0.75' });
    await gd.del(`/api/settings/markup-groups/${groupId}`);
    await gd.post('/api/settings/exchange-rates', { date: '2026-01-05', rate: '1.7001' });
    await gd.put('/api/settings/pricing', { vat_percent: '18.00', credit_surcharge_percent: '3' });
    const products = (await gd.get('/api/settings/products?perPage=1')).json().data.items;
    const product = products[0];
    const { id: productId, image_url, category, updated_at, ...input } = product;
    await gd.put(`/api/settings/products/${productId}`, { ...input, dealer_price: '1.23' });
    await gd.put(`/api/settings/products/${productId}`, { ...input, dealer_price: '1.23' });

    const dealer = await signedIn(ctx, 'dealer@example.com');
    await dealer.put(`/api/dealer/product-prices/${productId}`, { mode: 'markup', value: '7' });
    await dealer.del(`/api/dealer/product-prices/${productId}`);
    const userGroup = await dealer.post('/api/dealer/groups', { name: 'VIP', markup_percent: '4' });
    await dealer.put(`/api/dealer/groups/${userGroup.json().data.id}`, {
      name: 'VIP',
      markup_percent: '6',
      user_ids: [],
    });

    const log = await actions();
    expect(log.map((e) => e.action)).toEqual([
      'markup_group.create',
      'markup_group.update',
      'markup_group.delete',
      'exchange_rate.set',
      'pricing.update',
      'product.price_update',
      'dealer_price.set',
      'dealer_price.reset',
      'user_group.create',
      'user_group.update',
    ]);
    expect(log[1]).toMatchObject({ before: { percent: '1.00' }, after: { percent: '0.75' } });
    expect(log[4]).toMatchObject({
      before: { credit_surcharge_percent: '2.00' },
      after: { credit_surcharge_percent: '3.00' },
    });
    expect(log[5]).toMatchObject({
      before: { dealer_price: product.dealer_price },
      after: { dealer_price: '1.23' },
    });
    expect(log[6]).toMatchObject({ after: { mode: 'markup', value: '7.00' } });
    expect(log[9]).toMatchObject({
      before: { markup_percent: '4.00' },
      after: { markup_percent: '6.00' },
    });
  });
});
