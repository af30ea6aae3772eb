import { expect, test } from '@playwright/test';
import { inLanguage } from '../support/a11y';
import { restoreDemoAccount, signIn } from '../support/session';

// Chromium's trimmed ICU has no Azerbaijani number data: the runtime's own 'az' formatting
// gives English separators. These pages must show CLDR's notation all the same: en '$2,618.88',
// ru '2 618,88 $' (a no-break space groups, the sign after), az '2.618,88 $' (issue 33).

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

  // a quantity field refuses '2,5' in Azerbaijani: it says why and keeps 1 (issue 33)
  await page.goto('/pages/products?q=KAS-KSOS');
  const product = page.getByRole('article').first();
  const quantity = product.getByRole('textbox', { name: /^Miqdar: / });
  await quantity.fill('2,5');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(quantity).toHaveAccessibleDescription(
    'Yalnız tam sayda lisenziya sifariş etmək olar. Say dəyişmədi: 1.',
  );
  await product.screenshot({ path: testInfo.outputPath('quantity-refused-az.png') });

  // Russian: the sign after the amount, a no-break space between the thousands
  await inLanguage(page, '/pages/profile', 'ru');
  await expect(page.getByRole('main')).toContainText('5\u00a0000,00\u00a0$');
  await expect(page.getByRole('main')).not.toContainText(/\$\s?\d/);
  await page.screenshot({ path: testInfo.outputPath('profile-ru.png'), fullPage: true });
  await inLanguage(page, '/pages/orders', 'ru');
  const ruRow = page.getByRole('row').nth(1);
  await expect(ruRow).toContainText(/\d,\d{2}\u00a0\$/);
  await expect(ruRow).toContainText(/\d{2}\.\d{2}\.20\d{2}/);
  // no cell of the orders or the top-5 puts the sign before an amount
  const cells = await page.getByRole('main').getByRole('cell').allTextContents();
  expect(cells.filter((cell) => /\$\s?\d/.test(cell))).toEqual([]);
  expect(cells.filter((cell) => /\d,\d{2}\u00a0\$$/.test(cell)).length).toBeGreaterThan(5);
  await page.screenshot({ path: testInfo.outputPath('orders-ru.png') });

  // English keeps spec 9's '$' before the amount
  await inLanguage(page, '/pages/profile', 'en');
  await expect(page.getByRole('main')).toContainText('$5,000.00');
});
