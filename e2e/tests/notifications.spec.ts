import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { DEMO_PASSWORD } from '../support/env';
import { emptyBasket, mainNav, signIn } from '../support/session';

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/notifications';
mkdirSync(shots, { recursive: true });

test.describe.configure({ timeout: 180_000 });

const tokenOf = async (page: Page, email: string) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  return (await login.json()).data.token as string;
};

const waitingOf = async (page: Page, email: string) => {
  const answer = await page.request.get('/api/notifications/waiting', {
    headers: { authorization: `Bearer ${await tokenOf(page, email)}` },
  });
  expect(answer.status()).toBe(200);
  return (await answer.json()).data as { cash_orders: number; return_requests: number };
};

/** The end user (dealer's, in Azerbaijan) places a cash order: it waits for payment confirmation. */
const placeCashOrder = async (page: Page) => {
  await emptyBasket(page.request, 'user@example.com');
  const headers = { authorization: `Bearer ${await tokenOf(page, 'user@example.com')}` };
  const products = await page.request.get('/api/products?perPage=5', { headers });
  const product = (await products.json()).data.items.find(
    (p: { provider_id: number }) => p.provider_id === 1,
  );
  expect((await page.request.get(`/api/basket/add/${product.id}/1/1`, { headers })).status()).toBe(
    200,
  );
  const placed = await page.request.post('/api/checkout', {
    headers: { ...headers, 'idempotency-key': `e2e-notify-${Date.now()}` },
    data: { sell_type: 1 },
  });
  expect(placed.status()).toBe(200);
  return (await placed.json()).data.id as number;
};

const ordersLink = (page: Page) =>
  mainNav(page).getByRole('link', { name: /Orders|Заказы|Sifarişlər/ });

test('[notifications][waiting] an admin sees what waits beside the nav links, and turns a kind of mail off on its profile', async ({
  page,
}) => {
  const placedId = await placeCashOrder(page);

  // the global admin: the cash orders waiting, counted beside Orders
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'gd@example.com', DEMO_PASSWORD, '/pages/orders');
  const gdCounts = await waitingOf(page, 'gd@example.com');
  expect(gdCounts.cash_orders).toBeGreaterThan(0);
  const cashBadge = ordersLink(page).getByTestId('waiting-cash_orders');
  await expect(cashBadge).toContainText(String(gdCounts.cash_orders));
  await expect(cashBadge).toContainText(
    `Cash orders waiting for payment confirmation: ${gdCounts.cash_orders}`,
  );
  await page.screenshot({ path: `${shots}/nav-gd-en-1366.png` });

  // confirming a payment counts again at once, without waiting for the minute's poll
  const first = { id: placedId };
  const gdHeaders = { authorization: `Bearer ${await tokenOf(page, 'gd@example.com')}` };
  await page.goto(`/pages/orders?order=${first.id}`);
  await page
    .getByRole('dialog', { name: new RegExp(`#${first.id}`) })
    .getByRole('button', { name: 'Confirm payment' })
    .click();
  await page
    .getByRole('dialog', { name: `Confirm the payment of order #${first.id}?` })
    .getByRole('button', { name: 'Confirm payment' })
    .click();
  await expect(page.getByText(`Payment of order #${first.id} confirmed.`)).toBeVisible();
  if (gdCounts.cash_orders > 1)
    await expect(cashBadge).toContainText(
      `Cash orders waiting for payment confirmation: ${gdCounts.cash_orders - 1}`,
    );
  else await expect(cashBadge).toHaveCount(0);
  await page.keyboard.press('Escape');

  // the profile's switches, in English and Azerbaijani
  await page.goto('/pages/profile');
  const notices = page.getByRole('region', { name: 'Mail notices' });
  const digest = notices.getByRole('switch', {
    name: 'Daily digest of cash orders waiting for payment confirmation',
  });
  await expect(digest).toBeChecked();
  await expect(notices.getByRole('switch')).toHaveCount(5);
  await digest.click();
  await expect(page.getByText('Your mail settings have been saved.')).toBeVisible();
  await page.reload();
  await expect(digest).not.toBeChecked();
  await notices.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/profile-gd-en-1366.png`, fullPage: true });
  await expectNoSeriousViolations(page, 'profile with mail switches (en)');
  await digest.click();
  await expect(digest).toBeChecked();

  for (const lang of ['ru', 'az'] as const) {
    await inLanguage(page, '/pages/profile', lang);
    await expectNoSeriousViolations(page, `profile with mail switches (${lang})`);
  }
  // on a phone, in Azerbaijani: a cash order waits again, and a product falls under its threshold
  await placeCashOrder(page);
  const product = await page.request.get('/api/settings/products/1', { headers: gdHeaders });
  const { low_stock_threshold: was } = (await product.json()).data;
  const setThreshold = async (low_stock_threshold: number) =>
    expect(
      (
        await page.request.put('/api/keys/stock/1', {
          headers: gdHeaders,
          data: { low_stock_threshold },
        })
      ).status(),
    ).toBe(200);
  await setThreshold(1_000_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await inLanguage(page, '/pages/profile', 'az');
  await expect(page.getByRole('region', { name: 'Poçt bildirişləri' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: `${shots}/profile-gd-az-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Menyunu göstər və ya gizlət' }).click();
  await expect(ordersLink(page)).toBeVisible();
  await expect(ordersLink(page).getByTestId('waiting-cash_orders')).toBeVisible();
  await expect(
    mainNav(page)
      .getByRole('link', { name: /Məhsul kataloqu/ })
      .getByTestId('waiting-low_stock_products'),
  ).toContainText('Aşağı ehtiyat həddindən az olan məhsullar');
  await page.screenshot({ path: `${shots}/nav-gd-az-390.png` });
  await setThreshold(was);
  await inLanguage(page, '/pages/profile', 'en');
});

test('[notifications][waiting] a local admin counts only its countries and is offered no key-stock mail', async ({
  page,
}) => {
  await placeCashOrder(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'ld@example.com', DEMO_PASSWORD, '/pages/orders');
  const counts = await waitingOf(page, 'ld@example.com');
  await expect(ordersLink(page).getByTestId('waiting-cash_orders')).toContainText(
    String(counts.cash_orders),
  );
  await inLanguage(page, '/pages/profile', 'ru');
  const notices = page.getByRole('region', { name: 'Уведомления по почте' });
  await expect(notices.getByRole('switch')).toHaveCount(3);
  await page.screenshot({ path: `${shots}/profile-ld-ru-1366.png`, fullPage: true });
  await page.goto('/pages/orders');
  await page.screenshot({ path: `${shots}/nav-ld-ru-1366.png` });
  await inLanguage(page, '/pages/profile', 'en');
});
