import { ne } from 'drizzle-orm';
import { expect } from 'vitest';
import { wonPrizes } from '../../src/db/schema';
import {
  type Caller,
  csv,
  ids,
  productsOf,
  type ScopeChecks,
  type ScopeWorld,
} from './scope-world';

/** Events standings and won prizes, and sales statistics, of the viewer's scope only. */
export const insightScopeChecks = (get: () => ScopeWorld): ScopeChecks => ({
  ...eventsChecks(get),
  ...statisticsChecks(get),
});
/** Points, standings and won prizes are the viewer's dealer's. */
const eventsChecks = (get: () => ScopeWorld): ScopeChecks => ({
  'GET /api/profile/prizes': async () => {
    const { as, ctx, who } = get();
    const others = await ctx.db
      .select({ id: wonPrizes.id })
      .from(wonPrizes)
      .where(ne(wonPrizes.dealerId, who.d.id));
    expect(others.length).toBeGreaterThan(0);
    for (const name of ['d', 'u'] as const) {
      const mine = ids(await as[name].get('/api/profile/prizes?perPage=100'));
      for (const other of others) expect(mine).not.toContain(other.id);
    }
  },
  'GET /api/events/{id}': async () => {
    const { as, eventId, who } = get();
    for (const [name, dealer] of [
      ['d', who.d.id],
      ['u', who.d.id],
      ['farid', who.d2.id],
    ] as const) {
      const data = (await as[name].get(`/api/events/${eventId}`)).json().data;
      expect(data.me.dealer_id).toBe(dealer);
      const mine = data.leaderboard.filter((l: { is_me: boolean }) => l.is_me);
      expect(mine.every((l: { dealer_id: number }) => l.dealer_id === dealer)).toBe(true);
    }
  },
  'GET /api/events/{eventId}/prizes/{prizeId}': async () => {
    const { as, eventId, prizeId, who } = get();
    const url = `/api/events/${eventId}/prizes/${prizeId}`;
    expect((await as.u.get(url)).json().data.me.dealer_id).toBe(who.d.id);
    expect((await as.farid.get(url)).json().data.me.dealer_id).toBe(who.d2.id);
    expect((await as.ld.get(url)).json().data.me).toBeNull();
  },
});

/** Sales of KZ (one paid order of aigerim) reach gd, ld2 and dealer-kz only. */
const statisticsChecks = (get: () => ScopeWorld): ScopeChecks => {
  const data = async (c: Caller, url: string) => {
    const response = await c.get(url);
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    return response.json().data;
  };
  const names = { dkz: 'Astana Digital LLP', d2: 'Baku IT Partners' };
  return {
    'GET /api/statistics/weekly': async () => {
      const { as } = get();
      const total = async (c: Caller) =>
        (await data(c, '/api/statistics/weekly')).totals.orders as number;
      // every sale is in AZ (ld) or KZ (ld2): the two scopes split gd's total
      const [all, ld, ld2] = [await total(as.gd), await total(as.ld), await total(as.ld2)];
      expect(ld2).toBeGreaterThan(0);
      expect(ld).toBeGreaterThan(0);
      expect(ld + ld2).toBe(all);
    },
    'GET /api/statistics/weekly/export': async () => {
      // the top products block of the sheet: KZ sold only the set's products
      const { as, ctx, kz } = get();
      const kzProducts = await productsOf(ctx, kz);
      // ld and ld2 both read Russian, so the sheet's titles are those of ld's list
      const top = (await data(as.ld, '/api/statistics/top-products')).top as {
        product_id: number;
        title: string;
      }[];
      const azOnly = top.find((p) => !kzProducts.includes(p.product_id));
      if (!azOnly) throw new Error('the demo sales have no product outside the KZ order');
      const ld2 = await csv(await as.ld2.get('/api/statistics/weekly/export?format=csv'));
      expect(ld2).not.toContain(azOnly.title);
      const ld = await csv(await as.ld.get('/api/statistics/weekly/export?format=csv'));
      expect(ld).toContain(azOnly.title);
    },
    'GET /api/statistics/distribution': async () => {
      const { as, who } = get();
      const ld = await data(as.ld, '/api/statistics/distribution');
      expect(ld.dealers.map((d: { id: number }) => d.id)).not.toContain(who.dkz.id);
      const ld2 = await data(as.ld2, '/api/statistics/distribution');
      expect(ld2.dealers.map((d: { id: number }) => d.id)).toEqual([who.dkz.id]);
      expect(ld2.countries.map((c: { id: number }) => c.id)).toEqual([who.dkz.countryId]);
    },
    'GET /api/statistics/distribution/export': async () => {
      const { as } = get();
      const ld = await csv(await as.ld.get('/api/statistics/distribution/export?format=csv'));
      const ld2 = await csv(await as.ld2.get('/api/statistics/distribution/export?format=csv'));
      expect(ld).not.toContain(names.dkz);
      expect(ld).toContain(names.d2);
      expect(ld2).toContain(names.dkz);
      expect(ld2).not.toContain(names.d2);
    },
    'GET /api/statistics/quarter': async () => {
      const { as, who } = get();
      const dealers = async (c: Caller) =>
        ((await data(c, '/api/statistics/quarter')).dealers as { dealer_id: number }[]).map(
          (d) => d.dealer_id,
        );
      expect(await dealers(as.ld2)).toEqual([who.dkz.id]);
      expect(await dealers(as.dkz)).toEqual([who.dkz.id]);
      expect(await dealers(as.ld)).not.toContain(who.dkz.id);
      expect((await dealers(as.d)).every((id) => id === who.d.id)).toBe(true);
    },
    'GET /api/statistics/quarter/export': async () => {
      const { as } = get();
      const d = await csv(await as.d.get('/api/statistics/quarter/export?format=csv'));
      const ld = await csv(await as.ld.get('/api/statistics/quarter/export?format=csv'));
      const dkz = await csv(await as.dkz.get('/api/statistics/quarter/export?format=csv'));
      expect(d).not.toContain(names.d2);
      expect(ld).not.toContain(names.dkz);
      expect(dkz).toContain(names.dkz);
      expect(dkz).not.toContain(names.d2);
    },
    'GET /api/statistics/top-products': async () => {
      const { as, ctx, kz } = get();
      const kzProducts = await productsOf(ctx, kz);
      for (const c of [as.ld2, as.dkz]) {
        const top = (await data(c, '/api/statistics/top-products')).top as { product_id: number }[];
        expect(top.length).toBeGreaterThan(0);
        for (const row of top) expect(kzProducts).toContain(row.product_id);
      }
    },
    'GET /api/statistics/adobe': async () => {
      const { as } = get();
      expect((await data(as.gd, '/api/statistics/adobe')).customers.without_orders).toBeGreaterThan(
        0,
      );
      const adobe = await data(as.ld2, '/api/statistics/adobe');
      expect(adobe.customers.without_orders).toBe(0);
      expect(adobe.top_customers).toEqual([]);
      // a dealer without an Adobe account is refused outright (canSeeAdobeSales)
      expect((await as.dkz.get('/api/statistics/adobe')).statusCode).toBe(403);
    },
    'GET /api/statistics/adobe/export': async () => {
      const { as } = get();
      const url = '/api/statistics/adobe/export?format=csv';
      // the summary row, in whichever language the account reads
      const withoutSales = (file: string) =>
        /(?:customers without sales|клиенты без продаж|olmayan qeydiyyatlı müştərilər),(\d+)/.exec(
          file,
        )?.[1];
      const everyone = await data(as.gd, '/api/statistics/adobe');
      expect(Number(withoutSales(await csv(await as.gd.get(url))))).toBe(
        everyone.customers.without_orders,
      );
      const file = await csv(await as.ld2.get(url));
      expect(withoutSales(file)).toBe('0');
      for (const row of everyone.top_customers as { customer_id: string }[])
        expect(file).not.toContain(row.customer_id);
      // a dealer without an Adobe account is refused outright, as on the page
      expect((await as.dkz.get(url)).statusCode).toBe(403);
    },
  };
};
