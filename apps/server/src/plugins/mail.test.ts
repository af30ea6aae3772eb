import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server';
import { waitFor } from '../../test/wait-for';

describe('[mail] SMTP delivery when SMTP_URL is set', () => {
  let smtp: TestSmtpServer;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    ctx = await createTestContext('pglite', {
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Portal <portal@esd.test>' },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await smtp?.close();
  });

  it("sends the password reset mail over SMTP in the user's language, not to the mailbox", async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'ld@example.com' },
    });
    expect(response.statusCode).toBe(200);
    await waitFor(() => smtp.received.length > 0, { message: 'the reset mail at the SMTP server' });
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.from).toBe('portal@esd.test');
    expect(mail!.to).toEqual(['ld@example.com']);
    // ld@example.com reads Russian
    expect(mail!.subject).toBe('Сброс пароля портала ESD');
    expect(mail!.text).toMatch(/http:\/\/portal\.test\/pages\/reset-password\?token=[\w-]{40,}/);
    expect(mail!.html).toContain('<a href="http://portal.test/pages/reset-password?token=');
    const admin = await ctx.login('gd@example.com');
    const mailbox = await ctx.app.inject({
      url: '/api/mailbox',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(mailbox.json().data.total).toBe(0);
  });
});
