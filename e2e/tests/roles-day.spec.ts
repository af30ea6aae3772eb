import { type APIRequestContext, expect, type Page, type TestInfo, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/env';
import {
  DESKTOP,
  expectInView,
  expectNoLeftovers,
  expectNoSidewaysScroll,
  PHONE,
  wordsIn,
} from '../support/page-checks';
import { emptyBasket, mainNav, restoreDemoAccount, signIn } from '../support/session';

/**
 * Issue 20: the ordinary day of each role, walked through the pages its navigation offers, on a
 * laptop (1366 px) and a phone (390 px), in en, ru and az. One sign-in per role; the window and
 * the language change inside the test, the language with the header's menu as people switch it
 * (no reload: a walk costs its pages only). On every page: its heading, words rather than
 * translation keys, no sideways scroll on the phone, and the facts the page is for in view.
 */
const languages = ['en', 'ru', 'az'] as const;
type Lang = (typeof languages)[number];
type Words = ReturnType<typeof wordsIn>;
const words = Object.fromEntries(languages.map((lang) => [lang, wordsIn(lang)])) as Record<
  Lang,
  Words
>;

/** One walk: a role's day in one language and one window. */
type Walk = {
  page: Page;
  lang: Lang;
  t: Words;
  isPhone: boolean;
  /** 0 to 5: en, ru, az at 1366 px, then at 390 px */
  index: number;
  where: string;
  /** a full-page screenshot at 390 px when the walk's language is one of `langs` */
  shot: (name: string, langs: Lang[]) => Promise<void>;
};

// the demo data's past event and the prize its second dealer (dealer@example.com) won by rank
const PAST_EVENT = {
  en: 'Windows autumn sprint',
  ru: 'Осенний спринт Windows',
  az: 'Windows payız sprinti',
};
const WATCH = { en: 'Smartwatch', ru: 'Смарт-часы', az: 'Ağıllı saat' };
const WATCH_NOTE = 'AZ Express courier, tracking number AZX 104 2231';

/** An amount as each language writes it: `$1,250.00`, `1 250,00 $`, `1.250,00 $`, `405,75 AZN`. */
const money = /\d[\d\s.,]*\s*(\$|USD|₼|AZN)|(\$|₼)\s*\d/;

// 6 walks of 5 to 8 pages each per role, on a 2-core machine shared with other work; a click
// that cannot land (a drawer left open over the page) fails in 30 s rather than at the timeout
test.describe.configure({ timeout: 300_000 });
test.use({ actionTimeout: 30_000 });

const languageNames: Record<Lang, string> = { en: 'English', ru: 'Русский', az: 'Azərbaycanca' };

/** Switches the interface language with the header's menu (which saves it to the profile). */
const switchLanguage = async (page: Page, lang: Lang) => {
  const current = (await page.locator('html').getAttribute('lang')) as Lang;
  if (current === lang) return;
  const code = current.toUpperCase();
  await page
    .getByRole('button', { name: words[current]('layout.languageCurrent', { code }) })
    .click();
  await page.getByRole('menuitem', { name: languageNames[lang] }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
};

/**
 * Signs in, walks the day, and gives the account back its language (the header's menu saved
 * the last one walked), whatever happens on the way.
 */
const asAccount = async (
  { page, request, email }: { page: Page; request: APIRequestContext; email: string },
  walkDay: () => Promise<void>,
) => {
  const login = await request.post('/api/auth/login', {
    data: { email, password: DEMO_PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const profile = await request.get('/api/auth/user', {
    headers: { authorization: `Bearer ${token}` },
  });
  const { lang } = (await profile.json()).data as { lang: string };
  await signIn(page, email);
  try {
    await walkDay();
  } finally {
    await restoreDemoAccount(request, email, { lang });
  }
};

/** Walks `day` in each window and language. */
const everyWindowAndLanguage = async (
  page: Page,
  testInfo: TestInfo,
  role: string,
  day: (walk: Walk) => Promise<void>,
) => {
  let index = 0;
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    for (const lang of languages) {
      await switchLanguage(page, lang);
      const isPhone = size === PHONE;
      const where = `${lang} ${size.width} px`;
      await test.step(`${role}, ${where}`, () =>
        day({
          page,
          lang,
          t: words[lang],
          isPhone,
          index: index++,
          where,
          shot: async (name, langs) => {
            if (!isPhone || !langs.includes(lang)) return;
            await page.screenshot({
              path: testInfo.outputPath(`${role}-${name}-${lang}-${size.width}.png`),
              fullPage: true,
            });
          },
        }));
    }
  }
  await page.setViewportSize(DESKTOP);
};

/** What every page must be: its heading, settled, words not keys, and on a phone no scroll. */
const checkPage = async (walk: Walk, what: string, heading?: string) => {
  const label = `${what} (${walk.where})`;
  const h1 = walk.page.getByRole('heading', { level: 1 });
  await expect(h1, `${label}: heading`).toBeVisible();
  if (heading !== undefined) await expect(h1, `${label}: heading`).toHaveText(heading);
  await expect(walk.page.locator('html')).toHaveAttribute('lang', walk.lang);
  await expect(walk.page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectNoLeftovers(walk.page, label);
  if (walk.isPhone) await expectNoSidewaysScroll(walk.page, label);
};

/** Opens a page from the navigation (the menu button first on a phone) and checks it. */
const openFromNav = async (walk: Walk, href: string, titleKey: string) => {
  if (walk.isPhone) {
    await walk.page.getByRole('button', { name: walk.t('layout.toggleNavigation') }).click();
  }
  const link = mainNav(walk.page).locator(`a[href="${href}"]`);
  await expect(link).toContainText(walk.t(titleKey));
  await link.click();
  await expect(walk.page).toHaveURL((url) => url.pathname === href);
  await checkPage(walk, href, walk.t(titleKey));
};

/** The first order of the list: its status and total in view (a card on a phone, a row else). */
const firstOrder = async (walk: Walk) => {
  const main = walk.page.getByRole('main');
  const order = walk.isPhone
    ? main
        .getByRole('list', { name: walk.t('orders.list.caption') })
        .getByRole('listitem')
        .first()
    : main.getByRole('row').nth(1);
  const statuses = ['pending', 'in_progress', 'completed', 'cancelled'].map((status) =>
    walk.t(`orders.status.${status}`),
  );
  await expectInView(order.getByText(new RegExp(`^(${statuses.join('|')})$`)).first(), 'status');
  await expectInView(order.getByText(money).first(), 'the order total');
  return { order, statuses };
};

/** Opens the first order of the list: its drawer names it and shows its status and amounts. */
const openFirstOrder = async (walk: Walk) => {
  const { order, statuses } = await firstOrder(walk);
  const link = order.getByRole('link', { name: /\d+/ }).first();
  const id = Number((await link.innerText()).replace(/\D/g, ''));
  await link.click();
  const drawer = walk.page.getByRole('dialog', { name: walk.t('orders.detail.title', { id }) });
  await expect(drawer).toBeVisible();
  await expect(drawer.locator('[aria-busy="true"]')).toHaveCount(0);
  await expectInView(
    drawer.getByText(new RegExp(`^(${statuses.join('|')})$`)).first(),
    `order #${id}: status`,
  );
  await expectInView(drawer.getByText(money).first(), `order #${id}: an amount`);
  await expectNoLeftovers(walk.page, `order #${id} (${walk.where})`);
  if (walk.isPhone) await expectNoSidewaysScroll(walk.page, `order #${id} (${walk.where})`);
  await walk.shot('order', ['ru']);
  await walk.page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
};

/** Products, a product's page (adding it to the basket when `add`) and checkout's review. */
const shop = async (walk: Walk, add: boolean) => {
  const { page, t } = walk;
  await openFromNav(walk, '/pages/products', 'pages.products');
  const card = page.getByRole('main').getByRole('article').first();
  await expectInView(card.getByText(money).first(), 'a price on the first card');
  const title = await card.getByRole('heading').innerText();
  await card.getByRole('heading').getByRole('link').click();
  await checkPage(walk, 'a product', title);
  await expectInView(page.getByRole('main').getByText(money).first(), 'the price');
  const adding = page.getByRole('button', { name: t('basket.actions.addProduct', { title }) });
  const removing = page.getByRole('button', { name: t('basket.actions.removeProduct', { title }) });
  await expectInView(adding.or(removing).first(), 'add to basket or remove');
  if (add) {
    await adding.click();
    await expect(removing).toBeVisible();
  }
  await openFromNav(walk, '/pages/checkout', 'pages.checkout');
  await expect(
    page.getByRole('main').getByText(title).filter({ visible: true }).first(),
  ).toBeVisible();
  await expectInView(page.getByRole('button', { name: t('checkout.place') }), 'place order');
  await walk.shot('checkout', ['ru', 'az']);
  return title;
};

/** Events, the past event and the prize the dealer won: the delivery's status on its card. */
const pastEventPrize = async (walk: Walk) => {
  const { page, t, lang } = walk;
  await openFromNav(walk, '/pages/events', 'pages.events');
  await page.getByRole('tab', { name: t('events.list.tabs.past') }).click();
  await page
    .getByRole('link', { name: t('events.list.openNamed', { title: PAST_EVENT[lang] }) })
    .click();
  await checkPage(walk, 'the past event', PAST_EVENT[lang]);
  const prize = page.getByRole('article').filter({ hasText: WATCH[lang] });
  await expectInView(prize.getByText(t('events.wonStatus.shipped'), { exact: true }), 'status');
  await walk.shot('event', ['az']);
  return prize;
};

test.afterEach(async ({ request }) => {
  for (const email of ['dealer@example.com', 'user@example.com']) await emptyBasket(request, email);
});

test("[roles][dealer] a dealer's day: shop, checkout, orders, events and prizes at 1366 and 390 px in en, ru and az", async ({
  page,
  request,
}, testInfo) => {
  await emptyBasket(request, 'dealer@example.com');
  await asAccount({ page, request, email: 'dealer@example.com' }, () =>
    everyWindowAndLanguage(page, testInfo, 'dealer', async (walk) => {
      const { t } = walk;
      // added once: the basket keeps the line for every later walk, emptied after the test
      await shop(walk, walk.index === 0);
      await openFromNav(walk, '/pages/orders', 'pages.orders');
      await openFirstOrder(walk);

      // the prize on the event page says where its delivery stands and the admin's note
      const prize = await pastEventPrize(walk);
      await expectInView(
        prize.getByText(t('events.myPrizes.tracking', { note: WATCH_NOTE })),
        'the tracking note',
      );

      // and "My prizes" on the profile: the same, as a card on a phone
      await walk.page.getByRole('button', { name: new RegExp(t('layout.userMenu')) }).click();
      await walk.page.getByRole('menuitem', { name: t('pages.profile') }).click();
      await checkPage(walk, 'profile', t('pages.profile'));
      const mine = walk.page.getByRole('region', { name: t('profile.prizes.heading') });
      const won = walk.isPhone
        ? mine.getByRole('listitem').filter({ hasText: WATCH[walk.lang] })
        : mine.getByRole('row').filter({ hasText: WATCH[walk.lang] });
      await expectInView(won.getByText(t('events.wonStatus.shipped'), { exact: true }), 'status');
      await expectInView(
        won.getByText(t('events.myPrizes.tracking', { note: WATCH_NOTE })),
        'the tracking note',
      );
      await walk.shot('my-prizes', ['ru', 'az']);
    }),
  );
});

test("[roles][user] an end user's day: shop, a cash order, its detail and the dealer's prizes at 1366 and 390 px in en, ru and az", async ({
  page,
  request,
}, testInfo) => {
  await emptyBasket(request, 'user@example.com');
  const placed: number[] = [];
  await asAccount({ page, request, email: 'user@example.com' }, async () => {
    try {
      await everyWindowAndLanguage(page, testInfo, 'user', async (walk) => {
        const { t } = walk;
        // added in the first walk and placed, added again in the second for the later ones
        await shop(walk, walk.index < 2);
        if (walk.index === 0) {
          // the day's order, in cash: it waits for the payment, and is cancelled after the test
          await walk.page.getByRole('button', { name: t('checkout.place') }).click();
          await expect(walk.page).toHaveURL(/\/pages\/orders\?order=\d+$/);
          const id = Number(new URL(walk.page.url()).searchParams.get('order'));
          placed.push(id);
          const drawer = walk.page.getByRole('dialog', { name: t('orders.detail.title', { id }) });
          await expect(drawer).toBeVisible();
          await walk.page.keyboard.press('Escape');
          await expect(drawer).toBeHidden();
          await checkPage(walk, 'orders', t('pages.orders'));
        } else {
          await openFromNav(walk, '/pages/orders', 'pages.orders');
        }
        await walk.shot('orders', ['az']);
        await openFirstOrder(walk);

        // its dealer's prize shows its delivery, but the admin's note is for the dealer alone
        const prize = await pastEventPrize(walk);
        await expect(prize.getByText(WATCH_NOTE, { exact: false })).toHaveCount(0);
      });
    } finally {
      // the order of the day is cancelled by its buyer, so what waits for admins is as it was
      const login = await request.post('/api/auth/login', {
        data: { email: 'user@example.com', password: DEMO_PASSWORD },
      });
      const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
      for (const id of placed) {
        const cancelled = await request.post(`/api/orders/${id}/cancel`, {
          headers,
          data: {},
        });
        expect(cancelled.ok(), await cancelled.text()).toBe(true);
      }
    }
  });
});

/** Users: the first account's e-mail and role in view. */
const checkUsers = async (walk: Walk) => {
  await openFromNav(walk, '/pages/settings/users', 'pages.settingsUsers');
  const main = walk.page.getByRole('main');
  const first = walk.isPhone
    ? main.getByRole('listitem').filter({ hasText: '@' }).first()
    : main.getByRole('row').filter({ hasText: '@' }).first();
  await expectInView(first.getByText(/@example\.com$/).first(), 'an e-mail');
  const roles = ['gd', 'ld', 'd', 'u'].map((role) => walk.t(`roles.${role}`));
  await expectInView(first.getByText(new RegExp(`^(${roles.join('|')})$`)).first(), 'a role');
};

/** Weekly sales: this week's amount in view. */
const checkWeekly = async (walk: Walk) => {
  await openFromNav(walk, '/pages/statistic/weekly', 'pages.statisticWeekly');
  await expectInView(walk.page.getByRole('main').getByText(money).first(), 'an amount');
  await walk.shot('weekly', ['ru']);
};

const adminDay = async (walk: Walk) => {
  await openFromNav(walk, '/pages/orders', 'pages.orders');
  await openFirstOrder(walk);
  await checkUsers(walk);
  await checkWeekly(walk);
};

test("[roles][gd] a global admin's day: orders, an order, users, sales, events and won prizes at 1366 and 390 px in en, ru and az", async ({
  page,
  request,
}, testInfo) => {
  await asAccount({ page, request, email: 'gd@example.com' }, () =>
    everyWindowAndLanguage(page, testInfo, 'gd', async (walk) => {
      await adminDay(walk);
      await openFromNav(walk, '/pages/settings/events', 'pages.settingsEvents');
      await expectInView(
        walk.page.getByRole('main').getByText(PAST_EVENT[walk.lang]).first(),
        'the past event',
      );
      // won prizes: the prize's name keeps its width beside its status and note on a phone card
      await openFromNav(walk, '/pages/settings/winned/prizes', 'pages.settingsWonPrizes');
      const title = walk.page.getByRole('main').getByText(WATCH[walk.lang], { exact: true });
      await expectInView(title, 'the prize');
      expect((await title.boundingBox())!.width, 'the prize name is one line').toBeGreaterThan(60);
      await expectInView(
        walk.page.getByRole('main').getByText(walk.t('events.wonStatus.shipped')).first(),
        'its status',
      );
      await walk.shot('won-prizes', ['ru', 'az']);
    }),
  );
});

test("[roles][ld] a local admin's day: orders, an order, users and sales at 1366 and 390 px in en, ru and az", async ({
  page,
  request,
}, testInfo) => {
  await asAccount({ page, request, email: 'ld@example.com' }, () =>
    everyWindowAndLanguage(page, testInfo, 'ld', async (walk) => {
      await adminDay(walk);
      await openFromNav(walk, '/pages/statistic/distribution', 'pages.statisticDistribution');
      // the countries' table: each country's amount and share in view, on a phone too
      const what = walk.t('statistics.sales.distribution.countries');
      const table = walk.page.getByRole('region', {
        name: walk.t('statistics.sales.distribution.tableCaption', { what }),
      });
      const row = table.getByRole('row').nth(1);
      await expectInView(row.getByText(money).first(), "a country's amount");
      await expectInView(row.getByText(/%/).first(), 'its share');
      const hidden = await table.evaluate((region) => region.scrollWidth - region.clientWidth);
      expect(hidden, 'columns hidden to the right of the table').toBeLessThanOrEqual(1);
      await walk.shot('distribution', ['az']);
    }),
  );
});
