import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/env';
import { signIn } from '../support/session';

const PAGE = '/pages/statistic/adobe';
/** Adobe Acrobat Pro for teams, a provider-3 product of the demo catalogue */
const ACROBAT_SKU = '65304522CA01A12';

/** Calls the API as one account (what the page shows is checked against it). */
const apiAs = async (request: APIRequestContext, email: string) => {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  return {
    get: async (url: string) => (await (await request.get(url, { headers })).json()).data,
    post: async (url: string, data: object, extra: Record<string, string> = {}) => {
      const response = await request.post(url, { headers: { ...headers, ...extra }, data });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()).data;
    },
  };
};

/** The dealer buys one Acrobat licence for its first Adobe customer, on credit. */
const placeAdobeOrder = async (request: APIRequestContext) => {
  const dealer = await apiAs(request, 'dealer@example.com');
  const [customer] = await dealer.get('/api/getAdobeCustomerList');
  const products = await dealer.get(`/api/products?q=${ACROBAT_SKU}`);
  const product = products.items.find((p: { provider_id: number }) => p.provider_id === 3);
  const payload = {
    product_id: product.id,
    customer_id: customer.id,
    quantity: 1,
    treeYearCommitment: 0,
  };
  const [option] = await dealer.post('/api/getAdobeProductPriceByCustomer', payload);
  await dealer.post('/api/basket/add/adobe', { ...payload, adobe_selected_product_id: option.id });
  await dealer.post(
    '/api/checkout',
    { sell_type: 2 },
    { 'idempotency-key': `e2e-statistics-${Date.now()}` },
  );
  return customer.company_name as string;
};

const expectPageHeader = async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adobe sales');
  await expect(page).toHaveTitle('Adobe sales | ESD');
  await expect(page.getByRole('radio', { name: '12 months' })).toBeChecked();
};

const expectCharts = async (page: Page) => {
  await expect(
    page.getByRole('img', { name: /^Sales, USD excluding VAT\. Last 12 months: \$[\d,.]+ for / }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^Licences by month, / })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /of licences were bought with a three-year commitment/ }),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: /^\d+ customers: \d+ commercial/ })).toBeVisible();
};

let companyName = '';

test('[statistics][adobe] a global admin opens the page; without Adobe sales it shows its empty state', async ({
  page,
}) => {
  const admin = await apiAs(page.request, 'gd@example.com');
  const statistics = await admin.get('/api/statistics/adobe');
  await signIn(page, 'gd@example.com');
  await page.goto(PAGE);
  await expectPageHeader(page);
  if (statistics.totals.orders === 0) {
    await expect(
      page.getByRole('heading', { name: 'No Adobe sales in the last 12 months' }),
    ).toBeVisible();
    await page.getByText('24 months', { exact: true }).click();
    await expect(page).toHaveURL(/\?months=24$/);
    await expect(
      page.getByRole('heading', { name: 'No Adobe sales in the last 24 months' }),
    ).toBeVisible();
  } else {
    await expectCharts(page);
  }
});

test('[statistics][adobe] a dealer sees its Adobe order in the charts and top customers, on a phone too', async ({
  page,
}) => {
  companyName = await placeAdobeOrder(page.request);
  await signIn(page, 'dealer@example.com');
  await page.goto(PAGE);
  await expectPageHeader(page);
  await expectCharts(page);
  await expect(
    page.getByRole('table', { name: 'Top customers' }).getByRole('row', { name: companyName }),
  ).toBeVisible();

  // the figures behind the bars, as a table
  await page.getByRole('button', { name: 'Show as a table' }).click();
  const months = page.getByRole('table', { name: 'Adobe sales by month' });
  await expect(months.getByRole('row')).toHaveCount(13);

  await page.setViewportSize({ width: 390, height: 844 });
  await expectCharts(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('[statistics][adobe] the global admin sees the dealer’s Adobe sale', async ({ page }) => {
  await signIn(page, 'gd@example.com');
  await page.goto(`${PAGE}?months=6`);
  await expect(page.getByRole('radio', { name: '6 months' })).toBeChecked();
  await expect(
    page.getByRole('img', { name: /^Sales, USD excluding VAT\. Last 6 months: / }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Top customers' }).getByRole('row', { name: companyName }),
  ).toBeVisible();
});

test('[statistics][adobe] an end user is sent to the not-authorized page', async ({ page }) => {
  await signIn(page, 'user@example.com');
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/pages\/not-authorized/);
});
