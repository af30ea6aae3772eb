import { test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { signIn } from '../support/session';

const languages = ['en', 'ru', 'az'] as const;

// each test scans a dozen pages with axe: more than the default 30 s on a busy 2-core machine
test.describe.configure({ timeout: 120_000 });

test('[a11y] sign-in pages have no serious or critical violations in en, ru and az', async ({
  page,
}) => {
  await page.goto('/pages/login');
  for (const lang of languages) {
    for (const path of ['/pages/login', '/pages/forgot-password']) {
      await inLanguage(page, path, lang);
      await expectNoSeriousViolations(page, `${path} ${lang}`);
    }
  }
});

test('[a11y] shop and profile pages have no serious or critical violations in en, ru and az', async ({
  page,
}) => {
  await signIn(page, 'dealer@example.com');
  for (const lang of languages) {
    for (const path of [
      '/pages/products',
      '/pages/product/1',
      '/pages/profile',
      '/pages/settings/product',
    ]) {
      await inLanguage(page, path, lang);
      await expectNoSeriousViolations(page, `${path} ${lang}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});

test('[a11y] admin settings pages have no serious or critical violations in en, ru and az', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  for (const lang of languages) {
    for (const path of [
      '/pages/settings/products',
      '/pages/settings/countries',
      '/pages/settings/markup',
    ]) {
      await inLanguage(page, path, lang);
      await expectNoSeriousViolations(page, `${path} ${lang}`);
    }
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
