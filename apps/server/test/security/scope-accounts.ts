import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { authSessions, dealerProductPrices, userGroupMembers, users } from '../../src/db/schema';
import {
  type Caller,
  ids,
  mailsTo,
  type Response,
  refused,
  type ScopeChecks,
  type ScopeWorld,
} from './scope-world';

/** A dealer's own prices, groups and users, and the accounts of user administration. */
export const accountScopeChecks = (get: () => ScopeWorld): ScopeChecks => ({
  // ---- the account's own sign-ins
  'GET /api/profile/sessions': async () => {
    const { as, ctx, who } = get();
    const others = await ctx.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(ne(authSessions.userId, who.d.id));
    expect(others.length).toBeGreaterThan(0);
    const listed = await as.d.get('/api/profile/sessions');
    expect(listed.statusCode).toBe(200);
    const mine = (listed.json().data as { id: string }[]).map((row) => row.id);
    expect(mine.length).toBeGreaterThan(0);
    for (const other of others) expect(mine).not.toContain(other.id);
  },
  'DELETE /api/profile/sessions/{id}': async () => {
    const { as, ctx, who } = get();
    const activeOf = (userId: number) =>
      ctx.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt)));
    const [farids] = await activeOf(who.farid.id);
    expect(farids).toBeDefined();
    // another account's sign-in is as missing as one that never was, and goes on
    expect((await as.d.del(`/api/profile/sessions/${farids!.id}`)).statusCode).toBe(404);
    expect((await activeOf(who.farid.id)).map((row) => row.id)).toContain(farids!.id);
    expect((await as.farid.get('/api/profile/sessions')).statusCode).toBe(200);
  },
  // ---- a dealer's own prices, groups and users
  'GET /api/dealer/product-prices': async () => {
    const { as, product } = get();
    const row = async (c: Caller) =>
      (await c.get(`/api/dealer/product-prices?q=${encodeURIComponent(product.sku)}`))
        .json()
        .data.items.find((r: { product_id: number }) => r.product_id === product.id);
    // the dealer has no price of its own (another check may have set one): dealer2's is not shown
    expect((await as.d.del(`/api/dealer/product-prices/${product.id}`)).statusCode).toBe(200);
    expect(await row(as.d)).toMatchObject({ mode: null, value: null });
    expect(await row(as.d2)).toMatchObject({ mode: 'price', value: '777.00' });
  },
  'PUT /api/dealer/product-prices/{productId}': async () => {
    const { as, product, ctx, who } = get();
    const url = `/api/dealer/product-prices/${product.id}`;
    // at or above what the dealer pays (invariant 1: lower is refused)
    expect((await as.d.put(url, { mode: 'price', value: '9999.00' })).statusCode).toBe(200);
    const rows = await ctx.db
      .select()
      .from(dealerProductPrices)
      .where(eq(dealerProductPrices.productId, product.id));
    expect(rows.find((r) => r.dealerId === who.d2.id)?.value).toBe('777.00');
    expect(rows.find((r) => r.dealerId === who.d.id)?.value).toBe('9999.00');
  },
  'DELETE /api/dealer/product-prices/{productId}': async () => {
    const { as, product, ctx, who } = get();
    expect((await as.d.del(`/api/dealer/product-prices/${product.id}`)).statusCode).toBe(200);
    const rows = await ctx.db
      .select({ dealerId: dealerProductPrices.dealerId })
      .from(dealerProductPrices)
      .where(eq(dealerProductPrices.productId, product.id));
    expect(rows.map((r) => r.dealerId)).toEqual([who.d2.id]);
  },
  'GET /api/products': async () => {
    // dealer2's own price reaches its users only
    const { as, product } = get();
    const amount = async (c: Caller) =>
      (await c.get(`/api/products?q=${encodeURIComponent(product.sku)}`))
        .json()
        .data.items.find((p: { id: number }) => p.id === product.id)?.Amount;
    expect(await amount(as.farid)).toBe('777.00');
    expect(await amount(as.u)).not.toBe('777.00');
    expect(await amount(as.aigerim)).not.toBe('777.00');
  },
  'GET /api/dealer/groups': async () => {
    const { as, groupId } = get();
    expect(
      ((await as.d.get('/api/dealer/groups')).json().data as { id: number }[]).map((g) => g.id),
    ).not.toContain(groupId);
  },
  'POST /api/dealer/groups': async () => {
    const { as, who } = get();
    const body = { name: 'Stolen users', markup_percent: '1.00', user_ids: [who.farid.id] };
    refused(await as.d.post('/api/dealer/groups', body), 'dealer groups dealer2 user');
  },
  'PUT /api/dealer/groups/{id}': async () => {
    const { as, groupId, ctx, who } = get();
    const body = { name: 'Taken over', markup_percent: '0.00', user_ids: [] };
    refused(await as.d.put(`/api/dealer/groups/${groupId}`, body), 'dealer edits dealer2 group');
    const members = await ctx.db
      .select()
      .from(userGroupMembers)
      .where(eq(userGroupMembers.userGroupId, groupId));
    expect(members.map((m) => m.userId)).toEqual([who.farid.id]);
  },
  'DELETE /api/dealer/groups/{id}': async () => {
    const { as, groupId } = get();
    refused(await as.d.del(`/api/dealer/groups/${groupId}`), 'dealer deletes dealer2 group');
    const own = (await as.d2.get('/api/dealer/groups')).json().data as { id: number }[];
    expect(own.map((g) => g.id)).toContain(groupId);
  },
  'GET /api/dealer/users': async () => {
    const { as, who } = get();
    const list = (await as.d.get('/api/dealer/users')).json().data as { id: number }[];
    expect(list.map((u) => u.id)).toContain(who.u.id);
    expect(list.map((u) => u.id)).not.toContain(who.farid.id);
  },
  // ---- a dealer's own API keys (issue 34)
  'GET /api/dealer/api-keys': async () => {
    const { as, otherApiKeyId } = get();
    const listed = (c: Caller) =>
      c
        .get('/api/dealer/api-keys')
        .then((r) => (r.json().data as { id: number }[]).map((k) => k.id));
    expect(await listed(as.d)).not.toContain(otherApiKeyId);
    expect(await listed(as.d2)).toContain(otherApiKeyId);
  },
  'POST /api/dealer/api-keys/{id}/revoke': async () => {
    const { as, otherApiKeyId } = get();
    refused(
      await as.d.post(`/api/dealer/api-keys/${otherApiKeyId}/revoke`),
      "dealer revokes dealer2's key",
    );
    const own = (await as.d2.get('/api/dealer/api-keys')).json().data as {
      id: number;
      status: string;
    }[];
    expect(own.find((k) => k.id === otherApiKeyId)?.status).toBe('active');
  },
  ...usersChecks(get),
});

/** Users of another country (ld) or another dealer (d): not found, not listed, not changed. */
const usersChecks = (get: () => ScopeWorld): ScopeChecks => {
  const outside = (w: ScopeWorld) =>
    [
      [w.as.ld, w.who.aigerim.id, 'ld'],
      [w.as.ld, w.who.dkz.id, 'ld'],
      [w.as.d, w.who.farid.id, 'dealer'],
    ] as const;
  const stillActive = async (w: ScopeWorld) => {
    const rows = await w.ctx.db
      .select({ active: users.isActive, name: users.name })
      .from(users)
      .where(inArray(users.id, [w.who.aigerim.id, w.who.dkz.id, w.who.farid.id]));
    expect(rows.every((r) => r.active && r.name !== 'Taken over')).toBe(true);
  };
  const each = (call: (c: Caller, id: number) => Promise<Response>) => async () => {
    const w = get();
    for (const [c, id, label] of outside(w)) refused(await call(c, id), `${label} user ${id}`);
    await stillActive(w);
  };
  return {
    'GET /api/settings/users': async () => {
      const { as, who } = get();
      const list = ids(await as.ld.get('/api/settings/users?perPage=100'));
      expect(list).toContain(who.farid.id);
      expect(list).not.toContain(who.dkz.id);
      expect(list).not.toContain(who.aigerim.id);
      for (const admin of [who.gd.id, who.ld.id, who.ld2.id]) expect(list).not.toContain(admin);
      expect(ids(await as.ld.get(`/api/settings/users?dealer_id=${who.dkz.id}`))).toEqual([]);
      expect(ids(await as.d.get('/api/settings/users?perPage=100'))).not.toContain(who.farid.id);
      expect(ids(await as.d.get(`/api/settings/users?dealer_id=${who.d2.id}`))).toEqual([]);
    },
    'GET /api/settings/users/options': async () => {
      const { as, who } = get();
      const options = (
        await as.ld.get(`/api/settings/users/options?dealer_id=${who.dkz.id}`)
      ).json().data;
      expect(options.user_groups).toEqual([]);
      expect(options.dealers.map((d: { id: number }) => d.id)).not.toContain(who.dkz.id);
      const mine = (await as.d.get(`/api/settings/users/options?dealer_id=${who.d2.id}`)).json()
        .data;
      expect(mine.dealers.map((d: { id: number }) => d.id)).toEqual([who.d.id]);
    },
    'GET /api/settings/users/{id}': each((c, id) => c.get(`/api/settings/users/${id}`)),
    'PATCH /api/settings/users/{id}': async () => {
      const w = get();
      await each((c, id) => c.patch(`/api/settings/users/${id}`, { name: 'Taken over' }))();
      const { as, who, groupId, ctx } = w;
      // admins above or beside the caller, and the caller itself, are not its to manage
      for (const [c, id] of [
        [as.ld, who.gd.id],
        [as.ld, who.ld2.id],
        [as.ld, who.ld.id],
        [as.d, who.d.id],
      ] as const)
        refused(await c.patch(`/api/settings/users/${id}`, { name: 'Taken over' }), `${id}`);
      // an own record may not be pointed at another's dealer, country or group
      const [kzCountry] = await ctx.db
        .select({ id: users.countryId })
        .from(users)
        .where(eq(users.id, who.dkz.id));
      for (const [c, id, body] of [
        [as.ld, who.farid.id, { dealer_id: who.dkz.id }],
        [as.ld, who.d2.id, { country_id: kzCountry?.id }],
        [as.d, who.u.id, { user_group_id: groupId }],
      ] as const) {
        const response = await c.patch(`/api/settings/users/${id}`, body);
        expect([400, 403, 404], response.body).toContain(response.statusCode);
      }
      const after = await ctx.db
        .select({ dealerId: users.dealerId, countryId: users.countryId })
        .from(users)
        .where(inArray(users.id, [who.farid.id, who.d2.id]));
      expect(after).toEqual(
        expect.arrayContaining([
          { dealerId: who.d2.id, countryId: who.farid.countryId },
          { dealerId: null, countryId: who.d2.countryId },
        ]),
      );
      const groups = await ctx.db
        .select()
        .from(userGroupMembers)
        .where(eq(userGroupMembers.userId, who.u.id));
      expect(groups.map((g) => g.userGroupId)).not.toContain(groupId);
    },
    'POST /api/settings/users/{id}/deactivate': each((c, id) =>
      c.post(`/api/settings/users/${id}/deactivate`),
    ),
    'POST /api/settings/users/{id}/activate': each((c, id) =>
      c.post(`/api/settings/users/${id}/activate`),
    ),
    'POST /api/settings/users/{id}/reset-password': async () => {
      const w = get();
      await each((c, id) => c.post(`/api/settings/users/${id}/reset-password`))();
      for (const email of ['aigerim@example.com', 'dealer-kz@example.com', 'farid@example.com'])
        expect(await mailsTo(w.ctx, email, 'reset-password?token='), email).toBe(0);
    },
    'POST /api/settings/users': async () => {
      const { as, who, ctx } = get();
      const probe = (dealerId: number) => ({
        name: 'Scope Probe',
        email: `scope-${dealerId}@example.com`,
        type_id: 4,
        dealer_id: dealerId,
      });
      for (const [c, dealerId] of [
        [as.ld, who.dkz.id],
        [as.d, who.d2.id],
      ] as const) {
        const response = await c.post('/api/settings/users', probe(dealerId));
        expect([400, 403, 404], response.body).toContain(response.statusCode);
      }
      const created = await ctx.db
        .select()
        .from(users)
        .where(
          inArray(users.email, [
            `scope-${who.dkz.id}@example.com`,
            `scope-${who.d2.id}@example.com`,
          ]),
        );
      expect(created).toEqual([]);
    },
  };
};
