import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from '../support/session';

const languages = ['en', 'ru', 'az'] as const;

// each test scans a dozen pages with axe: more than the default 30 s on a busy 2-core machine
test.describe.configure({ timeout: 120_000 });

/** Shows the page in a language without changing the account's own (other journeys rely on it). */
const inLanguage = async (page: Page, path: string, lang: string) => {
  await page.evaluate((l) => localStorage.setItem('lang', l), lang);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
};

const expectNoSeriousViolations = async (page: Page, label: string) => {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, label).toEqual([]);
};

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
