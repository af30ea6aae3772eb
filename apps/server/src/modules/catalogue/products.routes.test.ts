import { toCents } from '@esd/shared/shop/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct, productInput } from '../../../test/fixtures';
import { createTestContext, dbKinds, type TestContext } from '../../../test/harness';

describe.each(dbKinds)("[shop][catalogue] products priced by the viewer's chain on %s", (kind) => {
  let ctx: TestContext;
  let productId: number;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // a title no other product of these tests has: the search test finds exactly this one
    productId = await createProduct(ctx, {
      sku: 'CHAIN-TEST-1',
      title: {
        en: 'Chain Test Suite — 1 year',
        ru: 'Цепной тестовый пакет — 1 год',
        az: 'Zəncir test paketi — 1 il',
      },
    });
  });
  afterAll(async () => ctx?.close());

  const product = async (email: string, id = productId) =>
    (await (await as(ctx, email)).get(`/api/products/${id}`)).json().data;

  it('prices one product for each role from the chain, in exact decimals', async () => {
    // gd sees the unit price; the dealer pays dealer price + its Standard group (5 %)
    expect(await product('gd@example.com')).toMatchObject({
      Amount: '120.00',
      cash: null,
      credit: null,
      dealer_price: '100.00',
    });
    expect(await product('dealer@example.com')).toMatchObject({
      Amount: '105.00',
      cash: null,
      credit: null,
      dealer_price: null,
    });
    // the user is in its dealer's "Key accounts" group (12 %) and pays AZN: rate 1.7000, VAT 18 %, credit +2 %
    expect(await product('user@example.com')).toMatchObject({
      Amount: '117.60',
      cash: '235.91',
      credit: '240.62',
    });
  });

  it("lets the dealer's own price win over the group markup for its users", async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    const put = await dealer.put(`/api/dealer/product-prices/${productId}`, {
      mode: 'price',
      value: '109.99',
    });
    expect(put.json().data).toMatchObject({
      dealer_cost: '105.00',
      mode: 'price',
      value: '109.99',
      user_price: '109.99',
    });
    expect((await product('user@example.com')).Amount).toBe('109.99');
    await dealer.put(`/api/dealer/product-prices/${productId}`, { mode: 'markup', value: '10.00' });
    expect((await product('user@example.com')).Amount).toBe('115.50');
    await dealer.del(`/api/dealer/product-prices/${productId}`);
    expect((await product('user@example.com')).Amount).toBe('117.60');
  });

  it('answers titles in the language asked for and searches every language and the SKU', async () => {
    const user = await as(ctx, 'dealer@example.com');
    const ru = await ctx.app.inject({
      url: '/api/products?q=цепной',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'ru' },
    });
    expect(ru.json().data.items.map((i: { FullTitle: string }) => i.FullTitle)).toEqual([
      'Цепной тестовый пакет — 1 год',
    ]);
    // an Azerbaijani word finds it too, answered in the language asked for
    const az = await ctx.app.inject({
      url: '/api/products?q=zəncir',
      headers: { authorization: `Bearer ${user.token}`, 'accept-language': 'en' },
    });
    expect(az.json().data.items.map((i: { FullTitle: string }) => i.FullTitle)).toEqual([
      'Chain Test Suite — 1 year',
    ]);
    const bySku = (await user.get('/api/products?q=chain-test')).json().data;
    expect(bySku.total).toBe(1);
    const literal = (await user.get('/api/products?q=%25')).json().data;
    expect(literal.total).toBe(0);
  });

  it("answers the attributes in the reader's language, and the English one where a language has none", async () => {
    const gd = await as(ctx, 'gd@example.com');
    const created = await gd.post(
      '/api/settings/products',
      productInput({
        sku: 'WORDS-ATTR-1',
        licence_type: { en: 'ESD key', ru: 'Электронный ключ (ESD)', az: 'Elektron açar (ESD)' },
        delivery_time: { en: 'Instant (licence key)', ru: 'Мгновенно (лицензионный ключ)', az: '' },
        operating_systems: { en: 'Web, iOS', ru: 'Веб, iOS', az: 'Veb, iOS' },
      }),
    );
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as number;
    expect(created.json().data.delivery_time).toEqual({
      en: 'Instant (licence key)',
      ru: 'Мгновенно (лицензионный ключ)',
      az: '',
    });
    const dealer = await as(ctx, 'dealer@example.com');
    const read = async (url: string, lang: string) =>
      (
        await ctx.app.inject({
          url,
          headers: { authorization: `Bearer ${dealer.token}`, 'accept-language': lang },
        })
      ).json().data;
    const fields = (p: Record<string, unknown>) => [
      p.licence_type,
      p.delivery_time,
      p.operating_systems,
    ];
    expect(fields(await read(`/api/products/${id}`, 'en'))).toEqual([
      'ESD key',
      'Instant (licence key)',
      'Web, iOS',
    ]);
    expect(fields(await read(`/api/products/${id}`, 'ru'))).toEqual([
      'Электронный ключ (ESD)',
      'Мгновенно (лицензионный ключ)',
      'Веб, iOS',
    ]);
    // no Azerbaijani delivery time yet: its readers see the English one
    expect(fields(await read(`/api/products/${id}`, 'az'))).toEqual([
      'Elektron açar (ESD)',
      'Instant (licence key)',
      'Veb, iOS',
    ]);
    // the list (its cached, prepared pages included) reads the same columns
    for (const [lang, licence, delivery] of [
      ['ru', 'Электронный ключ (ESD)', 'Мгновенно (лицензионный ключ)'],
      ['az', 'Elektron açar (ESD)', 'Instant (licence key)'],
    ]) {
      const page = await read('/api/products?q=words-attr-1&perPage=5', lang!);
      expect(
        page.items.map((i: Record<string, unknown>) => [i.licence_type, i.delivery_time]),
      ).toEqual([[licence, delivery]]);
    }
  });

  it('refuses an attribute translated without its English value, naming the field', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const refused = await gd.post(
      '/api/settings/products',
      productInput({ sku: 'WORDS-ATTR-2', licence_type: { en: '', ru: 'Ключ', az: '' } }),
    );
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json().data.issues)).toContain('licence_type');
    // all three empty: the product simply has no such attribute
    const none = await gd.post(
      '/api/settings/products',
      productInput({ sku: 'WORDS-ATTR-3', licence_type: { en: '', ru: '', az: '' } }),
    );
    expect(none.statusCode, none.body).toBe(200);
  });

  it('pages, filters by category and sorts by the price this viewer pays', async () => {
    const user = await as(ctx, 'user@example.com');
    const all = (await user.get('/api/products?perPage=100')).json().data;
    expect(all.total).toBeGreaterThan(30);
    const page2 = (await user.get('/api/products?perPage=5&page=2')).json().data;
    expect(page2.items.map((i: { id: number }) => i.id)).toEqual(
      all.items.slice(5, 10).map((i: { id: number }) => i.id),
    );
    const expectSortedByWhatEachPays = async () => {
      for (const email of ['user@example.com', 'dealer@example.com', 'gd@example.com']) {
        const viewer = await as(ctx, email);
        for (const sort of ['price_asc', 'price_desc'] as const) {
          const items = (await viewer.get(`/api/products?perPage=100&sort=${sort}`)).json().data
            .items as { Amount: string }[];
          const amounts = items.map((i) => toCents(i.Amount));
          const sorted = [...amounts].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          expect(amounts, `${email} ${sort}`).toEqual(
            sort === 'price_asc' ? sorted : sorted.reverse(),
          );
        }
      }
    };
    await expectSortedByWhatEachPays();
    // a steep category override reorders the dealer's prices: the SQL sort must follow the rule
    const gd = await as(ctx, 'gd@example.com');
    const standard = (await gd.get('/api/settings/markup-groups?q=standard')).json().data.items[0];
    const categories = (await user.get('/api/categories')).json().data as {
      id: number;
      slug: string;
      products_count: number;
    }[];
    const security = categories.find((c) => c.slug === 'security')!;
    await gd.put(`/api/settings/markup-groups/${standard.id}`, {
      name: 'Standard',
      percent: '5.00',
      categories: [{ category_id: security.id, percent: '300.00' }],
    });
    await expectSortedByWhatEachPays();
    await gd.put(`/api/settings/markup-groups/${standard.id}`, {
      name: 'Standard',
      percent: '5.00',
      categories: [],
    });
    const filtered = (await user.get(`/api/products?perPage=100&category_id=${security.id}`)).json()
      .data;
    expect(filtered.total).toBe(security.products_count);
    expect(
      filtered.items.every((i: { category_id: number }) => i.category_id === security.id),
    ).toBe(true);
  });

  it('hides inactive products from the shop but not from admins', async () => {
    const hidden = await createProduct(ctx, { sku: 'INACTIVE-1', is_active: false });
    const dealer = await as(ctx, 'dealer@example.com');
    expect((await dealer.get(`/api/products/${hidden}`)).json()).toMatchObject({
      code: 404,
      data: { error: 'NOT_FOUND' },
    });
    expect((await dealer.get('/api/products?q=inactive-1')).json().data.total).toBe(0);
    expect((await product('gd@example.com', hidden)).sku).toBe('INACTIVE-1');
  });

  it('refuses bad list queries with 400 and anonymous callers with 401', async () => {
    const dealer = await as(ctx, 'dealer@example.com');
    for (const query of [
      'page=0',
      'perPage=1000',
      'sort=drop',
      'category_id=abc',
      `q=${'x'.repeat(200)}`,
    ]) {
      expect((await dealer.get(`/api/products?${query}`)).statusCode, query).toBe(400);
    }
    expect((await dealer.get('/api/products/abc')).statusCode).toBe(400);
    expect((await ctx.app.inject({ url: '/api/products' })).statusCode).toBe(401);
  });
});
