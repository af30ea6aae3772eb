import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { DEMO_PASSWORD } from '../support/env';
import { signIn } from '../support/session';

// two people signed in, each in their own browser, per journey: more than the default 30 s on a
// busy 2-core machine (the news and library journeys took 32-36 s there alone)
test.describe.configure({ timeout: 90_000 });

const tokenOf = async (request: APIRequestContext, email: string) => {
  const login = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD } });
  return (await login.json()).data.token as string;
};

/** A second person in their own browser context, reading in a language of their choice. */
const openAs = async (browser: Browser, email: string, lang = 'en') => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  // the interface language of this browser only, not the account's own
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  return { page, close: () => context.close() };
};

/** A small valid one-page PDF, different on every run. */
const pdfBytes = (text: string) => {
  const stream = `BT /F1 14 Tf 56 760 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
};

test('[content][targets] gd adds a target and sees it can never be changed', async ({ page }) => {
  const year = 2040 + (Date.now() % 50);
  await signIn(page, 'gd@example.com', DEMO_PASSWORD, '/pages/settings/targets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Targets');
  await expect(
    page.getByText('After a target is added it cannot be deleted or changed.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Add target' }).click();
  const form = page.getByRole('dialog', { name: 'Add a target' });
  await expect(
    form.getByText('After a target is added it cannot be deleted or changed.'),
  ).toBeVisible();
  await form.getByRole('combobox', { name: 'Dealer' }).click();
  await form.getByRole('combobox', { name: 'Dealer' }).fill('dealer2');
  await page.getByRole('option', { name: /dealer2@example\.com/ }).click();
  await form.getByRole('textbox', { name: 'Year' }).fill(String(year));
  await form.getByRole('combobox', { name: 'Quarter' }).click();
  await page.getByRole('option', { name: 'Quarter 3' }).click();
  await form.getByRole('textbox', { name: /Target amount/ }).fill('0');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(
    form.getByText('Enter an amount greater than 0 with at most 2 decimals'),
  ).toBeVisible();
  await form.getByRole('textbox', { name: /Target amount/ }).fill('12500.50');
  await form.getByRole('button', { name: 'Save' }).click();

  const confirm = page.getByRole('dialog', { name: 'Add this target?' });
  await expect(confirm).toContainText(`$12,500.50 for Q3 ${year}`);
  await expect(
    confirm.getByText('After a target is added it cannot be deleted or changed.'),
  ).toBeVisible();
  // back to the form: it kept what was typed while the confirmation showed
  await confirm.getByRole('button', { name: 'Go back' }).click();
  await expect(form.getByRole('textbox', { name: /Target amount/ })).toHaveValue(/^12\D?500\.50$/);
  await form.getByRole('button', { name: 'Save' }).click();
  await confirm.getByRole('button', { name: 'Add target' }).click();
  await expect(page.getByText('The target has been added.')).toBeVisible();
  // opened again, the dialog starts from an empty form, not from the target just added
  await page.getByRole('button', { name: 'Add target' }).click();
  await expect(form.getByRole('textbox', { name: /Target amount/ })).toHaveValue('');
  await expect(form.getByRole('combobox', { name: 'Dealer' })).toHaveValue('');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(`Q3 ${year}`) });
  await expect(row).toContainText('$12,500.50');
  await expect(row).toContainText('dealer2@example.com');
  // no edit or delete control anywhere on the page
  await expect(page.getByRole('button', { name: /^(Edit|Delete)/ })).toHaveCount(0);

  const token = await tokenOf(page.request, 'gd@example.com');
  const list = await page.request.get(`/api/settings/targets?year=${year}&quarter=3`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const [target] = (await list.json()).data.items;
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    const answer = await page.request.fetch(`/api/settings/targets/${target.id}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
      data: method === 'DELETE' ? undefined : { amount_usd: '1.00' },
    });
    expect(answer.status(), method).toBe(409);
    expect(await answer.json()).toMatchObject({
      message: 'After a target is added it cannot be deleted or changed.',
      data: { error: 'TARGET_IMMUTABLE' },
    });
  }
  await page.reload();
  await expect(page.getByRole('row', { name: new RegExp(`Q3 ${year}`) })).toContainText(
    '$12,500.50',
  );
});

test('[content][news] gd publishes an article that a dealer reads in Russian', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const titles = {
    en: `Warehouse move ${stamp}`,
    ru: `Переезд склада ${stamp}`,
    az: `Anbarın köçürülməsi ${stamp}`,
  };
  await signIn(page, 'gd@example.com', DEMO_PASSWORD, '/pages/settings/news');
  await page.getByRole('button', { name: 'New article' }).click();
  const editor = page.getByRole('dialog', { name: 'New article' });
  await editor.getByRole('textbox', { name: 'Title (English)' }).fill(titles.en);
  await editor
    .getByRole('textbox', { name: 'Text (English)' })
    .fill('Orders keep arriving as usual.\n\nThe office phone number stays the same.');
  // a missing Russian title keeps the article from being saved and opens that tab
  await editor.getByText('Published', { exact: true }).click();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByRole('tab', { name: 'Russian' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(editor.getByText('This field is required')).toBeVisible();
  await editor.getByRole('textbox', { name: 'Title (Russian)' }).fill(titles.ru);
  await editor
    .getByRole('textbox', { name: 'Text (Russian)' })
    .fill('Заказы поступают как обычно.\n\n<script>alert(1)</script> Телефон офиса не меняется.');
  await editor.getByRole('tab', { name: 'Azerbaijani' }).click();
  await editor.getByRole('textbox', { name: 'Title (Azerbaijani)' }).fill(titles.az);
  await editor.getByRole('tab', { name: 'Preview' }).click();
  await editor.getByRole('tabpanel').getByText('Russian', { exact: true }).click();
  await expect(editor.getByRole('heading', { name: titles.ru })).toBeVisible();
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The article has been published.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(titles.en) })).toContainText('Published');

  const dealer = await openAs(browser, 'dealer@example.com', 'ru');
  await dealer.page.goto('/pages/news');
  await expect(dealer.page.getByRole('heading', { level: 1 })).toHaveText('Новости');
  const card = dealer.page.getByRole('article').filter({ hasText: titles.ru });
  await expect(card).toContainText('Заказы поступают как обычно.');
  await card.getByRole('link', { name: titles.ru, exact: true }).click();
  await expect(dealer.page.getByRole('heading', { level: 1 })).toHaveText(titles.ru);
  await expect(dealer.page).toHaveTitle(`${titles.ru} | ESD`);
  // plain text: the tag is shown as text, never run
  await expect(
    dealer.page.getByText('<script>alert(1)</script> Телефон офиса не меняется.'),
  ).toBeVisible();
  // a draft is not there for the dealer
  await dealer.page.goto('/pages/news');
  await expect(dealer.page.getByText('Партнёрская конференция в Баку')).toHaveCount(0);
  await dealer.close();
});

test('[content][library] gd uploads a PDF that a user downloads byte for byte', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const bytes = pdfBytes(`Warranty terms ${stamp}`);
  const title = `Warranty terms ${stamp}`;
  await signIn(page, 'gd@example.com', DEMO_PASSWORD, '/pages/settings/library');
  await page.getByRole('button', { name: 'Upload document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload a document' });
  // a forged file (text named .pdf) is refused by its bytes
  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'fake.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('MZ\u0000\u0001 not a pdf', 'latin1'),
  });
  await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/This file type is not accepted/)).toBeVisible();

  await dialog.locator('input[type="file"]').setInputFiles({
    name: 'warranty-terms.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await dialog.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Guide' }).click();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The document has been uploaded.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(title) })).toContainText('Guide');

  const user = await openAs(browser, 'user@example.com');
  await user.page.goto('/pages/library');
  await user.page.getByRole('searchbox', { name: 'Search documents' }).fill(stamp);
  const card = user.page.getByRole('article').filter({ hasText: title });
  await expect(card).toContainText('warranty-terms.pdf');
  await expect(card).toContainText('PDF');
  const downloading = user.page.waitForEvent('download');
  await card.getByRole('button', { name: `Download ${title}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('warranty-terms.pdf');
  const saved = readFileSync((await download.path())!);
  expect(saved.equals(bytes)).toBe(true);
  // the file is served only with a session
  const id = await user.page.request
    .get(`/api/library?q=${stamp}`, {
      headers: { authorization: `Bearer ${await tokenOf(user.page.request, 'user@example.com')}` },
    })
    .then(async (r) => (await r.json()).data.items[0].id);
  const anonymous = await user.page.request.get(`/api/library/${id}/download`);
  expect(anonymous.status()).toBe(401);
  await user.close();
});

const languages = ['en', 'ru', 'az'] as const;

/**
 * Scans the news, library and targets pages in the given languages at one width: every page in
 * every language on a desktop; on a phone each page in one language, taking turns, so the three
 * languages are all scanned at 390 px too.
 */
const scanContentPages = async (
  page: Page,
  width: number,
  langs: readonly (typeof languages)[number][],
) => {
  await signIn(page, 'gd@example.com');
  const token = await tokenOf(page.request, 'gd@example.com');
  const news = await page.request.get('/api/news?perPage=1', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [article] = (await news.json()).data.items;
  const paths = [
    '/pages/news',
    `/pages/news/${article.id}`,
    '/pages/library',
    '/pages/settings/news',
    '/pages/settings/library',
    '/pages/settings/targets',
  ];
  await page.setViewportSize({ width, height: 900 });
  for (const lang of langs) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    for (const [index, path] of paths.entries()) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (width === 1280 || languages[index % languages.length] === lang) {
        await expectNoSeriousViolations(page, `${path} ${lang} ${width}px`);
      }
      if (width === 390) {
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} ${lang} scrolls sideways`).toBeLessThanOrEqual(0);
      }
    }
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
};

// one test per desktop language and one for the phone: the 36 page loads and 24 scans in one
// test took more than 180 s on a busy 2-core machine
for (const lang of languages) {
  test(`[content][a11y] news, library and targets pass axe in ${lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await scanContentPages(page, 1280, [lang]);
  });
}

test('[content][a11y] news, library and targets pass axe at 390 px in one language each', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await scanContentPages(page, 390, languages);
});
