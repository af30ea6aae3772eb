import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/session';

const fixtures = path.resolve(import.meta.dirname, '..', 'fixtures');

// A 2×2 PNG: enough for the server's type and size checks and for a thumbnail.
const pngImage = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAAWGgEDzM1Q1wAAAABJRU5ErkJggg==',
  'base64',
);

const search = async (page: Page, label: string, text: string) => {
  await page.getByLabel(label).fill(text);
};

test('[settings][products] an admin creates a product and edits its price', async ({ page }) => {
  // the attributes in three languages make it a long journey for a busy 2-core machine
  test.setTimeout(120_000);
  const sku = `E2E-${Date.now()}`;
  const title = `E2E Backup Suite ${sku}`;
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/settings/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product catalogue');

  await page.getByRole('button', { name: 'Add product' }).click();
  const drawer = page.getByRole('dialog', { name: 'Add a product' });
  await expect(drawer).toBeVisible();

  // the shared schema's rules, in words: nothing filled in yet
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer.getByText('This field is required').first()).toBeVisible();

  await drawer.getByLabel('SKU').fill(sku);
  await drawer.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Backup & storage' }).click();
  await drawer.getByLabel('Full title').fill(title);
  await drawer.getByRole('tab', { name: 'Русский' }).click();
  await drawer.getByLabel('Full title').fill(`E2E Резервное копирование ${sku}`);
  await drawer.getByRole('tab', { name: 'Azərbaycanca' }).click();
  await drawer.getByLabel('Full title').fill(`E2E Ehtiyat nüsxə ${sku}`);
  await drawer.getByLabel('Dealer price').fill('10.00');
  // money keeps at most 2 decimals: the third is refused as it is typed
  await drawer.getByLabel('Unit price').pressSequentially('12.505');
  await expect(drawer.getByLabel('Unit price')).toHaveValue('12.50');
  // attributes in each language (issue 33): one without its English value is refused
  await drawer.getByLabel('Delivery time').fill('Dərhal');
  await drawer.getByRole('button', { name: 'Save' }).click();
  await drawer.getByRole('tab', { name: 'English' }).click();
  await expect(
    drawer.getByText('Give the English value: the other languages fall back to it.'),
  ).toBeVisible();
  await drawer.getByLabel('Delivery time').fill('Instant');
  await drawer.getByLabel('Licence type').fill('ESD key');
  // Russian lacks both, Azerbaijani the licence type: each tab counts them, each field says so
  const russian = drawer.getByRole('tab', { name: /^Русский/ });
  await expect(russian).toHaveAccessibleName('Русский 2 attributes not translated');
  await expect(drawer.getByRole('tab', { name: /^Azərbaycanca/ })).toHaveAccessibleName(
    'Azərbaycanca 1 attribute not translated',
  );
  await russian.click();
  await expect(
    drawer.getByText('Not translated: readers of this language see “ESD key”.'),
  ).toBeVisible();
  if (process.env.E2E_SCREENSHOTS) {
    await drawer.getByLabel('Licence type').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: `${process.env.E2E_SHOTS_DIR ?? 'test-results'}/product-attributes-editor.png`,
    });
  }
  await drawer.getByLabel('Licence type').fill('Электронный ключ (ESD)');
  await drawer.getByLabel('Delivery time').fill('Мгновенно');
  await expect(russian).toHaveAccessibleName('Русский');
  await drawer.locator('input[type="file"]').setInputFiles({
    name: 'box.png',
    mimeType: 'image/png',
    buffer: pngImage,
  });
  await expect(drawer.getByText('box.png will be uploaded when you save.')).toBeVisible();
  await drawer.getByRole('button', { name: 'Save' }).click();
  await expect(drawer).toBeHidden();
  await expect(page.getByText(`Product ${sku} has been added.`)).toBeVisible();

  await search(page, 'Search by SKU or title', sku);
  const row = page.getByRole('row').filter({ hasText: sku });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(title);
  await expect(row).toContainText('$10.00');
  await expect(row).toContainText('$12.50');
  await expect(row.locator('img')).toHaveAttribute('src', /.+/);

  await row.getByRole('button', { name: `Edit ${sku} — ${title}` }).click();
  const editor = page.getByRole('dialog', { name: `Edit product ${sku}` });
  await expect(editor.getByLabel('Unit price')).toHaveValue('12.50');
  // the attributes came back as saved, the missing Azerbaijani one still marked
  await expect(editor.getByLabel('Licence type')).toHaveValue('ESD key');
  await expect(editor.getByRole('tab', { name: /^Azərbaycanca/ })).toHaveAccessibleName(
    'Azərbaycanca 1 attribute not translated',
  );
  await editor.getByLabel('Unit price').fill('14.75');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText('$14.75');

  // the shop finds it, at its new price (an admin sees the unit price)
  await page.goto(`/pages/products?q=${encodeURIComponent(sku)}`);
  const card = page.getByRole('article').filter({ hasText: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('$14.75');
});

test('[settings][countries] an admin adds a country and cannot delete one in use', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/settings/countries');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Countries');

  await page.getByRole('button', { name: 'Add country' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a country' });
  await dialog.getByLabel('Country code').fill('n1');
  await dialog.getByLabel('Name in English').fill('Norway');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter the two-letter ISO code, for example AZ')).toBeVisible();
  await expect(dialog.getByText('This field is required')).toHaveCount(2);

  await dialog.getByLabel('Country code').fill('no');
  await expect(dialog.getByLabel('Country code')).toHaveValue('NO');
  await dialog.getByLabel('Name in Russian').fill('Норвегия');
  await dialog.getByLabel('Name in Azerbaijani').fill('Norveç');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const norway = page.getByRole('row').filter({ hasText: 'Norway' });
  await expect(norway).toContainText('NO');

  // Azerbaijan has users: the server refuses and the dialog says why
  await page.getByRole('button', { name: 'Delete AZ — Azerbaijan' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this record?' });
  await expect(confirm).toContainText('AZ — Azerbaijan');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toContainText('still in use');
  await expect(confirm.getByRole('alert')).toContainText('Azerbaijan cannot be deleted');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('row').filter({ hasText: 'Azerbaijan' })).toHaveCount(1);

  // one nobody uses goes
  await norway.getByRole('button', { name: 'Delete NO — Norway' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: 'Norway' })).toHaveCount(0);
});

test('[settings][rates] an admin previews the central bank XML, and a change needs a reason', async ({
  page,
}) => {
  // three files and a typed rate, each confirmed on the page: longer than a single step
  test.setTimeout(120_000);
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/settings/markup');
  await page.getByRole('tab', { name: 'Exchange rates' }).click();
  await expect(page).toHaveURL(/tab=rates/);
  // the journeys run without the bank: the page says the feed is off
  await expect(page.getByText('The daily fetch is off')).toBeVisible();

  const good = path.join(fixtures, '21.11.2026.xml');
  // the bank's file of the same day with another rate
  const corrected = path.join(mkdtempSync(path.join(tmpdir(), 'esd-rates-')), '21.11.2026.xml');
  writeFileSync(
    corrected,
    readFileSync(good, 'utf8').replace('<Value>1.7000</Value>', '<Value>1.7050</Value>'),
  );
  const choose = async (file: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload XML file' }).click();
    await (await chooser).setFiles(file);
  };
  const preview = page.getByRole('status').filter({ hasText: 'Check before importing' });
  const result = page.getByRole('status').filter({ hasText: 'Rate for 21 Nov 2026' });
  const row = page.getByRole('row').filter({ hasText: '21 Nov 2026' });

  // nothing is stored before the admin confirms what the file changes
  await choose(good);
  await expect(preview).toContainText('21 Nov 2026: no rate yet → 1.7000 AZN (new)');
  await expect(row).toHaveCount(0);
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(result).toContainText('Rate for 21 Nov 2026: 1.7000 AZN (new)');
  await expect(row).toContainText('1.7000 AZN');
  await expect(row).toContainText('Central bank');

  // the same file again changes nothing
  await choose(good);
  await expect(preview).toContainText('21 Nov 2026 already has 1.7000 AZN: nothing to change.');
  await expect(preview.getByRole('button', { name: 'Import' })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Close' }).click();
  await expect(preview).toBeHidden();

  // another rate for the day: shown before → after, and imported only with a reason
  await choose(corrected);
  await expect(preview).toContainText('21 Nov 2026: 1.7000 AZN → 1.7050 AZN');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(preview.getByText('Write why the rate changes: 3 to 500 characters.')).toBeVisible();
  await expect(row).toContainText('1.7000 AZN');
  await preview.getByLabel('Reason for the change').fill('The bank corrected its file');
  await preview.getByRole('button', { name: 'Import' }).click();
  await expect(result).toContainText('Rate for 21 Nov 2026: 1.7050 AZN (replaced)');
  await expect(row).toContainText('1.7050 AZN');

  // typing another rate for the day asks for a reason too
  const form = page.getByRole('region', { name: 'Add a rate' });
  await form.getByLabel('Date').fill('2026-11-21');
  await form.getByLabel('Rate').fill('1.7100');
  await form.getByRole('button', { name: 'Add rate' }).click();
  await expect(
    form.getByText('This date already has the rate 1.7050 AZN: write why it changes.'),
  ).toBeVisible();
  await expect(row).toContainText('1.7050 AZN');
  await form.getByLabel('Reason for the change').fill('Typed from the bank’s website');
  await form.getByRole('button', { name: 'Add rate' }).click();
  await expect(row).toContainText('1.7100 AZN');
  await expect(row).toContainText('Entered by hand');

  // deleting the day's rate is a change too: refused without a reason, done with one
  await row.getByRole('button', { name: /^Delete 21 Nov 2026/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this record?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toBeVisible();
  await expect(row).toContainText('1.7100 AZN');
  await confirm.getByLabel('Reason for deleting').fill('Entered for the wrong day');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(row).toHaveCount(0);

  // a refused file names what is wrong with it in the reader's language too
  const truncated = path.join(mkdtempSync(path.join(tmpdir(), 'esd-rates-')), '21.11.2026.xml');
  const whole = readFileSync(good, 'utf8');
  writeFileSync(truncated, whole.slice(0, whole.indexOf('<Value>1.7000</Value>')));
  await page.evaluate(() => localStorage.setItem('lang', 'az'));
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'az');
  const chooserAz = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'XML faylı yüklə' }).click();
  await (await chooserAz).setFiles(truncated);
  await expect(page.getByText('Fayl düzgün XML deyil.')).toBeVisible();
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});

test('[settings][dealer prices] a dealer sets a fixed price and its user sees it', async ({
  page,
  browser,
}) => {
  const sku = 'ACR-CPS-WS-1Y';
  // a new price each run, so the user cannot be seeing an older one
  const price = `${80 + Math.floor(Math.random() * 20)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  await signIn(page, 'dealer@example.com');
  await page.goto('/pages/settings/product');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My prices');
  await expect(
    page.getByText(/own setting for the product, otherwise their user group/),
  ).toBeVisible();
  await search(page, 'Search by SKU or title', sku);
  const row = page.getByRole('row').filter({ hasText: sku });
  await expect(row).toHaveCount(1);

  await row.getByRole('button', { name: new RegExp(`^Edit ${sku}`) }).click();
  const editor = page.getByRole('form', { name: `Your price for ${sku}` });
  await editor.getByText('Fixed price').click();
  await editor.getByLabel('Price, USD').fill(price);
  await expect(editor.getByRole('status')).toHaveText(
    `Your users will pay $${price} (VAT excluded).`,
  );
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor).toBeHidden();
  await expect(row).toContainText(`Fixed $${price}`);

  // user@example.com is in the dealer's "Key accounts" group: the own price still comes first
  const userPage = await (await browser.newContext()).newPage();
  await signIn(userPage, 'user@example.com');
  await userPage.goto(`/pages/products?q=${sku}`);
  const card = userPage.getByRole('article').filter({ hasText: 'Acronis' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(`$${price}`);
  await userPage.context().close();
});
