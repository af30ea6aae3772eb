import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './env';

export const signIn = async (page: Page, email: string, password = DEMO_PASSWORD, to?: string) => {
  await page.goto(to ? `/pages/login?to=${encodeURIComponent(to)}` : '/pages/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(to ? new RegExp(to.replace(/[/?]/g, '\\$&')) : /\/pages\/products/);
  await expect(mainNav(page)).toBeVisible();
};

/** The sidebar, whatever the language (its label is translated). */
export const mainNav = (page: Page) =>
  page.getByRole('navigation', { name: /^(Main navigation|Основная навигация|Əsas naviqasiya)$/ });

/** Reads the local mailbox through the API as the global admin. */
export const readMailbox = async (page: Page) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'gd@example.com', password: DEMO_PASSWORD },
  });
  const { token } = (await login.json()).data;
  const mailbox = await page.request.get('/api/mailbox?perPage=50', {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await mailbox.json()).data.items as { to: string; subject: string; text: string }[];
};

/**
 * The set-password (reset-password) link of a mail, as path and query for the test server,
 * with the language the mail names (`&lang=`) when it names one.
 */
export const passwordLinkIn = (mail: { text: string }) => {
  const link = new URL(
    mail.text.match(/https?:\/\/\S+reset-password\?token=[\w-]+(&lang=[a-z]{2})?/)![0],
  );
  return link.pathname + link.search;
};

/** Signs in through the API with the first of the passwords that works: its token, or null. */
const apiSession = async (request: APIRequestContext, email: string, passwords: string[]) => {
  for (const password of passwords) {
    const login = await request.post('/api/auth/login', { data: { email, password } });
    if (login.ok()) return { token: (await login.json()).data.token as string, password };
  }
  return null;
};

/**
 * Gives a demo account back what a journey changed: the demo password (signing in with
 * whichever of `passwords` works now) and, when given, its name and language. Run from an
 * afterEach, so a journey that fails or times out half-way leaves the account as the demo data
 * has it for the spec files that run after it, whatever their order.
 */
export const restoreDemoAccount = async (
  request: APIRequestContext,
  email: string,
  restore: { passwords?: string[]; name?: string; lang?: string } = {},
) => {
  const session = await apiSession(request, email, [DEMO_PASSWORD, ...(restore.passwords ?? [])]);
  if (!session) throw new Error(`${email}: none of the known passwords signs in any more`);
  let headers = { authorization: `Bearer ${session.token}` };
  if (session.password !== DEMO_PASSWORD) {
    const changed = await request.post('/api/profile/password', {
      headers,
      data: { current_password: session.password, new_password: DEMO_PASSWORD },
    });
    expect(changed.ok(), await changed.text()).toBe(true);
    const again = await apiSession(request, email, [DEMO_PASSWORD]);
    headers = { authorization: `Bearer ${again!.token}` };
  }
  if (restore.name === undefined && restore.lang === undefined) return;
  const profile = (await (await request.get('/api/auth/user', { headers })).json()).data as {
    name: string;
    lang: string;
  };
  const wanted = { name: restore.name ?? profile.name, lang: restore.lang ?? profile.lang };
  if (wanted.name === profile.name && wanted.lang === profile.lang) return;
  const saved = await request.put('/api/profile', { headers, data: wanted });
  expect(saved.ok(), await saved.text()).toBe(true);
};

/**
 * Empties an account's basket through the API. The basket lives on the server, so a journey that
 * stops between adding and checking out (or removing) leaves its lines to the next spec file that
 * signs in as the same account: journeys that count the basket or check it out start from empty.
 */
export const emptyBasket = async (request: APIRequestContext, email: string) => {
  const session = await apiSession(request, email, [DEMO_PASSWORD]);
  if (!session) throw new Error(`${email}: cannot sign in with the demo password`);
  const headers = { authorization: `Bearer ${session.token}` };
  const basket = (await (await request.get('/api/basket', { headers })).json()).data as {
    products: { id: number; quantity?: number }[];
  };
  for (const line of basket.products) {
    const removed = await request.get(`/api/basket/remove/${line.id}/999999`, { headers });
    expect(removed.ok(), await removed.text()).toBe(true);
  }
};

/**
 * On the checkout page: checkout takes the lines of its own way of paying; lines added for the
 * other way are moved here with the note's button (the shop adds for cash unless switched).
 */
export const moveLinesHere = async (page: Page, sellType: 'Cash' | 'Credit') => {
  const move = page.getByRole('button', { name: new RegExp(`^Pay (it|them) by ${sellType} too$`) });
  await move.click();
  await expect(move).toHaveCount(0);
};
