import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Caller, ScopeChecks, ScopeWorld } from './scope-world';

type Counts = {
  return_requests: number;
  partner_applications: number;
  cash_orders: number;
  low_stock_products: number;
};

/** What waits for an admin: counted over its countries only (a global admin: all). */
export const notificationScopeChecks = (get: () => ScopeWorld): ScopeChecks => ({
  'GET /api/notifications/waiting': async () => {
    const { as, ctx, kz } = get();
    const counts = async (c: Caller) => {
      const response = await c.get('/api/notifications/waiting');
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as Counts;
    };
    /** Counted here independently: in the countries of `email`, or everywhere. */
    const expected = async (email?: string) => {
      const country = (column: string) =>
        email
          ? sql.raw(`${column} in (select c.country_id from local_district_countries c
              join users u on u.id = c.user_id where u.email = '${email}')`)
          : sql`true`;
      const result = (await ctx.db.execute(sql`select
        (select count(*)::int from return_requests r join order_items i on i.id = r.order_item_id
          join orders o on o.id = i.order_id where r.status = 'requested' and ${country('o.country_id')}) as return_requests,
        (select count(*)::int from partner_applications a
          where a.status = 'pending' and ${country('a.country_id')}) as partner_applications,
        (select count(*)::int from orders o where o.status = 'pending' and o.sell_type = 1
          and ${country('o.country_id')}) as cash_orders`)) as unknown as { rows: Counts[] };
      return result.rows[0]!;
    };
    const all = await counts(as.gd);
    const ld = await counts(as.ld);
    const ld2 = await counts(as.ld2);
    const { low_stock_products: _, ...gdCounts } = all;
    expect(gdCounts).toEqual(await expected());
    expect(ld).toEqual({ ...(await expected('ld@example.com')), low_stock_products: 0 });
    expect(ld2).toEqual({ ...(await expected('ld2@example.com')), low_stock_products: 0 });
    // the KZ set's pending cash order and return request count for ld2 and the global admin only
    const kzOrder = (await ctx.db.execute(
      sql`select status, sell_type from orders where id = ${kz.pendingId}`,
    )) as unknown as { rows: { status: string; sell_type: number }[] };
    if (kzOrder.rows[0]?.status === 'pending') {
      expect(ld2.cash_orders).toBeGreaterThan(0);
      expect(all.cash_orders).toBeGreaterThanOrEqual(ld.cash_orders + ld2.cash_orders);
    }
  },
});
