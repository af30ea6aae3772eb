import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness';
import { waitFor } from '../../test/wait-for';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on loopback that keeps what it receives. */
const startSmtp = async () => {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    received,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe('[mail] SMTP delivery when SMTP_URL is set', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let ctx: TestContext;
  beforeAll(async () => {
    smtp = await startSmtp();
    ctx = await createTestContext('pglite', {
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Portal <portal@esd.test>' },
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
    const parsed = await simpleParser(mail!.raw);
    expect(parsed.subject).toBe('Сброс пароля портала ESD');
    expect(parsed.text).toMatch(/http:\/\/portal\.test\/pages\/reset-password\?token=[\w-]{40,}/);
    expect(parsed.html).toContain('<a href="http://portal.test/pages/reset-password?token=');
    const admin = await ctx.login('gd@example.com');
    const mailbox = await ctx.app.inject({
      url: '/api/mailbox',
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(mailbox.json().data.total).toBe(0);
  });
});
