import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { DEMO_PASSWORD } from '../support/env';
import { mainNav, signIn } from '../support/session';

const languages = ['en', 'ru', 'az'] as const;
const PATH = '/pages/settings/jobs';

test.describe.configure({ timeout: 60_000 });

const expectFitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('[jobs][dead letters] gd opens Failed jobs from the settings nav, in three languages and on a phone; ld is turned away', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  await mainNav(page).getByRole('link', { name: 'Failed jobs' }).click();
  await expect(page).toHaveURL(PATH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Failed jobs');
  await expect(page).toHaveTitle('Failed jobs | ESD');
  // the demo server's jobs all went through: the real list is empty
  await expect(page.getByText('No failed jobs.', { exact: false })).toBeVisible();
  // readiness tells anyone only up or down; a global admin's token sees the failed jobs' count
  expect((await (await page.request.get('/api/ready')).json()).data).toEqual({ status: 'ready' });
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'gd@example.com', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const answer = await page.request.get('/api/ready', { headers });
  expect((await answer.json()).data.dead_letters).toBe(0);

  const titles = { en: 'Failed jobs', ru: 'Невыполненные задания', az: 'Uğursuz tapşırıqlar' };
  for (const lang of languages) {
    // Azerbaijani on a 390 px phone: the longest labels at the narrowest width
    if (lang === 'az') await page.setViewportSize({ width: 390, height: 844 });
    await inLanguage(page, PATH, lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[lang]);
    await expectNoSeriousViolations(page, `failed jobs (${lang})`);
  }
  await expectFitsPhone(page);
  // on a phone the list is cards: the empty list's sentence stays within the screen
  const sentence = page.getByRole('main').getByText('Uğursuz tapşırıq yoxdur.', { exact: false });
  await expect(sentence).toBeVisible();
  const text = (await sentence.boundingBox())!;
  expect(text.x).toBeGreaterThanOrEqual(0);
  expect(text.x + text.width).toBeLessThanOrEqual(390);
  await page.evaluate(() => localStorage.setItem('lang', 'en'));

  // a local admin is turned away from the page
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'ld@example.com');
  await page.goto(PATH);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Доступ запрещён');
});

test('[jobs][retry] a listed job another admin already retried: the confirmation asks, the server refuses, the dialog says why', async ({
  page,
}) => {
  // The e2e server keeps mail in its mailbox, where sending never fails, so no job can die
  // here: the list is given to the page; the retry goes to the real server, which refuses
  // an id that does not wait in the dead letters.
  const id = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
  await page.route(
    (url) => url.pathname === '/api/settings/jobs/failed',
    (route) =>
      route.fulfill({
        json: {
          code: 200,
          message: 'OK',
          data: {
            items: [
              {
                id,
                queue: 'order-mail',
                order_id: 4242,
                error: "Can't send mail - all recipients were rejected: 451 Mailbox busy",
                attempts: 9,
                failed_at: new Date().toISOString(),
              },
            ],
            total: 1,
          },
        },
      }),
  );
  await signIn(page, 'gd@example.com');
  await inLanguage(page, PATH, 'en');
  const row = page.getByRole('row').filter({ hasText: '#4242' });
  await expect(row).toContainText('Keys e-mail');
  await expect(row).toContainText('451 Mailbox busy');
  await expect(row).toContainText('9');
  await row.getByRole('button', { name: 'Retry job 6f1c2a8e' }).click();
  const dialog = page.getByRole('dialog', { name: 'Retry this job?' });
  await expect(dialog).toContainText('order #4242');
  await expectNoSeriousViolations(page, 'retry confirmation');
  await dialog.getByRole('button', { name: 'Retry' }).click();
  // the server's own message (spec 8), not the web app's words for NOT_FOUND
  await expect(dialog.getByRole('alert')).toContainText(
    'No failed job with this id waits for a retry.',
  );
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 390, height: 844 });
  await inLanguage(page, PATH, 'az');
  await expectFitsPhone(page);
  await expectNoSeriousViolations(page, 'failed jobs with a row on a phone (az)');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
