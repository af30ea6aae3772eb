import { expect, test } from '@playwright/test';
import { restoreDemoAccount, signIn } from '../support/session';

// Chromium's trimmed ICU has no Azerbaijani number data: the runtime's own 'az' formatting
// gives English separators. These pages must show CLDR's az notation all the same.

test.beforeEach(async ({ request }) => {
  await restoreDemoAccount(request, 'dealer@example.com', { lang: 'az' });
});

test.afterEach(async ({ request }) => {
  await restoreDemoAccount(request, 'dealer@example.com', { lang: 'en' });
});

test('[shell][i18n] Azerbaijani amounts and dates use az separators in Chromium', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@example.com');
  await expect(page.locator('html')).toHaveAttribute('lang', 'az');

  // the dealer's credit limit, 5000 USD: '5.000,00 $', never '$5,000.00'
  await page.goto('/pages/profile');
  const summary = page.getByRole('main');
  await expect(summary).toContainText(/5\.000,00\s\$/);
  await expect(summary).not.toContainText('$5,000.00');
  await page.screenshot({ path: testInfo.outputPath('profile-az.png'), fullPage: true });

  // product prices: a decimal comma and the $ after the amount
  await page.goto('/pages/products');
  const prices = page.getByRole('article').first();
  await expect(prices).toContainText(/\d,\d{2}\s\$/);
  await expect(prices).not.toContainText(/\$\d/);
  await page.screenshot({ path: testInfo.outputPath('products-az.png') });

  // orders: dates as DD.MM.YYYY, amounts in az notation
  await page.goto('/pages/orders');
  const firstRow = page.getByRole('row').nth(1);
  await expect(firstRow).toContainText(/\d{2}\.\d{2}\.20\d{2}/);
  await expect(firstRow).toContainText(/\d,\d{2}\s\$/);
  await page.screenshot({ path: testInfo.outputPath('orders-az.png') });
});
