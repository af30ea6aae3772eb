import { expect, type Page } from '@playwright/test';
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

/** The set-password (reset-password) link of a mail, as path and query for the test server. */
export const passwordLinkIn = (mail: { text: string }) => {
  const link = new URL(mail.text.match(/https?:\/\/\S+reset-password\?token=[\w-]+/)![0]);
  return link.pathname + link.search;
};
