import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { signIn } from '../support/session';

const SKU = 'MS-W11PRO-ESD';
const shots = process.env.E2E_SCREENSHOTS;

test('[keys][import] a global admin imports a CSV of keys and sees the report and the stock grow', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/settings/products');
  await page.getByRole('tab', { name: 'Key stock' }).click();
  await expect(page).toHaveURL(/tab=keys/);
  await expect(page.getByRole('heading', { name: 'Order settings' })).toBeVisible();
  // low stock comes first, flagged
  await expect(page.getByRole('row').nth(1)).toContainText('Low stock');
  if (shots) await page.screenshot({ path: `${shots}/keys-stock-list.png`, fullPage: true });

  await page.getByLabel('Search the stock by SKU or title').fill(SKU);
  const row = page.getByRole('row').filter({ hasText: SKU });
  await expect(row).toHaveCount(1);
  const availableCell = row.getByRole('cell').nth(2);
  const before = Number((await availableCell.innerText()).replace(/\D/g, ''));
  if (shots) await page.screenshot({ path: `${shots}/keys-stock-before.png`, fullPage: true });

  await row.getByRole('button', { name: /^Import keys for/ }).click();
  const dialog = page.getByRole('dialog', { name: `Import keys: ${SKU}` });
  await expect(dialog).toBeVisible();
  const stamp = Date.now();
  const csv = [
    'licence key;note',
    `E2E-${stamp}-AAAA`,
    `"E2E-${stamp}-BBBB";quoted`,
    `E2E-${stamp}-AAAA`,
    ';;',
    `E2E-${stamp}-CCCC`,
  ].join('\n');
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'keys.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();

  await expect(dialog.getByText('Import finished')).toBeVisible();
  const stat = (label: string) => dialog.getByText(label, { exact: true }).locator('xpath=..');
  await expect(stat('Keys added')).toContainText('3');
  await expect(stat('Duplicates skipped')).toContainText('1');
  await expect(stat('Invalid lines')).toContainText('1');
  await expect(stat('Available now')).toContainText(String(before + 3));
  const invalid = dialog.getByRole('row').filter({ hasText: 'No key in this line' });
  await expect(invalid).toContainText('5');
  if (shots) await page.screenshot({ path: `${shots}/keys-import-report.png`, fullPage: true });

  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(availableCell).toHaveText(String(before + 3));
  if (shots) await page.screenshot({ path: `${shots}/keys-stock-after.png`, fullPage: true });
});

test('[keys][a11y] the key stock in en, ru and az and the import dialog in az have no serious violations', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'gd@example.com');
  for (const lang of ['en', 'ru', 'az']) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/pages/settings/products?tab=keys');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await page.getByRole('searchbox').fill(SKU);
    const row = page.getByRole('row').filter({ hasText: SKU });
    await expect(row).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, `key stock ${lang}`);
    // the open dialog is a state, not a page: one language (the longest labels) is enough
    if (lang !== 'az') continue;
    await row.getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, `import dialog ${lang}`);
    if (shots) await page.screenshot({ path: `${shots}/keys-import-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
