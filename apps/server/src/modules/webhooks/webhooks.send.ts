import http from 'node:http';
import https from 'node:https';
import { guardedLookup, isRefusedLiteral } from './webhooks.target';

/** How long one attempt may take, from connecting to the answer's end. */
const ATTEMPT_TIMEOUT_MS = 10_000;
/** How much of an answer is read: its status is what counts, the rest is dropped. */
const MAX_ANSWER_BYTES = 64 * 1024;

export type AttemptOutcome = {
  /** a 2xx answer */
  ok: boolean;
  /** the answer's status, or null when none came */
  status: number | null;
  /** why it failed, short (no answer body: it is the receiver's) */
  error: string | null;
};

type PostInput = {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowPrivate: boolean;
  timeoutMs?: number;
};

/**
 * POSTs one signed webhook. Redirects are not followed (a 3xx fails the attempt: a redirect
 * could lead anywhere). Unless private targets are allowed, the connection goes only to an
 * address `guardedLookup` checked, or to an IP literal checked here.
 */
export const postWebhook = ({
  url,
  body,
  headers,
  allowPrivate,
  timeoutMs = ATTEMPT_TIMEOUT_MS,
}: PostInput): Promise<AttemptOutcome> =>
  new Promise((resolve) => {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      resolve({ ok: false, status: null, error: 'not a URL' });
      return;
    }
    const isHttps = target.protocol === 'https:';
    if (!isHttps && !(allowPrivate && target.protocol === 'http:')) {
      resolve({ ok: false, status: null, error: 'refused: not https' });
      return;
    }
    if (!allowPrivate && isRefusedLiteral(target)) {
      resolve({ ok: false, status: null, error: 'refused: a private address' });
      return;
    }
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const request = (isHttps ? https : http).request(target, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'ESD-portal-webhooks/1',
      },
      ...(allowPrivate ? {} : { lookup: guardedLookup }),
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy();
      finish({ ok: false, status: null, error: `no answer within ${timeoutMs / 1000} s` });
    }, timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) response.destroy();
      });
      const done = () =>
        finish({
          ok: status >= 200 && status < 300,
          status,
          error: status >= 200 && status < 300 ? null : `answered ${status}`,
        });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      const refused = error.code === 'EREFUSEDTARGET';
      finish({
        ok: false,
        status: null,
        error: refused ? `refused: ${error.message}` : (error.code ?? error.message).slice(0, 200),
      });
    });
    request.end(body);
  });
