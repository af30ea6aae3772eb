import { type Browser, expect, test } from '@playwright/test';
import { DESKTOP, keyPattern, leftovers, PHONE } from '../support/page-checks';
import { mainNav, signIn } from '../support/session';

/**
 * A page opened cold from a link (a new browser with the saved sign-in, the address typed or
 * clicked in a mail, the app starting afresh) must show words, never a translation key such
 * as `users.description` or a placeholder such as `{{count}}`. Every page each account
 * reaches from its navigation, plus the pages reached from inside others, in its languages
 * below, each read at 1366 px and again at 390 px.
 */
type Account = 'gd' | 'ld' | 'dealer' | 'user';
const accounts: Record<Account, string> = {
  gd: 'gd@example.com',
  ld: 'ld@example.com',
  dealer: 'dealer@example.com',
  user: 'user@example.com',
};
/**
 * The global admin (every back-office page) and the dealer (every shop page) in each language;
 * the local admin and the end user, whose pages are the same pages scoped to them, in one each.
 * Each language's keys and placeholders are checked against English's by
 * `apps/web/src/lib/i18n/locales.test.ts`, and every language loads through the same two chunks,
 * so what a fourth account in a second language would add is its time on CI's 2 cores.
 */
const languagesOf: Record<Account, readonly ('en' | 'ru' | 'az')[]> = {
  gd: ['en', 'ru', 'az'],
  dealer: ['en', 'ru', 'az'],
  ld: ['ru'],
  user: ['az'],
};

/** Pages not in the navigation, opened from inside others. */
const inner: Record<Account, string[]> = {
  gd: ['/pages/profile', '/pages/product/1', '/pages/error-404'],
  ld: ['/pages/profile', '/pages/product/1'],
  dealer: ['/pages/profile', '/pages/product/1', '/pages/checkout'],
  user: ['/pages/profile', '/pages/product/1', '/pages/checkout'],
};

/** The account's saved sign-in (local storage) and the pages its navigation links to. */
const savedSignIn = async (browser: Browser, email: string) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, email);
  const links = await mainNav(page)
    .getByRole('link')
    .evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const state = await context.storageState();
  await context.close();
  return { state, links };
};

test('[i18n][cold] the scan tells a key from an address, an amount or a file name', () => {
  const sample =
    'users.description · settings.markup.tabs.rates · {{count}} · dealer@example.com · ' +
    '1.7000 AZN · report.xlsx · www.cbar.az · orders — 5.000,00 $';
  expect(sample.match(keyPattern)).toEqual(['users.description', 'settings.markup.tabs.rates']);
});

// one test per account and language: each opens the account's pages one after another
test.describe.configure({ timeout: 300_000 });

for (const account of Object.keys(accounts) as Account[]) {
  for (const lang of languagesOf[account]) {
    test(`[i18n][cold] ${account}: every page opened cold shows words, not keys, in ${lang} at 1366 and 390 px`, async ({
      browser,
    }) => {
      const { state, links } = await savedSignIn(browser, accounts[account]);
      const pages = [...new Set([...links, ...inner[account]])];
      expect(pages.length, 'pages in the navigation').toBeGreaterThan(4);
      // the saved sign-in in this language, restored in a new browser: an empty cache
      const origins = state.origins.map((origin) => ({
        ...origin,
        localStorage: [
          ...origin.localStorage.filter((item) => item.name !== 'lang'),
          { name: 'lang', value: lang },
        ],
      }));
      const context = await browser.newContext({
        storageState: { ...state, origins },
        viewport: DESKTOP,
      });
      const page = await context.newPage();
      const found: string[] = [];
      for (const pagePath of pages) {
        // each address loaded whole, as from a link: the app starts afresh every time
        await page.goto(pagePath);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        for (const leftover of await leftovers(page)) found.push(`${pagePath}: ${leftover}`);
        // the same page on a phone: lists turn into cards and menus fold, with words of their own
        await page.setViewportSize(PHONE);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        for (const leftover of await leftovers(page)) {
          found.push(`${pagePath} at 390 px: ${leftover}`);
        }
        await page.setViewportSize(DESKTOP);
      }
      await context.close();
      expect(found).toEqual([]);
    });
  }
}
