import type { AddressInfo } from 'node:net';
import { type Attachment, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  /** the envelope's sender and recipients, as the portal handed them to the server */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: Attachment[];
  /** the message as it came over the wire, headers included */
  raw: Buffer;
};

/**
 * A real SMTP server on loopback that keeps what it receives, parsed, and refuses (451, try
 * again later) an address, or whichever address comes next, as often as it is told to.
 */
export const startSmtpServer = async () => {
  const received: ReceivedMail[] = [];
  const refusals = new Map<string, number>();
  let refuseAny = 0;
  /** takes one refusal of the address, or else one of any address; false when none is left */
  const takeRefusal = (address: string) => {
    const left = refusals.get(address) ?? 0;
    if (left > 0) {
      refusals.set(address, left - 1);
      return true;
    }
    if (refuseAny > 0) {
      refuseAny--;
      return true;
    }
    return false;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (takeRefusal(address.address)) {
        callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments,
            raw,
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** the next `times` mails to `address` are refused (`Infinity`: until `accept`) */
    refuse: (address: string, times = 1) => {
      refusals.set(address, times);
    },
    /** mails to `address` go through again */
    accept: (address: string) => {
      refusals.delete(address);
    },
    /** the next `times` recipients, whoever they are, are refused */
    refuseNext: (times = 1) => {
      refuseAny = times;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type TestSmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;
