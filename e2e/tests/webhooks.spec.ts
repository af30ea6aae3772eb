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

test('[webhooks][settings] a dealer registers an endpoint, copies its secret, sends a test event, sees it delivered and removes the endpoint, in en, ru and az', async ({
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

    // the dealer removes the endpoint in the page: it is gone, also after a reload
    await page.setViewportSize({ width: 1366, height: 900 });
    await inLanguage(page, '/pages/settings/webhooks', 'en');
    await page.getByRole('button', { name: `Delete ${receiver.url}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this record?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: receiver.url })).toHaveCount(0);
  } finally {
    await removeEndpoints(page, receiver.url);
    await receiver.close();
  }
});

test('[webhooks][settings] a dealer edits an endpoint: its new URL and events are saved, and events go there', async ({
  page,
}) => {
  const before = await startReceiver();
  const after = await startReceiver();
  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'dealer@example.com', DEMO_PASSWORD, '/pages/settings/webhooks');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const addForm = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    await addForm.getByLabel('URL').fill(before.url);
    await addForm.getByRole('button', { name: 'Save' }).click();
    await page
      .getByRole('dialog', { name: 'Signing secret' })
      .getByRole('button', { name: 'I have copied it' })
      .click();

    // the edit modal opens with what is stored; a new URL and two events of the six
    await page.getByRole('button', { name: `Edit ${before.url}` }).click();
    const form = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await expect(form.getByLabel('URL')).toHaveValue(before.url);
    await expect(form.getByRole('checkbox', { name: 'Order placed' })).toBeChecked();
    await form.getByLabel('URL').fill(after.url);
    for (const name of [
      'Order placed',
      'Order paid',
      'Return approved or refused',
      'Adobe subscription renewing',
    ])
      await form.getByRole('checkbox', { name }).uncheck();
    await expectNoSeriousViolations(page, 'webhook edit modal en');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The endpoint has been saved.')).toBeVisible();
    await expect(form).toBeHidden();

    // saved: after a reload the row and the modal show it, and the old URL is gone
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: after.url });
    await expect(row).toContainText('Order completed (keys ready to fetch), Order cancelled');
    await expect(page.getByRole('row').filter({ hasText: before.url })).toHaveCount(0);
    await page.getByRole('button', { name: `Edit ${after.url}` }).click();
    const reopened = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await expect(reopened.getByLabel('URL')).toHaveValue(after.url);
    await expect(reopened.getByRole('checkbox', { name: 'Order paid' })).not.toBeChecked();
    await expect(
      reopened.getByRole('checkbox', { name: 'Order completed (keys ready to fetch)' }),
    ).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(reopened).toBeHidden();

    // and the endpoint now sends to the new URL only
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect.poll(() => after.received.length).toBe(1);
    expect(before.received).toEqual([]);
  } finally {
    await removeEndpoints(page, before.url);
    await removeEndpoints(page, after.url);
    await before.close();
    await after.close();
  }
});
