import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { DEMO_PASSWORD } from '../support/env';
import { signIn } from '../support/session';

const SKU = 'MS-W11PRO-ESD';
const shots = process.env.E2E_SCREENSHOTS;

/** A key the demo already sold (delivered on a completed order), and the SKU it was sold for. */
const soldKey = async (page: Page) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'gd@example.com', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const list = await page.request.get('/api/orders?perPage=50', { headers });
  for (const order of (await list.json()).data.items as { id: number }[]) {
    const detail = await page.request.get(`/api/orders/${order.id}`, { headers });
    const items = (await detail.json()).data.items as { sku: string; keys: { key: string }[] }[];
    const sold = items.find((item) => item.keys.length > 0);
    if (sold) return { key: sold.keys[0]!.key, sku: sold.sku };
  }
  throw new Error('no delivered key in the demo orders');
};

test('[keys][import] a global admin previews and imports keys from a file (en) and pasted text (ru), a sold key refused by its line, and sets a threshold (az)', async ({
  page,
}) => {
  test.setTimeout(120_000);
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

  // en, a file: the preview stores nothing, the confirmation stores what it showed
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
  await dialog.getByRole('button', { name: 'Preview', exact: true }).click();
  await expect(dialog.getByText('Preview: nothing is stored yet')).toBeVisible();
  const stat = (label: string) => dialog.getByText(label, { exact: true }).locator('xpath=..');
  await expect(stat('Keys to add')).toContainText('3');
  await expect(stat('Duplicates skipped')).toContainText('1');
  await expect(stat('Invalid lines')).toContainText('1');
  await expect(stat('Available now')).toContainText(String(before));
  await dialog.getByRole('button', { name: 'Import keys: 3' }).click();

  await expect(dialog.getByText('Import finished')).toBeVisible();
  await expect(stat('Keys added')).toContainText('3');
  await expect(stat('Available now')).toContainText(String(before + 3));
  const invalid = dialog.getByRole('row').filter({ hasText: 'No key in this line' });
  await expect(invalid).toContainText('5');
  if (shots) await page.screenshot({ path: `${shots}/keys-import-report.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
  await expect(dialog).toBeHidden();
  await expect(availableCell).toHaveText(String(before + 3));

  // ru, pasted text: a key the demo already sold is refused by its line, naming where it is
  const sold = await soldKey(page);
  await inLanguage(page, '/pages/settings/products?tab=keys', 'ru');
  await page.getByRole('searchbox').fill(SKU);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /^Импорт ключей для/ }).click();
  const ruDialog = page.getByRole('dialog', { name: `Импорт ключей: ${SKU}` });
  await ruDialog.getByText('Вставить', { exact: true }).click();
  await ruDialog
    .getByRole('textbox', { name: 'Ключи' })
    .fill(`E2E-${stamp}-DDDD\n${sold.key.toLowerCase()}\nE2E-${stamp}-AAAA\n`);
  await ruDialog.getByRole('button', { name: 'Предпросмотр', exact: true }).click();
  await expect(ruDialog.getByText('Предпросмотр: пока ничего не сохранено')).toBeVisible();
  const refused = ruDialog.getByRole('row').filter({ hasText: sold.key.toLowerCase() });
  await expect(refused).toContainText('2');
  await expect(refused).toContainText(`уже продан (выдан) для ${sold.sku}`);
  await expect(ruDialog.getByRole('row').filter({ hasText: `E2E-${stamp}-AAAA` })).toContainText(
    `уже на складе для ${SKU}`,
  );
  if (shots) await page.screenshot({ path: `${shots}/keys-paste-preview-ru.png`, fullPage: true });
  await ruDialog.getByRole('button', { name: 'Импортировать ключи: 1' }).click();
  await expect(ruDialog.getByText('Импорт завершён')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(ruDialog).toBeHidden();
  await expect(availableCell).toHaveText(String(before + 4));

  // az: the row's threshold, raised over the stock, flags it; put back, the flag goes
  await inLanguage(page, '/pages/settings/products?tab=keys', 'az');
  await page.getByRole('searchbox').fill(SKU);
  await expect(row).toHaveCount(1);
  const threshold = row.getByTestId('key-threshold');
  const was = (await threshold.innerText()).replace(/\D/g, '');
  const setThreshold = async (value: string) => {
    await row.getByRole('button', { name: /aşağı ehtiyat həddini dəyiş$/ }).click();
    const input = page.getByRole('textbox', { name: 'Aşağı ehtiyat həddi' });
    await input.fill(value);
    await page
      .getByRole('dialog')
      .filter({ has: input })
      .getByRole('button', { name: 'Yadda saxla' })
      .click();
    await expect(input).toBeHidden();
  };
  await setThreshold('1000000');
  await expect(row).toContainText('Az ehtiyat');
  if (shots)
    await page.screenshot({ path: `${shots}/keys-stock-threshold-az.png`, fullPage: true });
  await setThreshold(was);
  await expect(row).not.toContainText('Az ehtiyat');
  await expect(threshold).toHaveText(was);

  // az, the audit log: both imports and the threshold, in words (who, product, how many, how)
  await inLanguage(page, '/pages/settings/users?tab=audit', 'az');
  const log = page.getByRole('table').first();
  const pasted = log.getByRole('row').filter({ hasText: 'Yapışdırılmış mətn' }).first();
  await expect(pasted).toContainText('Açarlar idxal edildi');
  await expect(pasted).toContainText('Aysel Mammadova');
  await expect(pasted).toContainText('Windows 11 Pro');
  await expect(pasted).toContainText('Əlavə edilən açarlar');
  const uploaded = log.getByRole('row').filter({ hasText: 'keys.csv' }).first();
  await expect(uploaded).toContainText('Fayl yükləmə');
  await expect(
    log.getByRole('row').filter({ hasText: 'Aşağı ehtiyat həddi dəyişdirildi' }).first(),
  ).toContainText('1000000');
  expect(await log.innerText()).not.toMatch(/keys\.import|keys_added|low_stock_threshold/);
  if (shots) await page.screenshot({ path: `${shots}/keys-audit-az.png`, fullPage: true });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
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
    // the row's last button: its import (the pencil before it changes the threshold)
    await row.getByRole('button').last().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, `import dialog ${lang}`);
    if (shots) await page.screenshot({ path: `${shots}/keys-import-${lang}.png` });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
