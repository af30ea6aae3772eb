import type {
  DistributionStatistics,
  QuarterStatistics,
  TopProducts,
  WeeklyStatistics,
} from '@esd/shared/statistics/sales-statistics.schemas';
import { asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import {
  categories,
  countries,
  orderItems,
  orders,
  products,
  targets,
  users,
} from '../../db/schema';

/*
 * Hand-computed fixtures in 2024 (Baku is UTC+4, no daylight saving):
 *  O1 Caspian Soft (AZ) credit, paid Sun 2024-03-31 23:30 Baku: P1 2× 200.00/401.20, P2 1× 50.00/100.30
 *  O2 Caspian Soft credit, paid Mon 2024-04-01 00:10 Baku (still March 31 in UTC):
 *     P1 1× 100.00/200.60 later returned, P2 3× 150.00/300.90
 *  O3 Caspian Soft cash placed 2024-03-20, paid when confirmed on 2024-04-02: P1 1× 100.00/200.60
 *  O4 Caspian Soft credit paid 2024-04-03 then cancelled: P1 5× 500.00 (never counts)
 *  O5 Anadolu Yazilim (TR) credit paid 2024-04-03: P2 4× 40.00/80.24
 *  O6 Caspian Soft cash never paid: P1 7× (never counts)
 * Week 2024-W13 (Mar 25–31): 1 order, 3 licences, 250.00 USD, 501.50 AZN.
 * Week 2024-W14 (Apr 1–7): O2, O3, O5: 3 orders, 8 licences, 290.00 USD, 581.74 AZN.
 */
describe.each(dbKinds)(
  '[statistics][sales] weekly, distribution, quarter, top products on %s',
  (kind) => {
    let ctx: TestContext;
    let p1: { id: number; sku: string; titleEn: string; categoryId: number | null };
    let p2: { id: number; sku: string; titleEn: string; categoryId: number | null };
    let caspian: number;
    let anadolu: number;
    let turkey: number;

    type Line = { product: number; quantity: number; usd: string; azn: string };
    const addOrder = async (o: {
      dealer: number;
      country: number | null;
      sellType: 1 | 2;
      created: string;
      paid: string | null;
      lines: Line[];
    }) => {
      const [order] = await ctx.db
        .insert(orders)
        .values({
          buyerId: o.dealer,
          dealerId: o.dealer,
          countryId: o.country,
          sellType: o.sellType,
          status: o.paid ? 'completed' : 'pending',
          idempotencyKey: `sales-${Math.random().toString(36).slice(2)}`,
          lang: 'en',
          rate: '1.7000',
          vatPercent: '18.00',
          surchargePercent: '0.00',
          totalUsd: '0.00',
          vatUsd: '0.00',
          totalAzn: '0.00',
          createdAt: new Date(o.created),
          paidAt: o.paid ? new Date(o.paid) : null,
        })
        .returning();
      const items = await ctx.db
        .insert(orderItems)
        .values(
          o.lines.map((line) => ({
            orderId: order!.id,
            productId: line.product,
            sku: 'X',
            titleEn: 'x',
            titleRu: 'x',
            titleAz: 'x',
            providerId: 1,
            isReturnable: true,
            quantity: line.quantity,
            unitUsd: '1.00',
            totalUsd: line.usd,
            totalAzn: line.azn,
            status: 'delivered' as const,
            delivered: line.quantity,
          })),
        )
        .returning();
      return { order: order!, items };
    };

    /** GET as an account, in English whatever the account's own language. */
    const get = async <T>(email: string, url: string) => {
      const response = await ctx.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(await ctx.login(email)), 'accept-language': 'en' },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data as T;
    };

    const range = 'date_from=2024-03-25&date_to=2024-04-07';

    beforeAll(async () => {
      ctx = await createTestContext(kind);
      const picked = await ctx.db
        .select({
          id: products.id,
          sku: products.sku,
          titleEn: products.titleEn,
          categoryId: products.categoryId,
        })
        .from(products)
        .where(eq(products.providerId, 1))
        .orderBy(asc(products.id));
      p1 = picked[0]!;
      p2 = picked.find((p) => p.categoryId !== p1.categoryId)!;
      const [az] = await ctx.db.select().from(countries).where(eq(countries.code, 'AZ'));
      const [tr] = await ctx.db.select().from(countries).where(eq(countries.code, 'TR'));
      turkey = tr!.id;
      const [template] = await ctx.db
        .select()
        .from(users)
        .where(eq(users.email, 'dealer@example.com'));
      caspian = template!.id;
      expect(template!.countryId).toBe(az!.id);
      const [tr1] = await ctx.db
        .insert(users)
        .values({
          email: 'dealer-tr@example.com',
          name: 'Anadolu Yazilim',
          typeId: 3,
          passwordHash: template!.passwordHash,
          countryId: turkey,
        })
        .returning();
      anadolu = tr1!.id;

      const azId = az!.id;
      await addOrder({
        dealer: caspian,
        country: azId,
        sellType: 2,
        created: '2024-03-31T19:30:00Z',
        paid: '2024-03-31T19:30:00Z',
        lines: [
          { product: p1.id, quantity: 2, usd: '200.00', azn: '401.20' },
          { product: p2.id, quantity: 1, usd: '50.00', azn: '100.30' },
        ],
      });
      const o2 = await addOrder({
        dealer: caspian,
        country: azId,
        sellType: 2,
        created: '2024-03-31T20:10:00Z',
        paid: '2024-03-31T20:10:00Z',
        lines: [
          { product: p1.id, quantity: 1, usd: '100.00', azn: '200.60' },
          { product: p2.id, quantity: 3, usd: '150.00', azn: '300.90' },
        ],
      });
      await ctx.db
        .update(orderItems)
        .set({ status: 'returned' })
        .where(eq(orderItems.id, o2.items[0]!.id));
      const o3 = await addOrder({
        dealer: caspian,
        country: azId,
        sellType: 1,
        created: '2024-03-20T08:00:00Z',
        paid: null,
        lines: [{ product: p1.id, quantity: 1, usd: '100.00', azn: '200.60' }],
      });
      await ctx.db
        .update(orders)
        .set({ paidAt: new Date('2024-04-02T06:00:00Z'), status: 'in_progress' })
        .where(eq(orders.id, o3.order.id));
      const o4 = await addOrder({
        dealer: caspian,
        country: azId,
        sellType: 2,
        created: '2024-04-03T08:00:00Z',
        paid: '2024-04-03T08:00:00Z',
        lines: [{ product: p1.id, quantity: 5, usd: '500.00', azn: '1003.00' }],
      });
      await ctx.db
        .update(orders)
        .set({ status: 'cancelled', cancelledAt: new Date('2024-04-03T09:00:00Z') })
        .where(eq(orders.id, o4.order.id));
      await addOrder({
        dealer: anadolu,
        country: turkey,
        sellType: 2,
        created: '2024-04-03T08:00:00Z',
        paid: '2024-04-03T08:00:00Z',
        lines: [{ product: p2.id, quantity: 4, usd: '40.00', azn: '80.24' }],
      });
      await addOrder({
        dealer: caspian,
        country: azId,
        sellType: 1,
        created: '2024-04-03T08:00:00Z',
        paid: null,
        lines: [{ product: p1.id, quantity: 7, usd: '700.00', azn: '1404.20' }],
      });
      await ctx.db.insert(targets).values([
        { dealerId: caspian, year: 2024, quarter: 1, amountUsd: '1000.00' },
        { dealerId: caspian, year: 2024, quarter: 2, amountUsd: '300.00' },
        { dealerId: anadolu, year: 2024, quarter: 1, amountUsd: '100.00' },
        { dealerId: anadolu, year: 2024, quarter: 2, amountUsd: '50.00' },
        { dealerId: anadolu, year: 2024, quarter: 3, amountUsd: '100.00' },
        { dealerId: anadolu, year: 2024, quarter: 4, amountUsd: '100.00' },
      ]);
    }, 60_000);
    afterAll(async () => ctx?.close());

    it('counts weeks (Monday start, Baku days) with the current week against the previous ones', async () => {
      const data = await get<WeeklyStatistics>('gd@example.com', `/api/statistics/weekly?${range}`);
      expect(data.weeks).toEqual([
        {
          week_start: '2024-03-25',
          week: '2024-W13',
          orders: 1,
          quantity: 3,
          amount_usd: '250.00',
          amount_azn: '501.50',
        },
        {
          week_start: '2024-04-01',
          week: '2024-W14',
          orders: 3,
          quantity: 8,
          amount_usd: '290.00',
          amount_azn: '581.74',
        },
      ]);
      expect(data.totals).toEqual({
        orders: 4,
        quantity: 11,
        amount_usd: '540.00',
        amount_azn: '1083.24',
      });
      expect(data.current).toEqual({
        week_start: '2024-04-01',
        this_week: { orders: 3, quantity: 8, amount_usd: '290.00', amount_azn: '581.74' },
        last_week: { orders: 1, quantity: 3, amount_usd: '250.00', amount_azn: '501.50' },
        // W10–W13: only W13 sold; 1/4 orders, 250.00/4, 501.50/4 rounded half up
        average_previous_4: {
          orders: '0.3',
          quantity: '0.8',
          amount_usd: '62.50',
          amount_azn: '125.38',
        },
        change_percent: { orders: '200.0', amount_usd: '16.0', amount_azn: '16.0' },
      });
    });

    it('gives a local district admin only its countries, whatever the query says', async () => {
      const data = await get<WeeklyStatistics>('ld@example.com', `/api/statistics/weekly?${range}`);
      expect(data.totals).toEqual({
        orders: 3,
        quantity: 7,
        amount_usd: '500.00',
        amount_azn: '1003.00',
      });
      const widened = await get<WeeklyStatistics>(
        'ld@example.com',
        `/api/statistics/weekly?${range}&country_id=${turkey}&dealer_id=${anadolu}&scope=all`,
      );
      expect(widened.totals).toEqual(data.totals);
      const dist = await get<DistributionStatistics>(
        'ld@example.com',
        `/api/statistics/distribution?${range}`,
      );
      expect(dist.countries.map((c) => c.name)).toEqual(['Azerbaijan']);
      expect(dist.dealers.map((d) => d.name)).toEqual(['Caspian Soft LLC']);
    });

    it('splits sales by country, dealer, category and product with shares', async () => {
      const data = await get<DistributionStatistics>(
        'gd@example.com',
        `/api/statistics/distribution?${range}`,
      );
      expect(data.countries).toEqual([
        {
          id: expect.any(Number),
          name: 'Azerbaijan',
          count: 1,
          orders: 3,
          quantity: 7,
          amount_usd: '500.00',
          amount_azn: '1003.00',
          share_percent: '92.6',
        },
        {
          id: turkey,
          name: 'Türkiye',
          count: 1,
          orders: 1,
          quantity: 4,
          amount_usd: '40.00',
          amount_azn: '80.24',
          share_percent: '7.4',
        },
      ]);
      expect(data.dealers.map((d) => [d.id, d.amount_usd])).toEqual([
        [caspian, '500.00'],
        [anadolu, '40.00'],
      ]);
      expect(data.products).toEqual([
        {
          id: p1.id,
          name: p1.titleEn,
          count: 1,
          orders: 0,
          quantity: 3,
          amount_usd: '300.00',
          amount_azn: '601.80',
          share_percent: '55.6',
        },
        {
          id: p2.id,
          name: p2.titleEn,
          count: 1,
          orders: 0,
          quantity: 8,
          amount_usd: '240.00',
          amount_azn: '481.44',
          share_percent: '44.4',
        },
      ]);
      expect(data.categories.map((c) => [c.id, c.amount_usd])).toEqual([
        [p1.categoryId, '300.00'],
        [p2.categoryId, '240.00'],
      ]);
      const [cat] = await ctx.db.select().from(categories).where(eq(categories.id, p1.categoryId!));
      const ru = await ctx.app.inject({
        method: 'GET',
        url: `/api/statistics/distribution?${range}`,
        headers: { ...bearer(await ctx.login('gd@example.com')), 'accept-language': 'ru' },
      });
      expect(ru.json().data.categories[0].name).toBe(cat!.nameRu);
    });

    it('ranks the top products by amount and names the first of them the best seller, though another sold more licences', async () => {
      const data = await get<TopProducts>(
        'gd@example.com',
        `/api/statistics/top-products?${range}`,
      );
      expect(data.top.map((p) => [p.product_id, p.quantity, p.amount_usd])).toEqual([
        [p1.id, 3, '300.00'],
        [p2.id, 8, '240.00'],
      ]);
      // p2 sold more licences (8 against 3) for less: the best seller is row 1 all the same
      expect(data.best_seller).toEqual(data.top[0]);
      expect(data.best_seller).toMatchObject({ product_id: p1.id, sku: p1.sku, quantity: 3 });
      const own = await get<TopProducts>(
        'dealer@example.com',
        `/api/statistics/top-products?${range}`,
      );
      expect(own.top.map((p) => [p.product_id, p.quantity, p.amount_usd])).toEqual([
        [p1.id, 3, '300.00'],
        [p2.id, 4, '200.00'],
      ]);
      // a range of whole months reads the monthly summary: March and April 2024
      const months = await get<TopProducts>(
        'gd@example.com',
        '/api/statistics/top-products?date_from=2024-03-01&date_to=2024-04-30',
      );
      expect(months.top).toEqual(data.top);
      const empty = await get<TopProducts>(
        'gd@example.com',
        '/api/statistics/top-products?date_from=2023-01-01&date_to=2023-12-31',
      );
      expect(empty).toMatchObject({ top: [], best_seller: null });
    });

    it('breaks a tie of amount by licences, then by the lower id, in the list and the best seller alike', async () => {
      const [az] = await ctx.db.select().from(countries).where(eq(countries.code, 'AZ'));
      const ids = (
        await ctx.db
          .select({ id: products.id })
          .from(products)
          .where(eq(products.providerId, 1))
          .orderBy(asc(products.id))
      ).map((p) => p.id);
      const [low, middle, high] = [ids[2]!, ids[3]!, ids[4]!];
      // three products of the same amount in 2022: `high` sold the most licences; `low` and
      // `middle` tie on licences too, so the lower id goes first
      await addOrder({
        dealer: caspian,
        country: az!.id,
        sellType: 2,
        created: '2022-06-01T08:00:00Z',
        paid: '2022-06-01T08:00:00Z',
        lines: [
          { product: middle, quantity: 2, usd: '90.00', azn: '153.00' },
          { product: low, quantity: 2, usd: '90.00', azn: '153.00' },
          { product: high, quantity: 6, usd: '90.00', azn: '153.00' },
        ],
      });
      const data = await get<TopProducts>(
        'gd@example.com',
        '/api/statistics/top-products?date_from=2022-06-01&date_to=2022-06-30',
      );
      expect(data.top.map((p) => [p.product_id, p.quantity, p.amount_usd])).toEqual([
        [high, 6, '90.00'],
        [low, 2, '90.00'],
        [middle, 2, '90.00'],
      ]);
      expect(data.best_seller).toEqual(data.top[0]);
    });

    it('sets quarter sales against targets, per dealer and in total', async () => {
      const data = await get<QuarterStatistics>(
        'gd@example.com',
        '/api/statistics/quarter?year=2024',
      );
      const mine = data.dealers.find((d) => d.dealer_id === caspian)!;
      expect(mine.quarters).toEqual([
        { quarter: 1, sales_usd: '250.00', target_usd: '1000.00', percent: '25.0' },
        { quarter: 2, sales_usd: '250.00', target_usd: '300.00', percent: '83.3' },
        { quarter: 3, sales_usd: '0.00', target_usd: null, percent: null },
        { quarter: 4, sales_usd: '0.00', target_usd: null, percent: null },
      ]);
      // two of four quarters have a target: the year is not set against half a year's targets
      expect(mine.year).toEqual({ sales_usd: '500.00', target_usd: null, percent: null });
      // all four quarters have a target: the year is set against their sum
      expect(data.dealers.find((d) => d.dealer_id === anadolu)!.year).toEqual({
        sales_usd: '40.00',
        target_usd: '350.00',
        percent: '11.4',
      });
      expect(data.dealers.find((d) => d.dealer_id === anadolu)!.quarters[1]).toEqual({
        quarter: 2,
        sales_usd: '40.00',
        target_usd: '50.00',
        percent: '80.0',
      });
      expect(data.totals[1]).toEqual({
        quarter: 2,
        sales_usd: '290.00',
        target_usd: '350.00',
        percent: '82.9',
      });
      // nobody has a Q3 target: the total shows sales alone
      expect(data.totals[2]).toMatchObject({ quarter: 3, target_usd: null, percent: null });
      for (const email of ['dealer@example.com', 'ld@example.com']) {
        const scoped = await get<QuarterStatistics>(
          email,
          `/api/statistics/quarter?year=2024&dealer_id=${anadolu}`,
        );
        expect(scoped.dealers.map((d) => d.dealer_id)).toEqual([caspian]);
      }
      const other = await get<QuarterStatistics>(
        'dealer2@example.com',
        '/api/statistics/quarter?year=2024',
      );
      expect(other.dealers).toEqual([]);
    });

    it('exports each page as CSV and xlsx with the viewer’s numbers only', async () => {
      const gd = await as(ctx, 'gd@example.com');
      const csv = await gd.get(`/api/statistics/weekly/export?format=csv&${range}`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      expect(csv.body).toContain('2024-W14,2024-04-01,3,8,290.00,581.74');
      const ld = await as(ctx, 'ld@example.com');
      const ldCsv = (await ld.get(`/api/statistics/distribution/export?format=csv&${range}`)).body;
      expect(ldCsv).toContain('Caspian Soft LLC');
      expect(ldCsv).not.toContain('Anadolu');
      expect(
        (await gd.get(`/api/statistics/distribution/export?format=csv&${range}`)).body,
      ).toContain('Anadolu Yazilim');
      const dealer = await as(ctx, 'dealer@example.com');
      const xlsx = await dealer.get('/api/statistics/quarter/export?format=xlsx&year=2024');
      expect(xlsx.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const cells: unknown[][] = [];
      sheet.eachRow((row) => cells.push((row.values as unknown[]).slice(1)));
      expect(cells[1]).toEqual(['Caspian Soft LLC', '2024 Q1', 250, 1000, '25.0']);
      expect(JSON.stringify(cells)).not.toContain('Anadolu');
    });

    it('neutralises a dealer name that a spreadsheet would run as a formula', async () => {
      await ctx.db
        .update(users)
        .set({ name: '=HYPERLINK("http://evil")' })
        .where(eq(users.id, anadolu));
      const gd = await as(ctx, 'gd@example.com');
      const body = (await gd.get('/api/statistics/quarter/export?format=csv&year=2024')).body;
      expect(body).toContain(`"'=HYPERLINK(""http://evil"")"`);
      await ctx.db.update(users).set({ name: 'Anadolu Yazilim' }).where(eq(users.id, anadolu));
    });

    it('refuses a backwards, too long or impossible range and a wrong year with 400', async () => {
      const gd = await as(ctx, 'gd@example.com');
      for (const url of [
        '/api/statistics/weekly?date_from=2024-04-07&date_to=2024-03-25',
        '/api/statistics/distribution?date_from=2020-01-01&date_to=2024-01-01',
        '/api/statistics/top-products?date_from=2024-02-30&date_to=2024-03-01',
        '/api/statistics/weekly/export?format=pdf',
        '/api/statistics/quarter?year=1999',
        '/api/statistics/weekly?date_from=2099-01-01',
      ]) {
        const response = await gd.get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().data.error, url).toBe('VALIDATION_FAILED');
      }
    });

    const routes = [
      { url: `/api/statistics/weekly?${range}`, rule: 'globalOrLocal' },
      { url: `/api/statistics/weekly/export?format=csv&${range}`, rule: 'globalOrLocal' },
      { url: `/api/statistics/distribution?${range}`, rule: 'globalOrLocal' },
      { url: `/api/statistics/distribution/export?format=xlsx&${range}`, rule: 'globalOrLocal' },
      { url: '/api/statistics/quarter?year=2024', rule: 'allWithoutUser' },
      { url: '/api/statistics/quarter/export?year=2024&format=csv', rule: 'allWithoutUser' },
      { url: `/api/statistics/top-products?${range}`, rule: 'allWithoutUser' },
    ] as const;
    const allowed = { globalOrLocal: ['gd', 'ld'], allWithoutUser: ['gd', 'ld', 'd'] };
    const accounts = {
      gd: 'gd@example.com',
      ld: 'ld@example.com',
      d: 'dealer@example.com',
      u: 'user@example.com',
    } as const;

    it.each(routes)('authorizes $url by role (spec 2)', async ({ url, rule }) => {
      const anonymous = await ctx.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(401);
      for (const [role, email] of Object.entries(accounts)) {
        const response = await (await as(ctx, email)).get(url);
        const expected = (allowed[rule] as string[]).includes(role) ? 200 : 403;
        expect(response.statusCode, `${role} ${url}`).toBe(expected);
      }
    });

    it('keeps every role in its slice: ld and d never see the Turkish dealer', async () => {
      for (const email of ['ld@example.com', 'dealer@example.com']) {
        for (const url of [
          `/api/statistics/top-products?${range}&dealer_id=${anadolu}&country_id=${turkey}`,
          `/api/statistics/quarter?year=2024&dealer_id=${anadolu}`,
          `/api/statistics/quarter/export?year=2024&format=csv&dealer_id=${anadolu}`,
        ]) {
          const body = (await (await as(ctx, email)).get(url)).body;
          expect(body, `${email} ${url}`).not.toContain('Anadolu');
        }
        const top = await get<TopProducts>(
          email,
          `/api/statistics/top-products?${range}&country_id=${turkey}`,
        );
        expect(top.top.find((p) => p.product_id === p2.id)?.quantity).toBe(4);
      }
      for (const url of [
        `/api/statistics/weekly/export?format=csv&${range}`,
        `/api/statistics/distribution/export?format=csv&${range}`,
      ]) {
        const body = (await (await as(ctx, 'ld@example.com')).get(`${url}&country_id=${turkey}`))
          .body;
        expect(body).not.toContain('Anadolu');
        expect(body).not.toContain('40.00,80.24');
      }
    });

    it('recomputes equal to the summaries after all of the above', async () => {
      const diff = await ctx.db.execute(sql`
      with truth as (
        select (o.paid_at at time zone 'Asia/Baku')::date as day, o.dealer_id, coalesce(o.country_id, 0) as country_id,
          i.product_id, sum(i.quantity) as q, sum(i.total_usd) as u, sum(i.total_azn) as a
        from orders o join order_items i on i.order_id = o.id
        where o.paid_at is not null and o.status <> 'cancelled' and i.status <> 'returned'
        group by 1, 2, 3, 4
      )
      select count(*)::int as n from truth t
      full join (select * from sales_product_daily where quantity <> 0) s
        on s.day = t.day and s.dealer_id = t.dealer_id and s.country_id = t.country_id and s.product_id = t.product_id
      where s.quantity is distinct from t.q or s.amount_usd is distinct from t.u or s.amount_azn is distinct from t.a`);
      expect((diff as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    });
  },
);
