import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, oidcIssuer } from '../support/env';
import { passwordLinkIn, readMailbox, restoreDemoAccount, signIn } from '../support/session';

const DEALER2_NEW_PASSWORD = 'a-new-long-passphrase';
const GD_NEW_PASSWORD = 'profile-test-passphrase';

// several sign-ins per journey: more than the default 30 s on a busy 2-core machine
test.describe.configure({ timeout: 90_000 });

// these journeys change the password and the name of demo accounts that most other spec files
// sign in with: whether a journey passes, fails or times out half-way, give them back
test.afterEach(async ({ request }) => {
  await restoreDemoAccount(request, 'dealer2@example.com', { passwords: [DEALER2_NEW_PASSWORD] });
  await restoreDemoAccount(request, 'gd@example.com', {
    passwords: [GD_NEW_PASSWORD],
    name: 'Aysel Mammadova',
  });
});

test("[auth][password reset] a user asks for a link by e-mail, opens it in the mail's language, sets a new password and signs in", async ({
  page,
}) => {
  await page.goto('/pages/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/pages\/forgot-password$/);
  await expect(page).toHaveTitle('Forgot password | ESD');
  await page.getByLabel('Email').fill('dealer2@example.com');
  await page.getByRole('button', { name: /send/i }).click();
  await expect(page.getByText(/on its way|sent|check your (e-)?mail/i).first()).toBeVisible();

  // the link is made and mailed after the answer (the answer tells nobody who has an account)
  const toDealer2 = async () =>
    (await readMailbox(page)).filter((m) => m.to === 'dealer2@example.com');
  await expect.poll(async () => (await toDealer2()).length).toBeGreaterThan(0);
  const mails = await toDealer2();
  // dealer2 reads Azerbaijani: the mail, and the page its link opens (issue 33), though this
  // browser was reading English
  expect(mails[0]!.subject).toBe('ESD portalı şifrənizin bərpası');
  const link = passwordLinkIn(mails[0]!);
  expect(link).toMatch(/&lang=az$/);
  await page.goto(link);
  await expect(page).toHaveTitle('Şifrənin yenilənməsi | ESD');
  await expect(page.locator('html')).toHaveAttribute('lang', 'az');
  // the language is kept, and the address no longer names it
  await expect(page).toHaveURL(/\/pages\/reset-password\?token=[\w-]+$/);
  expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('az');
  await page.getByLabel('Yeni şifrə', { exact: true }).fill(DEALER2_NEW_PASSWORD);
  await page.getByLabel('Yeni şifrəni təkrarlayın').fill(DEALER2_NEW_PASSWORD);
  await page.getByRole('button', { name: 'Yeni şifrəni təyin et' }).click();
  await expect(page).toHaveURL(/\/pages\/login/);
  await expect(page.getByText('Şifrəniz dəyişdirildi. Yeni şifrə ilə daxil olun.')).toBeVisible();
  // the sign-in helper reads English
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await signIn(page, 'dealer2@example.com', DEALER2_NEW_PASSWORD);

  // back to the demo password, so journeys that sign in as dealer2 later do not depend on order
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'dealer2@example.com', password: DEALER2_NEW_PASSWORD },
  });
  const token = (await login.json()).data.token as string;
  const restored = await page.request.post('/api/profile/password', {
    headers: { authorization: `Bearer ${token}` },
    data: { current_password: DEALER2_NEW_PASSWORD, new_password: DEMO_PASSWORD },
  });
  expect((await restored.json()).code).toBe(200);
});

test('[auth][oidc] single sign-on through the identity provider signs the user in', async ({
  page,
}) => {
  await page.goto('/pages/login');
  await page.getByRole('button', { name: /single sign-on/i }).click();
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.locator('input[name="login"]').fill('user@example.com');
  await page.locator('input[name="password"]').fill('anything');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/pages\/products$/);
  const info = await page.evaluate(() => JSON.parse(localStorage.getItem('userInfo') ?? '{}'));
  expect(info).toMatchObject({ email: 'user@example.com', providerId: 'oidc' });
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('u');

  // spec 4: on app start the session is renewed silently with the provider, giving a new token
  const first = await page.evaluate(() => localStorage.getItem('token'));
  // tokens are stamped to the second (iat): the renewed one differs once the clock has left
  // the second the first was issued in, so reload only then
  const issuedAt = JSON.parse(Buffer.from(first?.split('.')[1] ?? '', 'base64url').toString()).iat;
  await expect
    .poll(() => Math.floor(Date.now() / 1000), { intervals: [50] })
    .toBeGreaterThan(issuedAt);
  const renewal = page.waitForResponse(
    (r) => r.url().endsWith('/api/auth/oidc') && r.status() === 200,
  );
  await page.reload();
  await renewal;
  await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBe(first);
  await expect(page).toHaveURL(/\/pages\/products$/);
});

test('[profile] a user changes its information and password', async ({ page }) => {
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/profile');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await page.getByLabel('Name', { exact: true }).fill('Aysel M.');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Aysel M.');
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Aysel M.');

  const changePassword = async (current: string, next: string) => {
    await page.getByLabel('Current password').fill(current);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('Confirm new password').fill(next);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Your password has been changed' }),
    ).toBeVisible();
  };
  await changePassword('demo1234', GD_NEW_PASSWORD);
  // this session keeps working with its fresh token
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile');
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  // signing out leaves the page once the server has answered: a navigation before that is cut off
  await expect(page).toHaveURL(/\/pages\/login$/);
  await signIn(page, 'gd@example.com', GD_NEW_PASSWORD, '/pages/profile');
  await changePassword(GD_NEW_PASSWORD, 'demo1234');
  // later journeys (the audit log) look for the demo name: give it back
  await page.getByLabel('Name', { exact: true }).fill('Aysel Mammadova');
  await page.getByRole('button', { name: 'Save', exact: true }).first().click();
  await expect(page.getByRole('button', { name: 'User menu' })).toContainText('Aysel Mammadova');
});
