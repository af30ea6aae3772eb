import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { emptyBasket, mainNav, signIn } from '../support/session';

const languages = ['en', 'ru', 'az'] as const;
const PATH = '/pages/settings/company';

// sign-ins, a checkout and a download on a busy 2-core machine
test.describe.configure({ timeout: 90_000 });

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

test('[invoices][company] gd keeps the seller details on Settings → Company, in three languages and on a phone', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'gd@example.com');
  await mainNav(page).getByRole('link', { name: 'Company', exact: true }).click();
  await expect(page).toHaveURL(PATH);
  await expect(page).toHaveTitle('Company | ESD');
  // the demo seller's details are there to edit
  const voen = page.getByRole('textbox', { name: 'VÖEN' });
  await expect(page.getByRole('textbox', { name: 'Company name' })).toHaveValue(
    'ESD Demo Distribution MMC',
  );
  await expect(voen).toHaveValue('1400000001');
  // a VÖEN that is not 10 digits is refused on the form, in words
  await voen.fill('14000');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter the 10 digits of the VÖEN')).toBeVisible();
  await voen.fill('1400000001');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The company details have been saved.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('company-en-1366.png'), fullPage: true });

  const titles = { en: 'Company', ru: 'Компания', az: 'Şirkət' };
  for (const lang of languages) {
    if (lang === 'az') await page.setViewportSize({ width: 390, height: 844 });
    await inLanguage(page, PATH, lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[lang]);
    await expectNoSeriousViolations(page, `company settings (${lang})`);
  }
  await page.screenshot({ path: testInfo.outputPath('company-az-390.png'), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});

test('[invoices][download] a dealer downloads the proforma invoice of its cash order as a PDF', async ({
  page,
  request,
}, testInfo) => {
  await emptyBasket(request, 'dealer@example.com');
  await page.setViewportSize({ width: 1366, height: 900 });
  await signIn(page, 'dealer@example.com');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  const products = await (await page.request.get('/api/products?q=KAS-KSTD', { headers })).json();
  const productId = products.data.items[0].id as number;
  expect((await page.request.get(`/api/basket/add/${productId}/1/1`, { headers })).ok()).toBe(true);
  const placed = await page.request.post('/api/checkout', {
    data: { sell_type: 1 },
    headers: { ...headers, 'idempotency-key': `e2e-invoice-${Date.now()}` },
  });
  expect(placed.ok(), await placed.text()).toBe(true);
  const id = (await placed.json()).data.id as number;

  await page.goto(`/pages/orders?order=${id}`);
  const button = page.getByRole('button', {
    name: `Download the proforma invoice of order #${id} (PDF)`,
  });
  await expect(button).toHaveText('Proforma invoice');
  await page.screenshot({ path: testInfo.outputPath('order-proforma-button.png') });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  // numbered when issued: the proforma sequence of the year
  expect(download.suggestedFilename()).toMatch(/^proforma-invoice-PRO-\d{4}-\d{6}\.pdf$/);
  const number = download.suggestedFilename().slice('proforma-invoice-'.length, -'.pdf'.length);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // the documents block lists it, and downloads the same document
  // the block's section (its table's scroll area is a region of the same name inside it)
  const documents = page.getByRole('region', { name: 'Documents' }).first();
  await expect(documents.getByText(number)).toBeVisible();
  await expect(documents.getByText('Proforma invoice')).toBeVisible();
  const fromList = documents.getByRole('button', {
    name: `Download Proforma invoice ${number} (PDF)`,
  });
  const [again] = await Promise.all([page.waitForEvent('download'), fromList.click()]);
  expect(again.suggestedFilename()).toBe(download.suggestedFilename());
  await documents.scrollIntoViewIfNeeded();
  await documents.screenshot({ path: testInfo.outputPath('order-documents-en-1366.png') });

  // on a phone, in Russian: the same document, in the block's own words, without sideways scroll
  await page.setViewportSize({ width: 390, height: 844 });
  await inLanguage(page, `/pages/orders?order=${id}`, 'ru');
  const russian = page.getByRole('region', { name: 'Документы' }).first();
  await expect(russian.getByText(number)).toBeVisible();
  await expect(russian.getByText('Счёт на оплату (проформа)')).toBeVisible();
  await russian.scrollIntoViewIfNeeded();
  await russian.screenshot({ path: testInfo.outputPath('order-documents-ru-390.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`/pages/orders?order=${id}`);

  // the buyer cancels it: a cancelled order has no invoice button
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page
    .getByRole('dialog', { name: `Cancel order #${id}?` })
    .getByRole('button', { name: 'Cancel order' })
    .click();
  await expect(button).toHaveCount(0);
});

test("[invoices][buyer] gd sets a dealer's VÖEN and address on the users page; a VÖEN not of 10 digits is refused", async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/settings/users');
  await page.getByLabel('Search by name or e-mail').fill('Baku IT');
  const row = page
    .getByRole('table')
    .first()
    .getByRole('row')
    .filter({ hasText: 'Baku IT Partners' });
  await expect(row).toHaveCount(1);
  const edit = async () => {
    await row.getByRole('button', { name: 'Actions for Baku IT Partners' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    return page.getByRole('dialog', { name: 'Edit Baku IT Partners' });
  };
  let dialog = await edit();
  const voen = dialog.getByRole('textbox', { name: 'VÖEN (tax id)' });
  await voen.fill('12345');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('VÖEN must be exactly 10 digits.')).toBeVisible();
  await voen.fill('1400000077');
  await dialog.getByRole('textbox', { name: 'Address' }).fill('Nizami küçəsi 10, Bakı AZ1000');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Baku IT Partners has been saved.')).toBeVisible();
  dialog = await edit();
  await expect(dialog.getByRole('textbox', { name: 'VÖEN (tax id)' })).toHaveValue('1400000077');
  await expect(dialog.getByRole('textbox', { name: 'Address' })).toHaveValue(
    'Nizami küçəsi 10, Bakı AZ1000',
  );
  await expect(dialog.getByText('Printed as the buyer')).toBeVisible();
  await expectNoSeriousViolations(page, 'users form with VÖEN');
});
