import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { signIn } from '../support/session';

/**
 * Every page of apps/web/src/config/paths.ts is scanned by axe in en, ru and az (desktop):
 * either by a journey that already opens it in the three languages (`in`: that spec file), or
 * here, by one loop per account over the pages it may open. A new page without an entry fails.
 */
type Entry = { in: string; path: string } | { as: Account | 'guest'; path: string };
type Account = 'gd' | 'ld' | 'dealer' | 'user';

const scans: Record<string, Entry | Entry[]> = {
  login: { in: 'a11y.spec.ts', path: '/pages/login' },
  forgotPassword: { in: 'a11y.spec.ts', path: '/pages/forgot-password' },
  resetPassword: { as: 'guest', path: '/pages/reset-password?token=not-a-real-token' },
  becomePartner: { in: 'partners.spec.ts', path: '/pages/become-a-partner' },
  notAuthorized: [
    { as: 'guest', path: '/pages/not-authorized' },
    { as: 'user', path: '/pages/not-authorized' },
  ],
  notFound: [
    { as: 'guest', path: '/pages/error-404' },
    { as: 'ld', path: '/pages/error-404' },
  ],
  profile: { in: 'a11y.spec.ts', path: '/pages/profile' },
  // where an admin without a second factor is sent; any account may open it to add one
  secondFactor: { as: 'dealer', path: '/pages/second-factor' },
  products: [
    { in: 'a11y.spec.ts', path: '/pages/products' },
    // the product list differs by role: no basket for admins, end-user prices for users
    { as: 'gd', path: '/pages/products' },
    { as: 'user', path: '/pages/products' },
  ],
  product: { in: 'a11y.spec.ts', path: '/pages/product/1' },
  checkout: { in: 'orders.spec.ts', path: '/pages/checkout' },
  adobeSubscriptions: { as: 'dealer', path: '/pages/adobe/subscriptions' },
  orders: [
    { in: 'orders.spec.ts', path: '/pages/orders' },
    { as: 'gd', path: '/pages/orders' },
  ],
  // issue 33: a dealer's credit, and its end user's view of it
  credit: [
    { in: 'orders.spec.ts', path: '/pages/credit' },
    { as: 'user', path: '/pages/credit' },
  ],
  events: { in: 'events.spec.ts', path: '/pages/events' },
  event: { in: 'events.spec.ts', path: 'eventPath' },
  prize: { in: 'events.spec.ts', path: 'prizePath' },
  news: { in: 'content.spec.ts', path: '/pages/news' },
  newsArticle: { in: 'content.spec.ts', path: '`/pages/news/' },
  library: { in: 'content.spec.ts', path: '/pages/library' },
  statisticWeekly: [
    { in: 'statistics.spec.ts', path: "'weekly'" },
    { as: 'ld', path: '/pages/statistic/weekly' },
  ],
  statisticDistribution: { in: 'statistics.spec.ts', path: "'distribution'" },
  statisticQuarter: [
    { in: 'statistics.spec.ts', path: "'quarter'" },
    { as: 'dealer', path: '/pages/statistic/quarter' },
  ],
  statisticAdobe: [
    { as: 'gd', path: '/pages/statistic/adobe' },
    { as: 'dealer', path: '/pages/statistic/adobe' },
  ],
  settingsUsers: [
    { in: 'users.spec.ts', path: '/pages/settings/users' },
    { as: 'gd', path: '/pages/settings/users' },
  ],
  settingsGroups: { as: 'dealer', path: '/pages/settings/groups' },
  settingsWebhooks: { in: 'webhooks.spec.ts', path: '/pages/settings/webhooks' },
  settingsProduct: { in: 'a11y.spec.ts', path: '/pages/settings/product' },
  // issue 34: the journey scans it in the three languages and its dialogs in English
  settingsApiKeys: { in: 'api-keys.spec.ts', path: '/pages/settings/api-keys' },
  settingsCountries: { in: 'a11y.spec.ts', path: '/pages/settings/countries' },
  settingsCategories: { as: 'gd', path: '/pages/settings/categories' },
  settingsProducts: { in: 'a11y.spec.ts', path: '/pages/settings/products' },
  settingsNews: { in: 'content.spec.ts', path: '/pages/settings/news' },
  settingsPrizes: { in: 'events.spec.ts', path: '/pages/settings/prizes' },
  settingsWonPrizes: { in: 'events.spec.ts', path: '/pages/settings/winned/prizes' },
  settingsEvents: { in: 'events.spec.ts', path: '/pages/settings/events' },
  settingsLibrary: { in: 'content.spec.ts', path: '/pages/settings/library' },
  settingsMarkup: { in: 'a11y.spec.ts', path: '/pages/settings/markup' },
  settingsTargets: { in: 'content.spec.ts', path: '/pages/settings/targets' },
  settingsMailbox: { as: 'gd', path: '/pages/settings/mailbox' },
  settingsPartners: { in: 'partners.spec.ts', path: '/pages/settings/partners' },
  settingsJobs: { in: 'jobs.spec.ts', path: '/pages/settings/jobs' },
  settingsCompany: { in: 'invoices.spec.ts', path: '/pages/settings/company' },
};

const entries = Object.values(scans).flat();
const languages = ['en', 'ru', 'az'] as const;
const emails: Record<Account, string> = {
  gd: 'gd@example.com',
  ld: 'ld@example.com',
  dealer: 'dealer@example.com',
  user: 'user@example.com',
};

test('[a11y][routes] every page of config/paths.ts has an axe scan in en, ru and az', () => {
  const source = readFileSync(
    path.join(import.meta.dirname, '../../apps/web/src/config/paths.ts'),
    'utf8',
  );
  const body = source.slice(source.indexOf('export const paths = {'));
  const pageNames = [...body.matchAll(/^ {2}(\w+): /gm)]
    .map((m) => m[1] ?? '')
    .filter((name) => name !== 'home' && name !== 'callback');
  expect(pageNames.length).toBeGreaterThan(30);
  expect(pageNames.filter((name) => !(name in scans))).toEqual([]);
  // a page scanned elsewhere: that journey names its path and scans in the three languages
  for (const entry of entries) {
    if (!('in' in entry)) continue;
    const spec = readFileSync(path.join(import.meta.dirname, entry.in), 'utf8');
    expect(spec, `${entry.in} opens ${entry.path}`).toContain(entry.path);
    expect(spec, `${entry.in} scans with axe`).toContain('expectNoSeriousViolations');
    expect(spec, `${entry.in} loops over the languages`).toMatch(/'en', 'ru', 'az'|of languages/);
  }
});

// each test scans a handful of pages in one language on a busy 2-core machine: the gd account's
// six pages in all three languages in one test took more than 180 s there
test.describe.configure({ timeout: 180_000 });

const scanAll = async (
  page: Page,
  account: Account | 'guest',
  lang: (typeof languages)[number],
) => {
  const paths = entries.flatMap((entry) =>
    'as' in entry && entry.as === account ? [entry.path] : [],
  );
  expect(paths.length).toBeGreaterThan(0);
  for (const pagePath of paths) {
    await inLanguage(page, pagePath, lang);
    await expectNoSeriousViolations(page, `${account} ${pagePath} ${lang}`);
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
};

for (const lang of languages) {
  test(`[a11y][routes] public pages not scanned elsewhere, in ${lang}`, async ({ page }) => {
    await page.goto('/pages/login');
    await scanAll(page, 'guest', lang);
  });

  for (const account of ['gd', 'ld', 'dealer', 'user'] as const) {
    test(`[a11y][routes] ${account}: its pages not scanned elsewhere, in ${lang}`, async ({
      page,
    }) => {
      await signIn(page, emails[account]);
      await scanAll(page, account, lang);
    });
  }
}
