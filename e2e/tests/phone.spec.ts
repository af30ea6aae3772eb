import { expect, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { expectInView, expectNoSidewaysScroll, PHONE } from '../support/page-checks';
import { signIn } from '../support/session';

test.describe.configure({ timeout: 120_000 });

test('[phone][lists] at 390 px an admin reads orders (az) and users (ru) as cards: status and total in view, no sideways scroll', async ({
  page,
}, testInfo) => {
  await signIn(page, 'gd@example.com');
  await page.setViewportSize(PHONE);

  // orders in Azerbaijani: each order is a card with its number, status, total and buyer
  await inLanguage(page, '/pages/orders', 'az');
  const main = page.getByRole('main');
  const orders = main.getByRole('list', { name: 'Sifarişlər' });
  await expect(orders).toBeVisible();
  await expect(main.getByRole('table')).toHaveCount(0);
  const order = orders.getByRole('listitem').first();
  await expectInView(order.getByRole('link', { name: /№\d+/ }), 'the order number');
  await expectInView(
    order.getByText(/^(Ödəniş gözlənilir|İcrada|Tamamlanıb|Ləğv edilib)$/),
    'the order status',
  );
  // the total in USD (at the card's top right) and in AZN (a field), as formatted in az
  const totals = order.getByText(/\d[\d\s.,]*\s*(\$|USD|₼|AZN)|(\$|₼)\s*\d/);
  await expectInView(totals.first(), 'the order total');
  await expect(order.getByText('Alıcı', { exact: true })).toBeVisible();
  await expectNoSidewaysScroll(page, 'orders (az)');
  await page.screenshot({ path: testInfo.outputPath('orders-az-390.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'orders as cards (az)');

  // users in Russian: name, e-mail, role, state and the row's menu on each card
  await inLanguage(page, '/pages/settings/users', 'ru');
  const users = main.getByRole('list', { name: 'Учётные записи' });
  const caspian = users.getByRole('listitem').filter({ hasText: 'Caspian Soft LLC' }).first();
  await expectInView(caspian.getByText('Caspian Soft LLC', { exact: true }), 'the user name');
  await expectInView(caspian.getByText(/@example\.com$/).first(), 'the e-mail');
  await expectInView(caspian.getByText('Дилер', { exact: true }), 'the role');
  await expectInView(caspian.getByText(/^(Активен|Деактивирован|Приглашён)$/), 'the state');
  const menu = caspian.getByRole('button', { name: /Caspian Soft LLC/ });
  await expectInView(menu, 'the actions button');
  // a phone sorts with a field, as it has no header cells
  await expect(page.getByRole('combobox', { name: 'Сортировка' })).toBeVisible();
  await expectNoSidewaysScroll(page, 'users (ru)');
  await page.screenshot({ path: testInfo.outputPath('users-ru-390.png'), fullPage: true });
  await expectNoSeriousViolations(page, 'users as cards (ru)');
  await menu.click();
  const rowMenu = page.getByRole('menu', { name: /^Действия для / });
  await expectInView(rowMenu, 'the row menu');
  await page.keyboard.press('Escape');
  await expect(rowMenu).toBeHidden();

  // the header's user menu opens inside the window, not past its right edge
  await page.getByRole('button', { name: /Меню пользователя/ }).click();
  const userMenu = page.getByRole('menu', { name: 'Меню пользователя' });
  await expectInView(userMenu, 'the user menu');
  await expectInView(userMenu.getByRole('menuitem').last(), 'the sign-out item');
  await page.screenshot({ path: testInfo.outputPath('user-menu-ru-390.png') });
  await page.keyboard.press('Escape');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});

test("[phone][errors] a refused sign-in shows the server's message, in the interface language", async ({
  page,
}) => {
  const refuse = async () => {
    await page.locator('input[type="email"], input[name="email"]').first().fill('gd@example.com');
    await page.locator('input[type="password"]').first().fill('not-the-password');
    await page.locator('button[type="submit"]').first().click();
  };
  await page.goto('/pages/login');
  await refuse();
  // the server's words (apps/server auth.service), not the web's fallback "Wrong e-mail …"
  await expect(page.getByRole('alert').filter({ hasText: 'Error' })).toContainText(
    'Invalid e-mail or password.',
  );

  await page.setViewportSize(PHONE);
  await inLanguage(page, '/pages/login', 'az');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/auth/login'));
  await refuse();
  // whatever the server answered is what the notification says, and it is Azerbaijani
  const { message } = (await (await answer).json()) as { message: string };
  expect(message).toBe('E-poçt və ya şifrə yanlışdır.');
  await expect(page.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expectNoSidewaysScroll(page, 'login with a notification (az)');
  await page.evaluate(() => localStorage.setItem('lang', 'en'));
});
