import type { AdobeStatistics } from '@esd/shared/statistics/adobe-statistics.schemas';
import { parse } from 'csv-parse/sync';
import { eq, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { adobeCustomers, countries, orderItems, orders, products, users } from '../../db/schema';
import type { AdobeLine } from '../../db/schema/shop';
import { attachmentDisposition } from '../../lib/attachment';

/** 'YYYY-MM' of the Baku month `back` months before this one. */
const bakuMonth = (back: number) => {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Baku',
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number) as [number, number];
  const index = year * 12 + (month - 1) - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

/** The 10th of the Baku month `back` months ago (this month: now). */
const placedAt = (back: number): SQL =>
  back === 0
    ? sql`now()`
    : sql`((date_trunc('month', now() at time zone 'Asia/Baku') - make_interval(months => ${back}::int) + interval '9 days') at time zone 'Asia/Baku')`;

type Line = {
  customer: string;
  segment: 'COM' | 'EDU' | 'GOV';
  quantity: number;
  total: string;
  threeYear?: boolean;
  returned?: boolean;
  provider?: number;
};

const companies: Record<string, string> = {
  C1: 'Caspian Bank OJSC',
  C2: 'Baku State University',
  C3: 'Ministry of Digital Development',
  C4: 'City Library of Ganja',
  C5: 'Tbilisi Design School',
};

describe.each(dbKinds)('[statistics][adobe] GET /api/statistics/adobe on %s', (kind) => {
  let ctx: TestContext;
  let adobeProductId: number;
  let otherProductId: number;

  const addOrder = async (options: {
    dealer: string;
    back: number;
    status?: 'in_progress' | 'completed' | 'cancelled';
    lines: Line[];
  }) => {
    const [dealer] = await ctx.db.select().from(users).where(eq(users.email, options.dealer));
    if (!dealer) throw new Error(`no dealer ${options.dealer}`);
    const [order] = await ctx.db
      .insert(orders)
      .values({
        buyerId: dealer.id,
        dealerId: dealer.id,
        countryId: dealer.countryId,
        sellType: 2,
        status: options.status ?? 'completed',
        idempotencyKey: `stats-${Math.random().toString(36).slice(2)}`,
        lang: 'en',
        rate: '1.7000',
        vatPercent: '18.00',
        surchargePercent: '2.00',
        totalUsd: '0.00',
        vatUsd: '0.00',
        totalAzn: '0.00',
        createdAt: placedAt(options.back) as unknown as Date,
      })
      .returning();
    if (!order) throw new Error('order not inserted');
    await ctx.db.insert(orderItems).values(
      options.lines.map((line) => {
        const adobe: AdobeLine = {
          customer_id: line.customer,
          company_name: companies[line.customer] ?? line.customer,
          market_segment: line.segment,
          three_year_commitment: line.threeYear ?? false,
          option_id: '65304470CA01A12',
          status: '1000',
        };
        const provider = line.provider ?? 3;
        return {
          orderId: order.id,
          productId: provider === 3 ? adobeProductId : otherProductId,
          sku: 'ADOBE-TEST',
          titleEn: 'Adobe test',
          titleRu: 'Adobe тест',
          titleAz: 'Adobe test',
          providerId: provider,
          isReturnable: false,
          quantity: line.quantity,
          unitUsd: '1.00',
          totalUsd: line.total,
          totalAzn: '0.00',
          status: line.returned ? ('returned' as const) : ('delivered' as const),
          delivered: line.quantity,
          adobe: provider === 3 ? adobe : null,
        };
      }),
    );
  };

  const statistics = async (email: string, query = '') => {
    const viewer = await as(ctx, email);
    const response = await viewer.get(`/api/statistics/adobe${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as AdobeStatistics;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // the sums below assume no other Adobe sales, whatever the demo data holds
    await ctx.db.delete(orderItems).where(eq(orderItems.providerId, 3));
    const [adobe] = await ctx.db.select().from(products).where(eq(products.providerId, 3));
    const [other] = await ctx.db.select().from(products).where(eq(products.providerId, 1));
    if (!adobe || !other) throw new Error('demo catalogue without Adobe or provider-1 products');
    adobeProductId = adobe.id;
    otherProductId = other.id;

    // dealers outside the local admin's countries (AZ, GE), and one without any sale
    const [template] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'dealer@example.com'));
    const [turkey] = await ctx.db.select().from(countries).where(eq(countries.code, 'TR'));
    await ctx.db.insert(users).values([
      {
        email: 'dealer-tr@example.com',
        name: 'Istanbul Yazilim',
        typeId: 3,
        passwordHash: template?.passwordHash,
        countryId: turkey?.id,
        hasAdobeAccount: true,
      },
      {
        email: 'dealer-empty@example.com',
        name: 'Quiet Dealer',
        typeId: 3,
        passwordHash: template?.passwordHash,
        countryId: template?.countryId,
        hasAdobeAccount: true,
      },
    ]);

    // registered customers: the demo seeds three of dealer@example.com, none with a sale; C1
    // buys below; the Turkish dealer's customer never does
    const [dealer] = await ctx.db.select().from(users).where(eq(users.email, 'dealer@example.com'));
    const [dealerTr] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.email, 'dealer-tr@example.com'));
    const registered = (dealerId: number, customerId: string, companyName: string) => ({
      dealerId,
      customerId,
      companyName,
      marketSegment: 'COM' as const,
      profile: {
        customerId,
        companyProfile: {
          companyName,
          marketSegment: 'COM' as const,
          address: {
            country: 'AZ',
            city: 'Baku',
            addressLine1: '1 Test Street',
            postalCode: 'AZ1000',
          },
          contacts: [{ firstName: 'Test', lastName: 'Person', email: 'test@example.com' }],
        },
      },
    });
    await ctx.db
      .insert(adobeCustomers)
      .values([
        registered(dealer!.id, 'C1', 'Caspian Bank OJSC'),
        registered(dealerTr!.id, 'TR-1', 'Ankara Medya'),
      ]);

    await addOrder({
      dealer: 'dealer@example.com',
      back: 0,
      status: 'in_progress',
      lines: [
        { customer: 'C1', segment: 'COM', quantity: 10, total: '1000.00', threeYear: true },
        // not Adobe: never counted
        { customer: 'X', segment: 'COM', quantity: 5, total: '500.00', provider: 1 },
      ],
    });
    await addOrder({
      dealer: 'dealer@example.com',
      back: 2,
      lines: [
        { customer: 'C2', segment: 'EDU', quantity: 3, total: '123.45' },
        { customer: 'C1', segment: 'COM', quantity: 2, total: '10.10', returned: true },
      ],
    });
    await addOrder({
      dealer: 'dealer@example.com',
      back: 1,
      status: 'cancelled',
      lines: [{ customer: 'C3', segment: 'GOV', quantity: 7, total: '700.00' }],
    });
    await addOrder({
      dealer: 'dealer@example.com',
      back: 13,
      lines: [{ customer: 'C3', segment: 'GOV', quantity: 4, total: '44.00' }],
    });
    await addOrder({
      dealer: 'dealer2@example.com',
      back: 0,
      lines: [
        // 0.1 + 0.2 in floats is 0.30000000000000004: the sum must stay exact
        { customer: 'C4', segment: 'GOV', quantity: 1, total: '0.10' },
        { customer: 'C4', segment: 'GOV', quantity: 2, total: '0.20' },
      ],
    });
    await addOrder({
      dealer: 'dealer-tr@example.com',
      back: 1,
      lines: [{ customer: 'C5', segment: 'EDU', quantity: 50, total: '5000.00', threeYear: true }],
    });
  }, 60_000);
  afterAll(async () => ctx?.close());

  it('sums every dealer for a global admin, with empty months as zeros, exact money', async () => {
    const data = await statistics('gd@example.com');
    expect(data.months).toHaveLength(12);
    expect(data.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => bakuMonth(11 - i)),
    );
    expect(data.months.at(-1)).toEqual({
      month: bakuMonth(0),
      orders: 2,
      licences: 13,
      total_usd: '1000.30',
    });
    expect(data.months.at(-2)).toEqual({
      month: bakuMonth(1),
      orders: 1,
      licences: 50,
      total_usd: '5000.00',
    });
    expect(data.months.at(-3)).toEqual({
      month: bakuMonth(2),
      orders: 1,
      licences: 3,
      total_usd: '123.45',
    });
    expect(data.months[0]).toEqual({
      month: bakuMonth(11),
      orders: 0,
      licences: 0,
      total_usd: '0.00',
    });
    expect(data.totals).toEqual({ orders: 4, licences: 66, total_usd: '6123.75' });
    expect(data.customers).toEqual({
      total: 4,
      by_segment: { COM: 1, EDU: 2, GOV: 1 },
      without_orders: 4,
    });
    expect(data.commitment).toEqual({
      three_year_licences: 60,
      other_licences: 6,
      three_year_share_percent: '90.9',
    });
    expect(data.top_customers).toEqual([
      {
        customer_id: 'C5',
        company_name: 'Tbilisi Design School',
        market_segment: 'EDU',
        licences: 50,
        total_usd: '5000.00',
      },
      {
        customer_id: 'C1',
        company_name: 'Caspian Bank OJSC',
        market_segment: 'COM',
        licences: 10,
        total_usd: '1000.00',
      },
      {
        customer_id: 'C2',
        company_name: 'Baku State University',
        market_segment: 'EDU',
        licences: 3,
        total_usd: '123.45',
      },
      {
        customer_id: 'C4',
        company_name: 'City Library of Ganja',
        market_segment: 'GOV',
        licences: 3,
        total_usd: '0.30',
      },
    ]);
  });

  it('gives a local district admin only the dealers of its countries', async () => {
    const data = await statistics('ld@example.com');
    expect(data.totals).toEqual({ orders: 3, licences: 16, total_usd: '1123.75' });
    expect(data.customers).toEqual({
      total: 3,
      by_segment: { COM: 1, EDU: 1, GOV: 1 },
      without_orders: 3,
    });
    expect(data.commitment.three_year_share_percent).toBe('62.5');
    expect(data.top_customers.map((c) => c.company_name)).not.toContain('Tbilisi Design School');
  });

  it('gives a dealer only its own orders; cancelled orders and returned items never count', async () => {
    const data = await statistics('dealer@example.com');
    expect(data.totals).toEqual({ orders: 2, licences: 13, total_usd: '1123.45' });
    expect(data.customers).toEqual({
      total: 2,
      by_segment: { COM: 1, EDU: 1, GOV: 0 },
      without_orders: 3,
    });
    expect(data.commitment).toEqual({
      three_year_licences: 10,
      other_licences: 3,
      three_year_share_percent: '76.9',
    });
    expect(data.months.at(-2)).toMatchObject({ orders: 0, licences: 0, total_usd: '0.00' });
  });

  it('reaches further back when more months are asked for', async () => {
    const data = await statistics('dealer@example.com', '?months=24');
    expect(data.months).toHaveLength(24);
    expect(data.months[24 - 1 - 13]).toEqual({
      month: bakuMonth(13),
      orders: 1,
      licences: 4,
      total_usd: '44.00',
    });
    expect(data.totals).toEqual({ orders: 3, licences: 17, total_usd: '1167.45' });
    expect(data.customers.by_segment.GOV).toBe(1);

    const thisMonth = await statistics('dealer@example.com', '?months=1');
    expect(thisMonth.months).toEqual([
      { month: bakuMonth(0), orders: 1, licences: 10, total_usd: '1000.00' },
    ]);
  });

  it('refuses a dealer without an Adobe account, as its menu has no Adobe sales entry', async () => {
    // dealer2 has no Adobe account (the demo seed), whatever Adobe lines this suite gave it
    const refused = await (await as(ctx, 'dealer2@example.com')).get('/api/statistics/adobe');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 403,
      message: 'Adobe sales are shown to dealers with an Adobe account.',
      data: { error: 'FORBIDDEN' },
    });
  });

  it('answers zeros to a dealer with an Adobe account and no Adobe sales', async () => {
    const data = await statistics('dealer-empty@example.com', '?months=6');
    expect(data.months).toHaveLength(6);
    expect(data.months.every((m) => m.orders === 0 && m.total_usd === '0.00')).toBe(true);
    expect(data).toMatchObject({
      customers: { total: 0, by_segment: { COM: 0, EDU: 0, GOV: 0 }, without_orders: 0 },
      commitment: { three_year_licences: 0, other_licences: 0, three_year_share_percent: '0.0' },
      top_customers: [],
      totals: { orders: 0, licences: 0, total_usd: '0.00' },
    });
  });

  it('refuses an end user and months outside 1..36', async () => {
    const user = await as(ctx, 'user@example.com');
    const refused = await user.get('/api/statistics/adobe');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.error).toBe('FORBIDDEN');

    const admin = await as(ctx, 'gd@example.com');
    for (const months of ['0', '37', 'abc']) {
      const response = await admin.get(`/api/statistics/adobe?months=${months}`);
      expect(response.statusCode, months).toBe(400);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/statistics/adobe' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('exports the same numbers as xlsx, parsed back sheet by sheet, exact money', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const response = await gd.get('/api/statistics/adobe/export?months=12');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      attachmentDisposition(`adobe-sales-${bakuMonth(11)}-${bakuMonth(0)}.xlsx`),
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((sheet) => sheet.name)).toEqual([
      'Months',
      'Top customers',
      'Summary',
    ]);
    const rows = (index: number) =>
      book.worksheets[index]!.getSheetValues()
        .slice(1)
        .map((row) => (row as unknown[]).slice(1));
    const months = rows(0);
    expect(months[0]).toEqual(['Month', 'Orders', 'Licences', 'Amount USD (excl. VAT)']);
    expect(months).toHaveLength(1 + 12 + 1);
    expect(months.at(-2)).toEqual([bakuMonth(0), 2, 13, 1000.3]);
    expect(months.at(-1)).toEqual(['Total', 4, 66, 6123.75]);
    expect(book.worksheets[0]!.getRow(14).getCell(4).numFmt).toBe('#,##0.00');
    expect(rows(1).slice(1, 3)).toEqual([
      [1, 'C5', 'Tbilisi Design School', 'EDU', 50, 5000],
      [2, 'C1', 'Caspian Bank OJSC', 'COM', 10, 1000],
    ]);
    expect(rows(2)).toContainEqual(['Registered customers without sales', 4]);
    expect(rows(2)).toContainEqual(['Three-year commitment share %', 90.9]);
  });

  it('exports CSV in the asked language, scoped like the page', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/statistics/adobe/export?format=csv&months=6',
      headers: {
        authorization: `Bearer ${await ctx.login('ld@example.com')}`,
        'accept-language': 'az',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    const lines: string[][] = parse(response.body, { bom: true, relax_column_count: true });
    expect(lines[0]).toEqual(['Aylar']);
    expect(lines[1]).toEqual(['Ay', 'Sifarişlər', 'Lisenziyalar', 'Məbləğ USD (ƏDV-siz)']);
    expect(lines).toContainEqual(['Cəmi', '3', '16', '1123.75']);
    expect(response.body).not.toContain('Tbilisi Design School');
  });

  it('refuses a bad export query with the 400 envelope and an end user with 403', async () => {
    const gd = await as(ctx, 'gd@example.com');
    for (const query of ['format=pdf', 'months=40', 'months=x&format=csv']) {
      const response = await gd.get(`/api/statistics/adobe/export?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.headers['content-disposition']).toBeUndefined();
      expect(response.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    }
    const user = await as(ctx, 'user@example.com');
    expect((await user.get('/api/statistics/adobe/export')).statusCode).toBe(403);
  });
});
