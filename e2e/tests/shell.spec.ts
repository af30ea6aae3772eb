import { expect, test } from '@playwright/test';
import { mainNav, restoreDemoAccount, signIn } from '../support/session';

// the header's language switch saves the choice to user@example.com's profile, which shop.spec.ts
// and others read in English: give it back even when a journey stops half-way
test.afterEach(async ({ request }) => {
  await restoreDemoAccount(request, 'user@example.com', { lang: 'en' });
});

const menus: Record<string, { sees: string[]; doesNotSee: string[] }> = {
  'gd@example.com': {
    sees: ['Products', 'Orders', 'Weekly sales', 'Adobe sales', 'Users', 'Countries', 'Mailbox'],
    doesNotSee: ['User groups', 'My prices', 'Events'],
  },
  // ld@example.com reads Russian
  'ld@example.com': {
    sees: [
      'Продукты',
      'Продажи за неделю',
      'Распределение продаж',
      'Продажи за квартал',
      'Пользователи',
    ],
    doesNotSee: ['Страны', 'Почтовый ящик', 'Группы пользователей', 'Акции'],
  },
  'dealer@example.com': {
    sees: [
      'Products',
      'Events',
      'Quarterly sales',
      'Adobe sales',
      'Users',
      'User groups',
      'My prices',
    ],
    doesNotSee: ['Weekly sales', 'Countries', 'Mailbox'],
  },
  'user@example.com': {
    sees: ['Products', 'Orders', 'Events', 'News', 'Library'],
    doesNotSee: ['Users', 'Quarterly sales', 'Weekly sales', 'Countries', 'My prices'],
  },
};

for (const [email, menu] of Object.entries(menus)) {
  test(`[shell][roles] ${email} signs in and sees only the pages its role may open`, async ({
    page,
  }) => {
    await signIn(page, email);
    const nav = mainNav(page);
    // a link's name is its label, then what waits beside it (an admin's badges: "Orders 2 …")
    const link = (name: string) =>
      nav.getByRole('link', {
        name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s+\\d|$)`),
      });
    for (const name of menu.sees) {
      await expect(link(name), name).toBeVisible();
    }
    for (const name of menu.doesNotSee) {
      await expect(link(name), name).toHaveCount(0);
    }
    const stored = await page.evaluate(() => ({
      loggedIn: localStorage.getItem('loggedIn'),
      role: localStorage.getItem('userRole'),
      token: localStorage.getItem('token'),
      expiry: Number(localStorage.getItem('tokenExpiry')),
      info: JSON.parse(localStorage.getItem('userInfo') ?? '{}'),
    }));
    expect(stored.loggedIn).toBe('true');
    expect(stored.role).toBe(
      {
        'gd@example.com': 'gd',
        'ld@example.com': 'ld',
        'dealer@example.com': 'd',
        'user@example.com': 'u',
      }[email],
    );
    expect(stored.token).toMatch(/^ey/);
    expect(stored.expiry).toBeGreaterThan(Date.now() / 1000);
    expect(stored.info.email).toBe(email);
  });
}

test('[shell][guard] a signed-out visitor is sent to login with to= and comes back after signing in', async ({
  page,
}) => {
  await page.goto('/pages/orders?status=pending');
  await expect(page).toHaveURL(/\/pages\/login\?to=%2Fpages%2Forders%3Fstatus%3Dpending$/);
  await expect(page).toHaveTitle('Login | ESD');
  await page.getByLabel('Email').fill('dealer@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/orders\?status=pending$/);
  await expect(page).toHaveTitle('Orders | ESD');
});

test('[shell][guard] / goes to products, unknown paths to 404, forbidden pages to not authorized', async ({
  page,
}) => {
  await signIn(page, 'user@example.com');
  await page.goto('/');
  await expect(page).toHaveURL(/\/pages\/products$/);
  await expect(page).toHaveTitle('Products | ESD');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/pages\/error-404$/);
  await page.goto('/pages/settings/countries');
  await expect(page).toHaveURL(/\/pages\/not-authorized$/);
  await page.goto('/pages/settings/users');
  await expect(page).toHaveURL(/\/pages\/not-authorized$/);
  // signed in: the public pages send you home
  await page.goto('/pages/login');
  await expect(page).toHaveURL(/\/pages\/products$/);
  await page.goto('/pages/become-a-partner');
  await expect(page).toHaveURL(/\/pages\/products$/);
});

test('[shell][title] the document title is the last breadcrumb followed by | ESD', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  const titles: Record<string, string> = {
    '/pages/profile': 'Profile | ESD',
    '/pages/settings/countries': 'Countries | ESD',
    '/pages/statistic/weekly': 'Weekly sales | ESD',
    '/pages/settings/mailbox': 'Mailbox | ESD',
  };
  for (const [path, title] of Object.entries(titles)) {
    await page.goto(path);
    await expect(page).toHaveTitle(title);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title.replace(' | ESD', ''));
  }
});

test('[shell][i18n] the language switch translates the page and is remembered', async ({
  page,
}) => {
  // visitors' pages: the three languages side by side
  await page.goto('/pages/login');
  const choice = page.getByRole('radiogroup', { name: 'Language' });
  await expect(choice.getByRole('radio', { name: 'EN English' })).toBeChecked();
  await choice.getByTitle('Русский').click();
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Войти', exact: true })).toBeVisible();
  const inRussian = page.getByRole('radiogroup', { name: 'Язык' });
  await expect(inRussian.getByRole('radio', { name: 'RU Русский' })).toBeChecked();
  await inRussian.getByTitle('Azərbaycanca').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'az');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('az');

  // signed in: the header's menu, which also saves the choice to the profile
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await signIn(page, 'user@example.com');
  await page.getByRole('button', { name: 'Language: EN' }).click();
  await page.getByRole('menuitem', { name: 'Русский' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Продукты');
  await expect
    .poll(async () => {
      const token = await page.evaluate(() => localStorage.getItem('token'));
      const profile = await page.request.get('/api/auth/user', {
        headers: { authorization: `Bearer ${token}` },
      });
      return (await profile.json()).data.lang;
    })
    .toBe('ru');
  await page.getByRole('button', { name: 'Язык: RU' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test("[shell][i18n] after sign-in the user's own language wins", async ({ page }) => {
  // ld@example.com has Russian as its language
  await signIn(page, 'ld@example.com');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('ru');
});

test('[shell][session] logout ends the session on the server, clears it and goes to login', async ({
  page,
  request,
}) => {
  await signIn(page, 'gd@example.com');
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const asBefore = () =>
    request.get('/api/auth/user', { headers: { Authorization: `Bearer ${token}` } });
  expect((await asBefore()).status()).toBe(200);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/pages\/login$/);
  const stored = await page.evaluate(() => ({
    loggedIn: localStorage.getItem('loggedIn'),
    token: localStorage.getItem('token'),
    info: localStorage.getItem('userInfo'),
  }));
  expect(stored).toEqual({ loggedIn: null, token: null, info: null });
  // the token a copy of the storage would still hold is refused: the page waited for the server
  expect((await asBefore()).status()).toBe(401);
  await page.goto('/pages/profile');
  await expect(page).toHaveURL(/\/pages\/login\?to=%2Fpages%2Fprofile$/);
});

test('[shell][session] a login while another tab is signed in warns "Login Attempt" and reloads', async ({
  page,
  context,
}) => {
  await page.goto('/pages/login');
  const other = await context.newPage();
  await signIn(other, 'dealer@example.com');
  await page.getByLabel('Email').fill('dealer@example.com');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'You are already logged in!' });
  await expect(alert).toContainText('Login Attempt');
  await expect(page).toHaveURL(/\/pages\/products$/);
});

test('[shell][session] a wrong password shows an Error notification with the server message', async ({
  page,
}) => {
  await page.goto('/pages/login');
  await page.getByLabel('Email').fill('gd@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Error' });
  // the server's own words (spec 8), not the web app's fallback for INVALID_CREDENTIALS
  await expect(alert).toContainText('Invalid e-mail or password.');
  await expect(page).toHaveURL(/\/pages\/login$/);
});

test('[shell][session] a revoked token (401 from the profile) logs the user out', async ({
  page,
}) => {
  await signIn(page, 'dealer@example.com');
  await page.evaluate(() => localStorage.setItem('token', 'revoked.token.value'));
  await page.goto('/pages/profile');
  await expect(page).toHaveURL(/\/pages\/login/);
  expect(await page.evaluate(() => localStorage.getItem('loggedIn'))).toBeNull();
});
