import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailMessages } from '../db/schema';

/** A file sent with a mail (an invoice's PDF). */
type MailAttachment = { filename: string; content: Buffer; contentType: string };

type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** The local mailbox keeps text only: it names each attachment under the text instead. */
const mailboxText = (mail: OutgoingMail) =>
  mail.attachments?.length
    ? `${mail.text}\n${mail.attachments.map((a) => `[${a.filename}, ${a.contentType}, ${a.content.length} bytes]`).join('\n')}\n`
    : mail.text;

export type Mailer = {
  /** 'smtp' when an SMTP server took it, 'mailbox' when it was kept in the local mailbox */
  send: (mail: OutgoingMail) => Promise<'smtp' | 'mailbox'>;
};

/** SMTP when `SMTP_URL` is set; otherwise the local mailbox a global admin reads. */
export const mailPlugin = fp(
  async (app: FastifyInstance) => {
    const { SMTP_URL, MAIL_FROM } = app.config;
    const transport = SMTP_URL ? nodemailer.createTransport(SMTP_URL) : undefined;
    app.decorate<Mailer>('mailer', {
      send: async (mail) => {
        if (transport) {
          await transport.sendMail({ from: MAIL_FROM, ...mail });
          return 'smtp';
        }
        await app.db.insert(mailMessages).values({
          to: mail.to,
          subject: mail.subject,
          text: mailboxText(mail),
          html: mail.html ?? null,
        });
        return 'mailbox';
      },
    });
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['config', 'database'] },
);
