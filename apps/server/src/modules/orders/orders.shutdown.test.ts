/**
 * Issue 8 proof, graceful shutdown: a real server process on a real PostgreSQL gets SIGTERM
 * while 20 clients keep it busy (10 check out again and again, 10 list the catalogue) and
 * 3 admins are in the middle of uploading key files.
 *
 * What server.ts (close-with-grace) promises, checked against the process's own request log:
 * - every request the server received before the signal ends with its normal answer;
 * - a request that reaches it afterwards, on a connection that was already open, gets the
 *   503 envelope; the listener is closed, so a new connection is refused;
 * - nothing half-done: each 200 checkout is one order, and no order lacks its answer;
 * - the process exits with code 0 within 10 s of the signal.
 *
 * Runs only against a real PostgreSQL (TEST_DATABASE_URL), like the other process suites.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { realPostgresSuite, requireRealPostgresUrl } from '../../../test/real-postgres';
import {
  createProcessCluster,
  type ProcessCluster,
  type Server,
} from '../../../test/server-processes';
import { waitFor } from '../../../test/wait-for';

const suite = realPostgresSuite(
  'orders shutdown',
  'This suite sends SIGTERM to a real server process under load on a real PostgreSQL.',
);

const CHECKOUT_LANES = 10;
const LIST_LANES = 10;
const UPLOADS = 3;
const UNAVAILABLE = {
  code: 503,
  message: 'The server is restarting. Try again.',
  data: { error: 'UNAVAILABLE' },
};

type Outcome = {
  id: string;
  kind: 'checkout' | 'basket' | 'list' | 'upload';
  startedAt: number;
  endedAt: number;
  status: number | null;
  text: string;
  error: string | null;
};

type LogLine = { msg?: string; reqId?: string; res?: { statusCode?: number }; signal?: string };

suite('[server] SIGTERM under load', () => {
  let cluster: ProcessCluster;
  let server: Server;
  let productId: number;
  const buyers: { id: number; token: string }[] = [];
  let dealerToken: string;

  beforeAll(async () => {
    // info: the process logs every request it receives, which is what "accepted" means below
    cluster = await createProcessCluster(requireRealPostgresUrl(), {
      tag: 'shutdown',
      env: { LOG_LEVEL: 'info' },
    });
    const starting = cluster.startServer('process S');
    productId = await cluster.createProduct('SHUTDOWN');
    await cluster.query(
      `insert into licence_keys (product_id, key)
       select $1, 'SHUTDOWN-' || g || '-' || md5(random()::text) from generate_series(1, 2000) g`,
      [productId],
    );
    const [dealer] = await cluster.query<{ id: number }>(
      `insert into users (email, name, type_id, credit_limit, country_id)
       values ('shutdown-dealer@down.test', 'shutdown dealer', 3, '10000000.00', $1) returning id`,
      [cluster.countryId],
    );
    dealerToken = await cluster.tokenFor(dealer!.id);
    const users = await cluster.query<{ id: number }>(
      `insert into users (email, name, type_id, country_id, dealer_id, need_azn_credit)
       select 'shutdown-user-' || g || '@down.test', 'shutdown user ' || g, 4, $1::int, $2::int, true
       from generate_series(1, $3::int) g returning id`,
      [cluster.countryId, dealer!.id, CHECKOUT_LANES],
    );
    for (const row of users) buyers.push({ id: row.id, token: await cluster.tokenFor(row.id) });
    server = await starting;
  }, 120_000);

  afterAll(async () => {
    await cluster?.close();
  }, 60_000);

  it('finishes what it accepted, answers 503 afterwards and exits 0 within 10 s', async () => {
    /** Once the process logs that it handles the signal: what is sent then comes after it. */
    const closing = () =>
      waitFor(() => server.log.join('').includes('"msg":"closing"'), {
        message: `${server.name} logging that it is closing`,
        intervalMs: 20,
      });
    const outcomes: Outcome[] = [];
    let seq = 0;
    let stop = false;
    const request = async (
      kind: Outcome['kind'],
      url: string,
      token: string,
      init: { method?: string; body?: RequestInit['body']; headers?: Record<string, string> } = {},
    ) => {
      const id = `${kind}-${++seq}-${randomBytes(3).toString('hex')}`;
      const outcome: Outcome = {
        id,
        kind,
        startedAt: Date.now(),
        endedAt: 0,
        status: null,
        text: '',
        error: null,
      };
      outcomes.push(outcome);
      try {
        const response = await fetch(`${server.url}${url}`, {
          method: init.method ?? 'GET',
          headers: { authorization: `Bearer ${token}`, 'x-request-id': id, ...init.headers },
          ...(init.body ? { body: init.body, duplex: 'half' } : {}),
        } as RequestInit);
        outcome.status = response.status;
        outcome.text = await response.text();
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        outcome.error = cause?.code ?? cause?.message ?? String(error);
      }
      outcome.endedAt = Date.now();
      return outcome;
    };

    const checkoutLane = async (buyer: { id: number; token: string }, lane: number) => {
      for (let n = 0; !stop; n++) {
        const added = await request('basket', `/api/basket/add/${productId}/1/2`, buyer.token);
        if (added.status !== 200) return;
        const placed = await request('checkout', '/api/checkout', buyer.token, {
          method: 'POST',
          body: JSON.stringify({ sell_type: 2 }),
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `shutdown-${lane}-${n}-${randomBytes(4).toString('hex')}`,
          },
        });
        if (placed.status !== 200) return;
      }
    };
    const listLane = async () => {
      while (!stop) {
        const listed = await request('list', '/api/products?perPage=100', dealerToken);
        if (listed.status !== 200) return;
      }
    };
    /** A key file sent slowly: half before the signal, the rest once the process is closing. */
    const upload = async (i: number, signalled: Promise<void>) => {
      const boundary = `----shutdown${i}`;
      const keys = Array.from(
        { length: 50 },
        (_, k) => `SHUTDOWN-UP-${i}-${k}-${randomBytes(4).toString('hex')}`,
      );
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="keys.csv"\r\nContent-Type: text/csv\r\n\r\n`;
      const content = `${keys.join('\n')}\n`;
      const tail = `\r\n--${boundary}--\r\n`;
      const half = Math.floor(content.length / 2);
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(head + content.slice(0, half)));
          await signalled;
          await closing();
          controller.enqueue(new TextEncoder().encode(content.slice(half) + tail));
          controller.close();
        },
      });
      const outcome = await request('upload', `/api/keys/import/${productId}`, cluster.adminToken, {
        method: 'POST',
        body,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      return { outcome, keys };
    };

    let signal!: () => void;
    const signalled = new Promise<void>((resolve) => {
      signal = resolve;
    });
    const lanes = [
      ...buyers.map((b, i) => checkoutLane(b, i)),
      ...Array.from({ length: LIST_LANES }, () => listLane()),
    ];
    const uploads = Array.from({ length: UPLOADS }, (_, i) => upload(i, signalled));
    // under load for a while: every lane has answers behind it
    await waitFor(() => outcomes.filter((o) => o.status === 200).length, {
      until: (answered) => answered >= 60,
      message: '60 answers from the lanes',
      timeoutMs: 30_000,
    });

    // a connection in the middle of sending a request when the signal comes
    const probe = net.connect(server.port, '127.0.0.1');
    await once(probe, 'connect');
    probe.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const probeAnswer = new Promise<string>((resolve) => {
      let text = '';
      probe.on('data', (chunk) => {
        text += chunk.toString();
      });
      // the server closes the connection after its 503; a reset then is fine, the answer is in
      probe.on('error', () => {});
      probe.on('close', () => resolve(text));
    });
    // The one fixed wait left: the server's first reading of these bytes cannot be observed from
    // here. It only makes it likely that the server has read them when the signal comes; the
    // assertions below accept both cases (503 to a half-read request, or an idle connection
    // closed unanswered), so a busy machine cannot make the test pass or fail by it.
    await new Promise((resolve) => setTimeout(resolve, 100));

    const exited = once(server.child, 'exit') as Promise<[number | null, string | null]>;
    const signalAt = Date.now();
    server.child.kill('SIGTERM');
    signal();
    // the rest of that request arrives after the signal
    await closing();
    probe.write('x-request-id: probe-after-signal\r\n\r\n');
    // new connections opened after the signal are never served: until the process has handled
    // the signal (a busy machine may take a moment) they get the 503 or a reset, then they find
    // no listener, while the process still finishes what it accepted
    const lateTries: string[] = [];
    let refusedWhileAlive = false;
    await waitFor(
      async () => {
        const late = await new Promise<string>((resolve) => {
          http
            .get(`${server.url}/api/health`, { agent: false }, (response) => {
              response.resume();
              resolve(`answered ${response.statusCode}`);
            })
            .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
        });
        lateTries.push(late);
        if (late === 'ECONNREFUSED') {
          refusedWhileAlive = server.child.exitCode === null && server.child.signalCode === null;
        }
        return late;
      },
      {
        until: (late) => late === 'ECONNREFUSED',
        message: 'a new connection refused',
        timeoutMs: 10_000,
      },
    );
    const [code, killedBy] = await exited;
    const exitMs = Date.now() - signalAt;
    stop = true;
    await Promise.all(lanes);
    const uploaded = await Promise.all(uploads);

    // the process's own log says which requests it received before the signal
    const lines = server.log
      .join('')
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as LogLine);
    const closingAt = lines.findIndex((l) => l.msg === 'closing');
    expect(lines[closingAt]?.signal).toBe('SIGTERM');
    const received = new Map<string, number>();
    const completed = new Map<string, { at: number; status: number | undefined }>();
    lines.forEach((l, at) => {
      if (!l.reqId) return;
      if (l.msg === 'incoming request') received.set(l.reqId, at);
      if (l.msg === 'request completed') completed.set(l.reqId, { at, status: l.res?.statusCode });
    });

    const before = outcomes.filter((o) => (received.get(o.id) ?? Infinity) < closingAt);
    const after = outcomes.filter((o) => (received.get(o.id) ?? -1) > closingAt);
    const never = outcomes.filter((o) => !received.has(o.id));
    const inFlight = before.filter((o) => completed.get(o.id)!.at > closingAt);
    const summary = {
      requests: outcomes.length,
      receivedBefore: before.length,
      inFlightAtSignal: inFlight.length,
      receivedAfter: after.length + (received.has('probe-after-signal') ? 1 : 0),
      neverReceived: never.length,
      errors: [...new Set(never.map((o) => o.error))],
      exitCode: code,
      exitMs,
    };
    console.info(`[orders shutdown] ${JSON.stringify(summary)}`);

    // every request received before the signal ended with its normal answer
    for (const o of before) {
      expect(o.status, `${o.id}: ${o.text.slice(0, 200)}`).toBe(200);
      expect(completed.get(o.id)?.status).toBe(200);
      expect(JSON.parse(o.text)).toMatchObject({ code: 200 });
    }
    // under load: the slow uploads and others were running when the signal came
    expect(inFlight.length).toBeGreaterThanOrEqual(UPLOADS);
    for (const { outcome, keys } of uploaded) {
      expect(outcome.status, outcome.text).toBe(200);
      const [stored] = await cluster.query<{ n: number }>(
        'select count(*)::int as n from licence_keys where key = any($1)',
        [keys],
      );
      expect(stored?.n, 'keys of an upload accepted before the signal').toBe(keys.length);
    }
    // what arrived afterwards, on a connection already open, got the 503 envelope
    for (const o of after) {
      expect(o.status, o.id).toBe(503);
      expect(JSON.parse(o.text)).toEqual(UNAVAILABLE);
    }
    // the rest never reached the server: a closed connection or the closed listener
    for (const o of never) {
      expect(o.status, o.id).toBeNull();
      expect(['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(o.error);
    }
    for (const late of lateTries)
      expect(['ECONNREFUSED', 'ECONNRESET', 'answered 503']).toContain(late);
    expect(lateTries.at(-1)).toBe('ECONNREFUSED');
    expect(refusedWhileAlive, 'the listener closed before the process exited').toBe(true);
    // the half-sent request: when the server had read its first bytes, the rest is answered
    // with the 503 envelope and the connection closed; when a busy machine had not read them
    // yet, the connection was idle and is closed unanswered. Never anything else.
    const probed = await probeAnswer;
    const probeReceivedAt = received.get('probe-after-signal');
    if (probeReceivedAt === undefined) {
      expect(probed, 'an idle connection closed unanswered').toBe('');
    } else {
      expect(probeReceivedAt).toBeGreaterThan(closingAt);
      expect(probed).toMatch(/^HTTP\/1\.1 503 /);
      expect(probed.toLowerCase()).toContain('connection: close');
      expect(JSON.parse(probed.slice(probed.indexOf('\r\n\r\n') + 4))).toEqual(UNAVAILABLE);
    }

    // nothing half-done: one order per 200 checkout, none without its answer
    const placed = outcomes.filter((o) => o.kind === 'checkout' && o.status === 200);
    const placedIds = placed.map((o) => (JSON.parse(o.text) as { data: { id: number } }).data.id);
    const orders = await cluster.query<{ id: number }>(
      'select id from orders where buyer_id = any($1) order by id',
      [buyers.map((b) => b.id)],
    );
    expect(orders.map((o) => o.id)).toEqual([...placedIds].sort((a, b) => a - b));

    expect({ code, killedBy }).toEqual({ code: 0, killedBy: null });
    expect(exitMs).toBeLessThan(10_000);
  }, 90_000);
});
