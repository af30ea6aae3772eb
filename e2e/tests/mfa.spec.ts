import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { DEMO_PASSWORD } from '../support/env';
import { mainNav } from '../support/session';

const GD = 'gd@example.com';

/**
 * Issue 32: the global admin sets up a passkey (Chromium's virtual authenticator, over the
 * DevTools protocol) and an authenticator app (codes computed here) on its profile, then signs
 * in with each: in English, Russian and Azerbaijani. The portal of the suite requires no second
 * factor (MFA_REQUIRED_ROLES=none, so the other journeys sign in with the password); the
 * requirement itself is proven by the server tests (modules/auth/mfa.routes.test.ts).
 */
test.describe.configure({ mode: 'serial', timeout: 90_000 });

let page: Page;
let totpSecret = '';
let recoveryCodes: string[] = [];

/** The code of the next 30 s step: accepted now (one step of drift), never used before. */
const nextTotpCode = () =>
  new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate({
    timestamp: Date.now() + 30_000,
  });

const tokenOf = (p: Page) => p.evaluate(() => localStorage.getItem('token'));

const setLanguage = async (request: APIRequestContext, token: string, lang: string) => {
  const headers = { authorization: `Bearer ${token}` };
  const user = (await (await request.get('/api/auth/user', { headers })).json()).data;
  const saved = await request.put('/api/profile', { headers, data: { name: user.name, lang } });
  expect(saved.ok(), await saved.text()).toBe(true);
};

const signOut = async (p: Page) => {
  const token = await tokenOf(p);
  if (token) {
    await p.request.post('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
  }
  await p.evaluate(
    (lang) => {
      for (const key of ['loggedIn', 'userInfo', 'userRole', 'token', 'tokenExpiry', 'mustEnrol']) {
        localStorage.removeItem(key);
      }
      localStorage.setItem('lang', lang);
    },
    await p.evaluate(() => localStorage.getItem('lang') ?? 'en'),
  );
};

test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
});

// the other journeys sign the global admin in with the password alone: give it back as it was
test.afterAll(async ({ request }) => {
  let token = await page.evaluate(() => localStorage.getItem('token')).catch(() => null);
  if (
    !token ||
    !(await request.get('/api/auth/user', { headers: { authorization: `Bearer ${token}` } })).ok()
  ) {
    const login = (
      await (
        await request.post('/api/auth/login', { data: { email: GD, password: DEMO_PASSWORD } })
      ).json()
    ).data;
    token = login.token ?? null;
    if (login.mfa_required) {
      const code = recoveryCodes.pop();
      const verified = await request.post('/api/auth/mfa/verify', {
        data: { ticket: login.ticket, method: 'recovery', code },
      });
      token = (await verified.json()).data.token;
    }
  }
  const headers = { authorization: `Bearer ${token}` };
  const status = (await (await request.get('/api/auth/mfa', { headers })).json()).data;
  for (const passkey of status.passkeys) {
    await request.delete(`/api/auth/mfa/passkeys/${passkey.id}`, { headers });
  }
  if (status.totp) await request.delete('/api/auth/mfa/totp', { headers });
  await setLanguage(request, token!, 'en');
  await page.close();
});

test('[auth][mfa] en: the global admin adds a passkey and an authenticator app, then signs in with a code', async () => {
  await page.goto('/pages/login');
  await page.getByLabel('Email').fill(GD);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(mainNav(page)).toBeVisible();
  await page.goto('/pages/profile');
  const card = page.getByRole('region', { name: 'Second factor' });
  await expect(card.getByText('Off', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Add a passkey' }).click();
  await card.getByLabel('Name of the passkey').fill('Virtual key');
  await card.getByRole('button', { name: 'Add a passkey' }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  recoveryCodes = await codes.allInnerTexts();
  await card.getByRole('button', { name: 'I have saved them' }).click();
  await expect(card.getByText('Virtual key')).toBeVisible();
  await expect(card.getByText('On', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Set up' }).click();
  await expect(card.getByRole('img', { name: /QR code/ })).toBeVisible();
  totpSecret = (await card.getByTestId('totp-secret').innerText()).trim();
  await card
    .getByLabel('Code the app shows now')
    .fill(new TOTP({ secret: Secret.fromBase32(totpSecret) }).generate());
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText(/^Set up on /)).toBeVisible();
  await expect(card.getByText('10 unused codes left')).toBeVisible();

  await signOut(page);
  await page.goto('/pages/login');
  await page.getByLabel('Email').fill(GD);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Second step' })).toBeVisible();
  await page.getByLabel('Code from the authenticator app').fill(nextTotpCode());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(mainNav(page)).toBeVisible();
  await setLanguage(page.request, (await tokenOf(page))!, 'ru');
});

test('[auth][mfa] ru: the global admin signs in with a passkey alone', async () => {
  await signOut(page);
  await page.evaluate(() => localStorage.setItem('lang', 'ru'));
  await page.goto('/pages/login');
  await page.getByRole('button', { name: 'Войти с ключом доступа' }).click();
  await expect(mainNav(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('userRole'))).toBe('gd');
  await page.goto('/pages/profile');
  const card = page.getByRole('region', { name: 'Второй фактор' });
  await expect(card.getByText('Включён', { exact: true })).toBeVisible();
  await setLanguage(page.request, (await tokenOf(page))!, 'az');
});

test('[auth][mfa] az: the password, then the passkey as the second step', async () => {
  await signOut(page);
  await page.evaluate(() => localStorage.setItem('lang', 'az'));
  await page.goto('/pages/login');
  await page.getByLabel('E-poçt').fill(GD);
  await page.getByLabel('Şifrə', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Daxil ol', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'İkinci addım' })).toBeVisible();
  await page.getByText('Giriş açarı', { exact: true }).click();
  await page.getByRole('button', { name: 'Giriş açarından istifadə et' }).click();
  await expect(mainNav(page)).toBeVisible();
});
