import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { signIn } from '../support/session';

const PAGE = '/pages/settings/api-keys';

/** The page's heading and main button in each language. */
const words = {
  en: { heading: 'API keys', create: 'Create key' },
  ru: { heading: 'API-ключи', create: 'Создать ключ' },
  az: { heading: 'API açarları', create: 'Açar yarat' },
} as const;
const languages = ['en', 'ru', 'az'] as const;

const rowOf = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('[api keys] a dealer creates a key, uses it, revokes it, and the key is refused', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const name = `E2E shop ${Date.now()}`;
  await signIn(page, 'dealer@example.com');

  // the page in each language, scanned by axe
  for (const lang of languages) {
    await inLanguage(page, PAGE, lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(words[lang].heading);
    await expect(page.getByRole('button', { name: words[lang].create })).toBeVisible();
    await expectNoSeriousViolations(page, `${PAGE} ${lang}`);
  }
  await inLanguage(page, PAGE, 'en');

  // create: nothing chosen is refused in words, then a name, one scope and an expiry preset
  await page.getByRole('button', { name: 'Create key' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create an API key' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Create key' }).click();
  await expect(dialog.getByText('Choose at least one scope.')).toBeVisible();
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('checkbox', { name: 'Catalogue' }).check();
  await dialog.getByRole('radio', { name: '30 days' }).check();
  await expectNoSeriousViolations(page, 'create key dialog');
  await dialog.getByRole('button', { name: 'Create key' }).click();

  // the key, this once, with the warning and a copy button
  const shown = page.getByRole('dialog', { name: 'Your new API key' });
  await expect(shown.getByText('it will not be shown again')).toBeVisible();
  const key = (await shown.getByTestId('api-key-value').textContent())?.trim() ?? '';
  expect(key).toMatch(/^esd_[a-z2-9]{8}_[A-Za-z0-9_-]{43}$/);
  await expect(shown.getByRole('button', { name: 'Copy key' })).toBeVisible();
  await expectNoSeriousViolations(page, 'new key dialog');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();

  // listed by its prefix only: the key itself is not on the page any more
  const row = rowOf(page, name);
  await expect(row).toContainText(`${key.slice(0, 12)}_…`);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('Never used');
  await expect(page.locator('body')).not.toContainText(key);

  // the key at work: the catalogue answers, what its scope does not cover is refused
  const withKey = { headers: { authorization: `Bearer ${key}` } };
  const products = await page.request.get('/api/products', withKey);
  expect(products.status()).toBe(200);
  expect((await products.json()).data.items.length).toBeGreaterThan(0);
  const orders = await page.request.get('/api/orders', withKey);
  expect(orders.status()).toBe(403);
  expect((await orders.json()).data.error).toBe('API_KEY_SCOPE');

  // its last use shows after a reload
  await page.reload();
  await expect(rowOf(page, name)).not.toContainText('Never used');

  // revoke, confirmed
  await rowOf(page, name)
    .getByRole('button', { name: `Revoke the key ${name}` })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
  await expect(confirm.getByText('This cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Revoke key' }).click();
  await expect(confirm).toBeHidden();
  await expect(rowOf(page, name)).toContainText('Revoked');

  const refused = await page.request.get('/api/products', withKey);
  expect(refused.status()).toBe(401);
});
