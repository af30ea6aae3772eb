import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { mainNav, passwordLinkIn, readMailbox, signIn } from '../support/session';

const languages = ['en', 'ru', 'az'] as const;
const shots = process.env.E2E_SHOTS_DIR;
if (shots) mkdirSync(shots, { recursive: true });

const shoot = async (page: Page, name: string) => {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
};

const expectFitsPhone = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test.describe.configure({ timeout: 120_000 });

test('[partners][apply] a visitor sees field errors (in az too), applies, gd approves, and the new dealer sets a password and signs in', async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString().slice(-9);
  const email = `partner-${stamp}@e2e.example`;
  const company = `E2E Partner ${stamp} LLC`;

  // Azerbaijani first: the rules answer in the interface language
  await page.goto('/pages/become-a-partner');
  await inLanguage(page, '/pages/become-a-partner', 'az');
  await page.getByRole('button', { name: 'Müraciəti göndərin' }).click();
  await expect(page.getByText('Bəzi sahələrə diqqət yetirin.')).toBeVisible();
  await expect(page.getByLabel('Şirkətin adı')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Ölkə seçin')).toBeVisible();
  await page.getByLabel('VÖEN').fill('12345');
  await page.getByLabel('FİN kod').fill('AB-12');
  await page.getByRole('button', { name: 'Müraciəti göndərin' }).click();
  await expect(page.getByText('VÖEN düz 10 rəqəmdən ibarət olmalıdır')).toBeVisible();
  await expect(
    page.getByText('FİN kod düz 7 latın hərfi və rəqəmdən ibarət olmalıdır'),
  ).toBeVisible();
  await shoot(page, 'form-errors-az');

  // then in English, the whole form; the messages follow the language
  await inLanguage(page, '/pages/become-a-partner', 'en');
  await expect(page).toHaveTitle('Become a partner | ESD');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Some fields need your attention.')).toBeVisible();
  await page.getByLabel('VÖEN (tax id)').fill('12345');
  await page.getByLabel('Contract start date').fill('2099-01-01');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('VÖEN must be exactly 10 digits')).toBeVisible();
  await expect(page.getByText('The contract start date cannot be in the future')).toBeVisible();

  await page.getByLabel('Company name').fill(company);
  await page.getByLabel('VÖEN (tax id)').fill(`8${stamp}`);
  await page.getByLabel('Contract number').fill(`ESD-${stamp}`);
  await page.getByLabel('Contract start date').fill('2025-02-01');
  await page.getByLabel('MPN ID').fill('7005551');
  await page.getByLabel('Full name').fill('Kamran Mammadli');
  await page.getByLabel('Position').fill('Managing director');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('FIN code').fill('7km2p9q');
  await page.getByLabel('Phone').fill('+994 12 444 55 66');
  await page.getByLabel('Contact number').fill('+994 50 444 55 66');
  await page.getByRole('combobox', { name: 'Country' }).click();
  await page.getByRole('option', { name: 'Azerbaijan' }).click();
  await page.getByLabel('Region').fill('Absheron');
  await page.getByLabel('City').fill('Baku');
  await page.getByLabel('Postal code').fill('AZ1010');
  await page.getByLabel('Address line 1').fill('5 Nizami street');
  await expect(page.getByText('Some fields need your attention.')).toBeHidden();
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(
    page.getByRole('heading', { name: 'Thank you! Your application has been sent' }),
  ).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await shoot(page, 'form-sent-en');

  // the form's mails go out after its answer (the answer tells nobody who has an account)
  await expect
    .poll(async () => (await readMailbox(page)).find((m) => m.to === email)?.subject)
    .toBe('We have received your partner application');

  // the global admin reviews and approves it with account settings
  await signIn(page, 'gd@example.com', undefined, '/pages/settings/partners');
  await expect(page.getByRole('heading', { name: 'Partner applications', level: 1 })).toBeVisible();
  await page.getByLabel('Search by company, VÖEN, e-mail, name or FIN').fill(company);
  await page.getByRole('button', { name: `Open the application of ${company}` }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByText(`8${stamp}`)).toBeVisible();
  await expect(drawer.getByText('7KM2P9Q')).toBeVisible();
  await expect(drawer.getByText('1 Feb 2025')).toBeVisible();
  await shoot(page, 'review-drawer-en');
  await drawer.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${company}` });
  await approve.getByLabel('Credit limit, USD').fill('1500');
  await approve.getByLabel('Has an Adobe account').check();
  await approve.getByRole('button', { name: 'Approve and create the account' }).click();
  await expect(
    page.getByText(
      `The dealer account of ${company} was created and a set-password link was sent to ${email}.`,
    ),
  ).toBeVisible();
  await expect(drawer.getByText('Approved').first()).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Approve' })).toBeHidden();

  // the partner opens the mailed link in its own browser, sets a password and signs in
  const welcome = (await readMailbox(page)).find(
    (m) => m.to === email && m.subject.startsWith('Welcome to the ESD portal'),
  );
  const partner = await browser.newPage();
  await partner.goto(passwordLinkIn(welcome!));
  // an approval's link is a first password, not a reset
  await expect(partner.getByRole('heading', { level: 1 })).toHaveText('Set your password');
  await partner.getByLabel('New password', { exact: true }).fill('partner-passphrase-2026');
  await partner.getByLabel('Confirm new password').fill('partner-passphrase-2026');
  await partner.getByRole('button', { name: 'Set password' }).click();
  await expect(partner).toHaveURL(/\/pages\/login/);
  await signIn(partner, email, 'partner-passphrase-2026');
  await partner.close();
});

test('[partners][a11y] the form and the review page pass axe in en, ru and az and fit a 390 px phone', async ({
  page,
}) => {
  await page.goto('/pages/become-a-partner');
  for (const lang of languages) {
    await inLanguage(page, '/pages/become-a-partner', lang);
    await page.getByRole('button', { name: /application|заявку|Müraciəti/ }).click();
    await expectNoSeriousViolations(page, `form with errors ${lang}`);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await inLanguage(page, '/pages/become-a-partner', 'ru');
  await expectFitsPhone(page);
  await shoot(page, 'form-phone-ru');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.evaluate(() => localStorage.setItem('lang', 'en'));

  await signIn(page, 'gd@example.com', undefined, '/pages/settings/partners');
  // the nav counts the applications waiting for review
  await expect(
    mainNav(page).getByRole('link', {
      name: /Partner applications\s*\d+\s*Partner applications waiting for review: \d+/,
    }),
  ).toBeVisible();
  for (const lang of languages) {
    await inLanguage(page, '/pages/settings/partners', lang);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await expectNoSeriousViolations(page, `review ${lang}`);
  }
  await shoot(page, 'review-az');
  await page.getByRole('button', { name: /Sumgait Systems LLC/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'review drawer az');
  await page.getByRole('dialog').getByRole('button', { name: 'Rədd edin' }).click();
  await expect(page.getByRole('dialog', { name: /Rədd: Sumgait/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'reject dialog az');
  await page.getByRole('button', { name: 'Ləğv et' }).click();
  await page.keyboard.press('Escape');

  await page.setViewportSize({ width: 390, height: 844 });
  await inLanguage(page, '/pages/settings/partners', 'en');
  // a phone lists the applications as cards
  await expect(
    page
      .getByRole('main')
      .getByRole('list', { name: 'Partner applications' })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expectFitsPhone(page);
  await shoot(page, 'review-phone-en');
  await page.getByRole('button', { name: /Open the application of Sumgait/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectFitsPhone(page);
  await shoot(page, 'review-drawer-phone-en');
});
