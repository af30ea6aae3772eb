import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousViolations, inLanguage } from '../support/a11y';
import { DEMO_PASSWORD } from '../support/env';
import { signIn } from '../support/session';

const shots = process.env.E2E_SHOTS_DIR ?? 'test-results/webhooks';
mkdirSync(shots, { recursive: true });

test.describe.configure({ timeout: 180_000 });

/** A dealer's receiver on loopback: keeps what it gets, answers 204. */
const startReceiver = async () => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = 204;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/${Date.now()}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** Deletes the dealer's endpoints at this URL (a test run again starts clean). */
const removeEndpoints = async (page: Page, url: string) => {
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'dealer@example.com', password: DEMO_PASSWORD },
  });
  const headers = { authorization: `Bearer ${(await login.json()).data.token}` };
  const listed = await page.request.get('/api/dealer/webhooks', { headers });
  for (const endpoint of (await listed.json()).data as { id: number; url: string }[]) {
    if (endpoint.url === url)
      await page.request.delete(`/api/dealer/webhooks/${endpoint.id}`, { headers });
  }
};

const words = {
  en: { heading: 'Webhooks', add: 'Add endpoint', log: 'Delivery log', ping: 'Send test event' },
  ru: {
    heading: 'Вебхуки',
    add: 'Добавить адрес',
    log: 'Журнал доставок',
    ping: 'Отправить тестовое событие',
  },
  az: {
    heading: 'Vebhuklar',
    add: 'Ünvan əlavə et',
    log: 'Çatdırılma jurnalı',
    ping: 'Test hadisəsi göndər',
  },
} as const;

test('[webhooks][settings] a dealer registers an endpoint, copies its secret, sends a test event and sees it delivered, in en, ru and az', async ({
  page,
}) => {
  const receiver = await startReceiver();
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'dealer@example.com', DEMO_PASSWORD, '/pages/settings/webhooks');
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();

    // register the receiver, every event ticked by default
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await form.getByLabel('URL').fill(receiver.url);
    await expect(form.getByRole('checkbox', { name: 'Order paid' })).toBeChecked();
    await form.getByRole('button', { name: 'Save' }).click();

    // the secret, once, with its copy button
    const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
    await expect(secretDialog.getByText(/^whsec_/)).toBeVisible();
    await expect(secretDialog.getByRole('button', { name: 'Copy secret' })).toBeVisible();
    await page.screenshot({ path: `${shots}/secret-1366.png` });
    await secretDialog.getByRole('button', { name: 'I have copied it' }).click();

    const row = page.getByRole('row').filter({ hasText: receiver.url });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => receiver.received.length).toBe(1);
    const [ping] = receiver.received;
    expect(JSON.parse(ping!.body)).toMatchObject({ type: 'ping' });
    expect(ping!.headers['webhook-signature']).toMatch(/^v1,/);

    await row.getByRole('button', { name: 'Delivery log' }).click();
    const drawer = page.getByRole('dialog', { name: `Delivery log: ${receiver.url}` });
    const delivered = drawer.getByRole('row').filter({ hasText: 'Test event' });
    await expect(delivered).toContainText('Delivered');
    await expect(delivered).toContainText('204');
    await expectNoSeriousViolations(page, 'delivery log en');
    await page.screenshot({ path: `${shots}/log-1366.png` });
    await drawer.getByRole('button', { name: 'Close' }).click();

    for (const lang of ['en', 'ru', 'az'] as const) {
      await inLanguage(page, '/pages/settings/webhooks', lang);
      const w = words[lang];
      await expect(page.getByRole('heading', { level: 1, name: w.heading })).toBeVisible();
      await expect(page.getByRole('button', { name: w.add })).toBeVisible();
      const localRow = page.getByRole('row').filter({ hasText: receiver.url });
      await expect(localRow.getByRole('button', { name: w.log })).toBeVisible();
      await expect(localRow.getByRole('button', { name: w.ping })).toBeVisible();
      await expectNoSeriousViolations(page, `webhooks ${lang}`);
      await page.screenshot({ path: `${shots}/page-${lang}-1366.png`, fullPage: true });
    }

    // a phone: the endpoints as cards, the log full width
    await inLanguage(page, '/pages/settings/webhooks', 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole('button', { name: 'Delivery log' }).first()).toBeVisible();
    await page.screenshot({ path: `${shots}/page-390.png`, fullPage: true });
    await page.getByRole('button', { name: 'Delivery log' }).first().click();
    await expect(page.getByRole('dialog', { name: /^Delivery log:/ })).toBeVisible();
    await page.screenshot({ path: `${shots}/log-390.png` });
  } finally {
    await removeEndpoints(page, receiver.url);
    await receiver.close();
  }
});
