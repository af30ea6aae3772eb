import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations } from '../support/a11y';
import { passwordLinkIn, readMailbox, signIn } from '../support/session';

const languages = ['en', 'ru', 'az'] as const;

const usersTable = (page: Page) => page.getByRole('table').first();

test('[users][invite] a dealer invites a user who sets a password from the mail and signs in', async ({
  page,
  browser,
}) => {
  const email = `invitee-${Date.now()}@example.com`;
  await signIn(page, 'dealer@example.com');
  await page.goto('/pages/settings/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  await expect(usersTable(page)).toContainText('Leyla Huseynova');
  // a dealer has no audit log and picks no role, dealer or credit
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Invite user' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite a user' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('This field is required').first()).toBeVisible();
  await expect(dialog.getByLabel('Credit limit (USD)')).toHaveCount(0);
  await expect(dialog.getByRole('combobox', { name: 'Dealer' })).toHaveCount(0);

  await dialog.getByLabel('Name', { exact: true }).fill('Samir Invited');
  await dialog.getByLabel('E-mail').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Enter a valid e-mail address')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByRole('combobox', { name: 'User group' }).click();
  await page.getByRole('option', { name: 'Key accounts' }).click();
  await dialog.getByRole('switch', { name: 'Pays in AZN cash' }).check();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`a link to choose a password was sent to ${email}`)).toBeVisible();
  const row = usersTable(page).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Invited');
  await expect(row).toContainText('Caspian Soft LLC');

  const mail = (await readMailbox(page)).find((m) => m.to === email);
  expect(mail?.subject).toBe('Your ESD portal account');

  const invitee = await (await browser.newContext()).newPage();
  // a new account's link is not a reset: its page says so in its heading and title (issue 20)
  await invitee.goto(passwordLinkIn(mail!));
  await expect(invitee.getByRole('heading', { level: 1 })).toHaveText('Set your password');
  await expect(invitee).toHaveTitle('Set your password | ESD');
  await expect(invitee.getByText('Reset password')).toHaveCount(0);
  await invitee.getByLabel('New password', { exact: true }).fill('caspian-sunrise-2026');
  await invitee.getByLabel('Confirm new password').fill('caspian-sunrise-2026');
  await invitee.getByRole('button', { name: 'Set password' }).click();
  await expect(invitee).toHaveURL(/\/pages\/login/);
  // the used link says so at once, with the way on, instead of a form that would only fail
  await invitee.goto(passwordLinkIn(mail!));
  await expect(
    invitee.getByRole('alert').filter({ hasText: 'This link has already been used.' }),
  ).toBeVisible();
  await expect(invitee.getByLabel('New password', { exact: true })).toHaveCount(0);
  await invitee.getByRole('link', { name: 'Request a new link' }).click();
  await expect(invitee).toHaveURL(/\/pages\/forgot-password$/);
  await signIn(invitee, email, 'caspian-sunrise-2026');
  await invitee.context().close();

  await page.reload();
  await expect(usersTable(page).getByRole('row').filter({ hasText: email })).toContainText(
    'Active',
  );
});

test("[users][scope] a local admin sees only its countries' dealers and their users", async ({
  page,
}) => {
  await signIn(page, 'ld@example.com');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
  await page.goto('/pages/settings/users');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  const table = usersTable(page);
  await expect(table).toContainText('Tbilisi Systems LLC');
  await expect(table).toContainText('Caspian Soft LLC');
  await expect(table).toContainText('Nino Beridze');
  await expect(table).not.toContainText('Astana Digital LLP');
  await expect(table).not.toContainText('Aigerim Sadykova');
  await expect(table).not.toContainText('Aysel Mammadova');
  await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveCount(0);
  // the dealer filter offers only its own dealers
  await page.getByRole('combobox', { name: 'Dealer', exact: true }).click();
  await expect(page.getByRole('option', { name: 'Tbilisi Systems LLC' })).toBeVisible();
  await expect(page.getByRole('option', { name: 'Astana Digital LLP' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // and the API agrees: another country's dealer does not exist for it
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const answer = await page.request.get('/api/settings/users?q=Astana', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await answer.json()).data.total).toBe(0);
});

test('[users][audit] a global admin changes a credit limit and finds it in the audit log', async ({
  page,
}) => {
  await signIn(page, 'gd@example.com');
  await page.goto('/pages/settings/users');
  await page.getByLabel('Search by name or e-mail').fill('Astana');
  const row = usersTable(page).getByRole('row').filter({ hasText: 'Astana Digital LLP' });
  await expect(row).toHaveCount(1);
  const limit = (Date.now() % 9000) + 1000;
  await row.getByRole('button', { name: 'Actions for Astana Digital LLP' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Astana Digital LLP' });
  await dialog.getByLabel('Credit limit (USD)').fill(`${limit}.25`);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Astana Digital LLP has been saved.')).toBeVisible();
  await expect(row).toContainText(`$${limit.toLocaleString('en')}.25`);

  await page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(page).toHaveURL(/tab=audit/);
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Account changed' }).click();
  const amount = `$${limit.toLocaleString('en')}.25`;
  const entry = page.getByRole('row').filter({ hasText: amount }).first();
  await expect(entry).toContainText('Credit limit');
  await expect(entry).toContainText('Aysel Mammadova');
  await expect(entry).toContainText('Account changed');
  await expect(entry).toContainText('Astana Digital LLP (#');
  // words only: no action, record or field code (user.update, credit_limit) is left
  const text = await page.getByRole('table', { name: 'Audit log' }).innerText();
  expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  expect(text).not.toContain('user.update');
});

test('[users][a11y] the users page and the audit log in en, ru and az and its form in ru pass axe and fit a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, 'gd@example.com');
  for (const lang of languages) {
    await page.evaluate((l) => localStorage.setItem('lang', l), lang);
    await page.goto('/pages/settings/users');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(usersTable(page)).toContainText('Caspian Soft LLC');
    await expectNoSeriousViolations(page, `users ${lang}`);
    // the open form is a state, not a page: Russian here, English at 390 px below
    if (lang === 'ru') {
      await page.getByRole('button', { name: /Invite|Пригласить|dəvət/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectNoSeriousViolations(page, `invite ${lang}`);
      await page.keyboard.press('Escape');
    }
    await page.goto('/pages/settings/users?tab=audit');
    await expect(page.getByRole('table').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, `audit ${lang}`);
  }
  await page.evaluate(() => localStorage.setItem('lang', 'en'));

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ['/pages/settings/users', '/pages/settings/users?tab=audit']) {
    await page.goto(path);
    await expect(page.getByRole('tabpanel')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // a phone lists the rows as cards (a list named as the table was), never as a table; a card
    // may hold its own small table (an audit entry's changed fields)
    await expect(page.getByRole('main').locator('table:not(li table)')).toHaveCount(0);
    if (!path.includes('audit')) {
      const accounts = page.getByRole('main').getByRole('list', { name: 'Accounts' });
      await expect(accounts.getByRole('listitem').first()).toBeVisible();
      // issue 33: an address wraps only before its @ or a dot, each part whole on one line
      const addresses = await accounts.locator('[title*="@"]').evaluateAll((nodes) =>
        nodes.map((node) => ({
          text: node.textContent,
          title: node.getAttribute('title'),
          parts: Array.from(node.querySelectorAll('span')).map((part) => ({
            text: part.textContent ?? '',
            lines: part.getClientRects().length,
            nowrap: getComputedStyle(part).whiteSpace === 'nowrap',
          })),
        })),
      );
      expect(addresses.length).toBeGreaterThan(0);
      for (const address of addresses) {
        expect(address.text).toBe(address.title);
        expect(address.parts.map((part) => part.text).join('')).toBe(address.title);
        for (const part of address.parts) {
          expect(part.text, address.title!).toMatch(/^[@.]?[^@.]+$/);
          expect(part.lines, part.text).toBe(1);
          expect(part.nowrap, part.text).toBe(true);
        }
      }
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, path).toBeLessThanOrEqual(0);
    await page.waitForLoadState('networkidle');
    await expectNoSeriousViolations(page, `${path} at 390 px`);
  }
  await page.goto('/pages/settings/users');
  await page.getByRole('button', { name: 'Invite user' }).click();
  await expect(page.getByRole('dialog', { name: 'Invite a user' })).toBeVisible();
  await expectNoSeriousViolations(page, 'invite at 390 px');
});
