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
  await drawer.getByLabel('Delivery time').fill('Instant');
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

test('[settings][rates] an admin imports the central bank XML', async ({ page }) => {
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/settings/markup');
  await page.getByRole('tab', { name: 'Exchange rates' }).click();
  await expect(page).toHaveURL(/tab=rates/);

  const upload = async () => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Upload XML file' }).click();
    await (await chooser).setFiles(path.join(fixtures, '21.11.2026.xml'));
  };
  await upload();
  await expect(page.getByRole('status').filter({ hasText: 'Rate for 21 Nov 2026' })).toHaveText(
    /Rate for 21 Nov 2026: 1\.7000 AZN \((new|replaced)\)/,
  );
  // the same day's file again replaces that day's rate
  await upload();
  await expect(page.getByRole('status').filter({ hasText: 'Rate for 21 Nov 2026' })).toContainText(
    'Rate for 21 Nov 2026: 1.7000 AZN (replaced)',
  );
  const row = page.getByRole('row').filter({ hasText: '21 Nov 2026' });
  await expect(row).toContainText('1.7000 AZN');
  await expect(row).toContainText('Central bank');
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
