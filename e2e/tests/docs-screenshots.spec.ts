import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/env';
import { leftovers } from '../support/page-checks';
import { emptyBasket, mainNav, signIn } from '../support/session';

/**
 * The README's screenshots: a dealer's product list, checkout and orders in en, ru and az at
 * 1366×768. Each run checks the pages they show (heading in the language, no raw key) and
 * takes the shots; `E2E_DOCS_SHOTS=1` writes them over docs/screenshots/ for the README.
 */
const DEALER = 'dealer@example.com';
const docsShots = process.env.E2E_DOCS_SHOTS === '1';
const docsDir = path.join(import.meta.dirname, '../../docs/screenshots');

/** Two lines on credit, so the checkout shows its lines, totals and the credit left. */
const basketLines = [
  { sku: 'KAS-KSTD-3D-1Y', quantity: 2 },
  { sku: 'KAS-KSOS-5D-1Y', quantity: 1 },
];
const CREDIT = 2;

const headings = {
  en: { products: 'Products', checkout: 'Checkout', orders: 'Orders' },
  ru: { products: 'Продукты', checkout: 'Оформление заказа', orders: 'Заказы' },
  az: { products: 'Məhsullar', checkout: 'Sifarişin rəsmiləşdirilməsi', orders: 'Sifarişlər' },
} as const;
const creditWord = { en: 'Credit', ru: 'Кредит', az: 'Kredit' } as const;
const bestSellerWord = { en: 'Best seller', ru: 'Лидер продаж', az: 'Ən çox satılan' } as const;
type Language = keyof typeof headings;
type Shot = keyof (typeof headings)[Language];

const fillBasket = async (request: APIRequestContext) => {
  const login = await request.post('/api/auth/login', {
    data: { email: DEALER, password: DEMO_PASSWORD },
  });
  expect(login.ok(), await login.text()).toBe(true);
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  for (const { sku, quantity } of basketLines) {
    const found = await request.get(`/api/products?q=${sku}`, { headers });
    const [product] = (await found.json()).data.items as { id: number; sku: string }[];
    expect(product?.sku, `the demo product ${sku}`).toBe(sku);
    const added = await request.get(`/api/basket/add/${product!.id}/${quantity}/${CREDIT}`, {
      headers,
    });
    expect(added.ok(), await added.text()).toBe(true);
  }
};

/** Every image the shot will show is loaded (lazy ones further down may stay unloaded). */
const imagesInViewLoaded = () =>
  Array.from(document.images)
    .filter((image) => {
      const box = image.getBoundingClientRect();
      return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
    })
    .every((image) => image.complete);

/** Checks the page in view and takes its shot once nothing on it moves any more. */
const checkAndShoot = async (options: {
  page: Page;
  lang: Language;
  shot: Shot;
  /** What shows the page's data is in (lines, rows, cards). */
  ready: Locator[];
}) => {
  const { page, lang, shot, ready } = options;
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(headings[lang][shot]);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  for (const part of ready) await expect(part.first()).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root[data-visible]')).toHaveCount(0);
  expect(await leftovers(page), `raw keys on ${shot} in ${lang}`).toEqual([]);
  // stable pixels: fonts and images in, no notification, no focus ring, the pointer away
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(imagesInViewLoaded)).toBe(true);
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  const file = `${shot}-${lang}.png`;
  await page.screenshot({
    path: docsShots ? path.join(docsDir, file) : test.info().outputPath(file),
    animations: 'disabled',
    caret: 'hide',
    scale: 'css',
  });
};

// one sign-in for the three languages: the tests share a page and run in order
test.describe.configure({ mode: 'serial' });
let page: Page;

test.beforeAll(async ({ browser }) => {
  if (docsShots) mkdirSync(docsDir, { recursive: true });
  page = await browser.newPage({ viewport: { width: 1366, height: 768 } });
  await emptyBasket(page.request, DEALER);
  await fillBasket(page.request);
  await signIn(page, DEALER);
});

// the basket lives on the server: later spec files start from an empty one whatever happened
test.afterAll(async () => {
  if (!page) return;
  await emptyBasket(page.request, DEALER);
  await page.close();
});

for (const lang of Object.keys(headings) as Language[]) {
  test(`[docs][screenshots] a dealer's product list, checkout and orders read in ${lang}`, async () => {
    // the interface language as the switch keeps it in the browser; the account's stays English
    await page.evaluate((value) => localStorage.setItem('lang', value), lang);
    await page.goto('/pages/products');
    await checkAndShoot({ page, lang, shot: 'products', ready: [page.getByRole('article')] });

    // the rest as a user goes, from the menu: checkout opens on the lines' way of paying
    await mainNav(page).getByRole('link', { name: headings[lang].checkout, exact: true }).click();
    const lines = page.getByRole('main').getByRole('row');
    // a header row and the two lines
    await expect(lines).toHaveCount(basketLines.length + 1);
    await expect(page.getByRole('main').getByRole('radio', { checked: true })).toHaveAccessibleName(
      creditWord[lang],
    );
    await checkAndShoot({ page, lang, shot: 'checkout', ready: [lines] });

    await mainNav(page).getByRole('link', { name: headings[lang].orders, exact: true }).click();
    // the top-5 strip loads after the list, in a chunk of its own
    const bestSeller = page.getByText(bestSellerWord[lang], { exact: true });
    await checkAndShoot({
      page,
      lang,
      shot: 'orders',
      ready: [page.getByRole('row').nth(1), bestSeller],
    });
  });
}
