import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { DEMO_PASSWORD } from '../support/env';
import { emptyBasket, mainNav, signIn } from '../support/session';

// two sign-ins, API calls and CSV downloads per journey: more than the default 30 s on a busy
// 2-core machine
test.describe.configure({ timeout: 60_000 });

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
  // the checkout takes the whole basket: only this licence, not lines another spec file left
  await emptyBasket(request, 'dealer@example.com');
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
  await expect(page.getByRole('img', { name: /^\d+ customers?: \d+ commercial/ })).toBeVisible();
};

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
  const companyName = await placeAdobeOrder(page.request);
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
  // a sale of its own: the journey must not rely on the dealer's one above having run first
  const companyName = await placeAdobeOrder(page.request);
  await signIn(page, 'gd@example.com');
  await page.goto(`${PAGE}?months=6`);
  await expect(page.getByRole('radio', { name: '6 months' })).toBeChecked();
  await expect(
    page.getByRole('img', { name: /^Sales, USD excluding VAT\. Last 6 months: / }),
  ).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Top customers' }).getByRole('row', { name: companyName }),
  ).toBeVisible();
  // the page's numbers as a file, like the other statistics pages (issue 20)
  const csv = await downloadCsv(page);
  expect(csv.name).toMatch(/^adobe-sales-\d{4}-\d{2}-\d{4}-\d{2}\.csv$/);
  expect(csv.text).toContain('Top customers');
  expect(csv.text).toContain(companyName);
});

test('[statistics][adobe] dealer2, without an Adobe account, has no Adobe sales menu and is sent away', async ({
  page,
}) => {
  // dealer2 reads Azerbaijani; its profile decides, so wait for the menu it can use
  await signIn(page, 'dealer2@example.com');
  const nav = mainNav(page);
  await expect(nav.getByRole('link', { name: 'Rüblük satışlar', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Adobe satışları', exact: true })).toHaveCount(0);
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/pages\/not-authorized/);
});

test('[statistics][adobe] an end user is sent to the not-authorized page', async ({ page }) => {
  await signIn(page, 'user@example.com');
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/pages\/not-authorized/);
});

/** '$1,234.50' as the pages show USD in English. */
const usd = (value: string) =>
  `$${Number(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A paid sale outside the local district admin's countries (AZ, GE): the Kazakh demo dealer
 * buys one licence in cash and the global admin confirms the payment.
 */
const placeKazakhSale = async (request: APIRequestContext) => {
  await emptyBasket(request, 'dealer-kz@example.com');
  const dealer = await apiAs(request, 'dealer-kz@example.com');
  const products = await dealer.get('/api/products?perPage=50');
  const product = products.items.find(
    (p: { provider_id: number; in_stock?: boolean }) => p.provider_id === 1,
  );
  const token = (
    await (
      await request.post('/api/auth/login', {
        data: { email: 'dealer-kz@example.com', password: DEMO_PASSWORD },
      })
    ).json()
  ).data.token;
  await request.get(`/api/basket/add/${product.id}/1/1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const order = await dealer.post(
    '/api/checkout',
    { sell_type: 1 },
    { 'idempotency-key': `e2e-sales-kz-${Date.now()}` },
  );
  const admin = await apiAs(request, 'gd@example.com');
  await admin.post(`/api/orders/${order.id}/confirm-payment`, {});
};

type Totals = { orders: number; quantity: number; amount_usd: string; amount_azn: string };

/** Downloads a page's CSV export with the button and returns its text. */
const downloadCsv = async (page: Page) => {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export these numbers to CSV' }).click();
  const file = await download;
  const path = await file.path();
  const { readFile } = await import('node:fs/promises');
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
};

test('[statistics][weekly] the global and the local district admin each see and export their own slice', async ({
  page,
}) => {
  await placeKazakhSale(page.request);
  const totals: Record<string, Totals> = {};
  for (const email of ['gd@example.com', 'ld@example.com']) {
    totals[email] = (await (await apiAs(page.request, email)).get('/api/statistics/weekly')).totals;
  }
  // the Kazakh sale is the global admin's, not the local district admin's
  expect(Number(totals['gd@example.com']!.amount_usd)).toBeGreaterThan(
    Number(totals['ld@example.com']!.amount_usd),
  );
  for (const email of ['gd@example.com', 'ld@example.com']) {
    const mine = totals[email]!;
    await signIn(page, email);
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
    await page.goto('/pages/statistic/weekly');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekly sales');
    await expect(
      page.getByRole('img', { name: /^Weeks: \d+; \$[\d,.]+ from \d+ orders?\.$/ }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Show as a table' }).click();
    const table = page.getByRole('table', { name: 'Sales by week' });
    await expect(table.getByRole('row', { name: /^Total / })).toContainText(usd(mine.amount_usd));
    const fiveTable = page.getByRole('table', { name: /^The five products/ });
    await expect(fiveTable).toBeVisible();
    // the best seller headline names row 1 of the list beside it (issue 33)
    const first = (
      await fiveTable.getByRole('row').nth(1).getByRole('rowheader').innerText()
    ).trim();
    const escaped = first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(page.getByRole('region', { name: 'Top 5 products' })).toContainText(
      new RegExp(`Best seller\\s*${escaped}`),
    );
    const csv = await downloadCsv(page);
    expect(csv.name).toMatch(/^weekly-sales-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text).toContain(
      `,${mine.orders},${mine.quantity},${mine.amount_usd},${mine.amount_azn}\r\n`,
    );
    await page.evaluate(() => localStorage.clear());
  }
});

test('[statistics][distribution] the local district admin sees only its countries; the global admin all', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/pages/statistic/distribution');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sales distribution');
  const gdCountries = page.getByRole('table', { name: /^By country, / });
  await expect(gdCountries.getByRole('row', { name: /^Kazakhstan/ })).toBeVisible();
  await expect(gdCountries.getByRole('row', { name: /^Azerbaijan/ })).toBeVisible();
  const gdCsv = await downloadCsv(page);
  expect(gdCsv.text).toContain('Kazakhstan');

  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'ld@example.com');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/pages/statistic/distribution');
  const ldCountries = page.getByRole('table', { name: /^By country, / });
  await expect(ldCountries.getByRole('row', { name: /^Azerbaijan/ })).toBeVisible();
  await expect(ldCountries.getByRole('row', { name: /^Kazakhstan/ })).toHaveCount(0);
  const ldCsv = await downloadCsv(page);
  expect(ldCsv.text).toContain('Azerbaijan');
  expect(ldCsv.text).not.toContain('Kazakhstan');
  expect(ldCsv.text).not.toContain('dealer-kz');
});

test('[statistics][quarter] a dealer sees its quarter against its target, and the top-5 block on its orders', async ({
  page,
}) => {
  const dealer = await apiAs(page.request, 'dealer@example.com');
  const quarter = await dealer.get('/api/statistics/quarter');
  expect(quarter.dealers.map((d: { dealer_name: string }) => d.dealer_name)).toEqual([
    'Caspian Soft LLC',
  ]);
  const target = quarter.dealers[0].quarters.find(
    (q: { target_usd: string | null }) => q.target_usd !== null,
  );
  await signIn(page, 'dealer@example.com');
  await page.goto('/pages/statistic/quarter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quarterly sales');
  const row = page.getByRole('table', { name: /^Sales and targets per dealer/ }).getByRole('row', {
    name: /^Caspian Soft LLC/,
  });
  await expect(row).toContainText(`of ${usd(target.target_usd)}`);
  await expect(page.getByRole('img', { name: /^Sales and targets of \d{4}: Q1: / })).toBeVisible();
  // the dealer may not open the admins' pages
  await page.goto('/pages/statistic/weekly');
  await expect(page).toHaveURL(/\/pages\/not-authorized/);
  await page.goto('/pages/orders');
  const top = page.getByRole('region', { name: 'Top 5 products' });
  await expect(top).toBeVisible();
  // on the orders page the list is folded behind the best seller until opened, and stays open
  const toggle = top.getByRole('button', { name: 'Top 5' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(top.getByRole('table')).toBeHidden();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(top.getByRole('table', { name: /^The five products/ })).toBeVisible();
  await page.reload();
  await expect(top.getByRole('button', { name: 'Top 5' })).toHaveAttribute('aria-expanded', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/pages/statistic/quarter');
  await expect(row).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('[statistics][sales] an end user is refused every sales statistics page', async ({ page }) => {
  await signIn(page, 'user@example.com');
  for (const path of ['weekly', 'distribution', 'quarter']) {
    await page.goto(`/pages/statistic/${path}`);
    await expect(page).toHaveURL(/\/pages\/not-authorized/);
  }
  await page.goto('/pages/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Top 5 products' })).toHaveCount(0);
});

// one test per width: the 18 scans of both widths in one test took more than 120 s on a busy
// 2-core machine
for (const width of [1280, 390]) {
  test(`[statistics][sales] the weekly, distribution and quarter pages pass axe in en, ru and az at ${width} px`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, 'gd@example.com');
    await page.setViewportSize({ width, height: 900 });
    for (const lang of ['en', 'ru', 'az']) {
      for (const path of ['weekly', 'distribution', 'quarter']) {
        await page.evaluate((l) => localStorage.setItem('lang', l), lang);
        await page.goto(`/pages/statistic/${path}`);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('region', { name: /Top 5|Топ-5|Top 5 məhsul/ })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectNoSeriousViolations(page, `${path} ${lang} ${width}`);
        if (width === 390)
          expect(
            await page.evaluate(() => document.documentElement.scrollWidth),
            `${path} ${lang} fits 390 px`,
          ).toBeLessThanOrEqual(390);
      }
    }
    await page.evaluate(() => localStorage.setItem('lang', 'en'));
  });
}

type Box = { top: number; bottom: number; left: number; right: number };
const boxOf = (element: Element): Box => {
  const { top, bottom, left, right } = element.getBoundingClientRect();
  return { top, bottom, left, right };
};

test('[statistics][distribution] at 1366 px no chart label overlaps another and every table shows its Share column, in en and az', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  await page.setViewportSize({ width: 1366, height: 900 });
  for (const [lang, share] of [
    ['en', 'Share'],
    ['az', 'Pay'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/pages/statistic/distribution');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    const figures = page.getByRole('main').locator('figure');
    await expect(figures).toHaveCount(4);
    for (const figure of await figures.all()) {
      const table = figure.getByRole('table');
      const rows = await table.locator('tbody tr').count();
      expect(rows).toBeGreaterThan(0);
      // one label a row, each on one line, none over the next
      const labels = figure.locator('.recharts-yAxis-tick-labels text');
      await expect(labels).toHaveCount(rows);
      // each box read in the page (a function handed to the page cannot reach boxOf)
      const boxes = (await Promise.all((await labels.all()).map((l) => l.evaluate(boxOf)))).sort(
        (a, b) => a.top - b.top,
      );
      for (const [index, box] of boxes.entries()) {
        expect(box.bottom - box.top, `${lang} label ${index} is one line`).toBeLessThan(20);
        const next = boxes[index + 1];
        if (next)
          expect(box.bottom, `${lang} label ${index} clears the next`).toBeLessThanOrEqual(
            next.top,
          );
      }
      expect(await labels.first().textContent()).not.toBe('');
      // the whole table is in view: its Share column is not cut and nothing scrolls sideways
      const region = figure.getByRole('region');
      const header = table.getByRole('columnheader', { name: share, exact: true });
      const [frame, cell] = [await region.evaluate(boxOf), await header.evaluate(boxOf)];
      expect(cell.left, `${lang} Share column starts inside`).toBeGreaterThanOrEqual(frame.left);
      expect(cell.right, `${lang} Share column ends inside`).toBeLessThanOrEqual(frame.right + 0.5);
      expect(
        await region.evaluate((node) => node.scrollWidth - node.clientWidth),
        `${lang} table fits without scrolling`,
      ).toBeLessThanOrEqual(0);
    }
    // a dealer's name is one label with its spaces, not words joined where a line broke
    await expect(
      page
        .locator('figure .recharts-yAxis-tick-labels text')
        .filter({ hasText: /^Caspian Soft LLC$/ }),
    ).toHaveCount(1);
    await page.screenshot({
      path: test.info().outputPath(`distribution-${lang}-1366.png`),
      fullPage: true,
    });
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
