/**
 * Real server processes (src/server.ts, bundled like `npm run build`) on one scratch database of the real
 * PostgreSQL server, for the suites that need several processes, SIGKILL or SIGTERM: what
 * `app.inject` cannot show (row locks across processes, the job queue, the listener closing).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { createTokenService } from '../src/lib/tokens';
import { seedDemoData } from '../src/seed/seed';
import { waitFor } from './wait-for';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const JWT_SECRET = 'processes-secret-that-is-long-enough-for-hs256-0123456789';

/**
 * The server bundled once per suite, the way `npm run build` does: a process then starts in
 * about a second instead of the many seconds tsx takes to compile every file under load.
 * It lands under node_modules/.cache so its npm imports resolve from the repository root.
 */
const bundleServer = async (tag: string) => {
  const outfile = path.join(
    repoRoot,
    'node_modules/.cache/esd-server-test',
    `${tag}-${randomBytes(4).toString('hex')}.mjs`,
  );
  await build({
    entryPoints: [path.join(repoRoot, 'apps/server/src/server.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@esd/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return outfile;
};

/**
 * The line `src/server.ts` prints once it listens. Each process binds port 0 and the suite
 * reads the port from this line: a port chosen here and bound later by the child could be
 * taken in between by any outgoing connection on the machine (it lies in the ephemeral range).
 */
const LISTENING_LINE = /ESD portal is running at http:\/\/localhost:(\d+)/;

/** Runs `fn` over `items`, at most `limit` at a time; answers in the items' order. */
export const mapLimit = async <T, R>(
  items: T[],
  limit: number,
  fn: (item: T, i: number) => Promise<R>,
) => {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  });
  await Promise.all(lanes);
  return results;
};

export type Server = {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  log: string[];
};

/** An answer of the API over HTTP: the status and the parsed envelope (raw text otherwise). */
export type Answer<D = Record<string, unknown>> = {
  status: number;
  text: string;
  body: { code: number; message: string; data: D } | null;
};

/**
 * A scratch database on the real PostgreSQL (migrated and seeded once), a pool to read it,
 * and a way to start server processes on it. `close` kills what is left and drops it all.
 */
export const createProcessCluster = async (
  realUrl: string,
  options: { tag: string; env?: Record<string, string> },
) => {
  const children = new Set<ChildProcess>();
  const killAll = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
  process.once('exit', killAll);

  const bundling = bundleServer(options.tag);
  const dataDir = mkdtempSync(path.join(tmpdir(), `esd-${options.tag}-`));
  const dbName = `esd_test_${options.tag}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: realUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(realUrl);
  url.pathname = `/${dbName}`;
  const dbUrl = url.toString();

  // migrated and seeded once here, the way harness.ts does, so the processes start on a ready database
  const database = await openDatabase({ kind: 'postgres', url: dbUrl, max: 2 });
  await runMigrations(database);
  await seedDemoData(database.db);
  await database.close();
  const pool = new pg.Pool({ connectionString: dbUrl, max: 4 });
  // the scratch database is dropped with (force) at the end: a closing idle client may see it
  pool.on('error', () => {});

  const query = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await pool.query(text, values)).rows as T[];

  const tokens = createTokenService({ secret: JWT_SECRET, ttlSeconds: 3600, clock: systemClock });
  /** a token of a new sign-in of the user, as POST /api/auth/login would give */
  const tokenFor = async (userId: number) => {
    const [signIn] = await query<{ id: string; until: number }>(
      `insert into auth_sessions (user_id, provider, expires_at) values ($1, 'password', now() + interval '12 hours')
       returning id, extract(epoch from expires_at)::float8 as until`,
      [userId],
    );
    const claims = { userId, sessionVersion: 1, provider: 'password' as const };
    return (await tokens.sign({ ...claims, sessionId: signIn!.id, notAfter: signIn!.until })).token;
  };
  const [country] = await query<{ id: number }>(`select id from countries where code = 'AZ'`);
  const [category] = await query<{ id: number }>('select id from categories order by id limit 1');
  const [gd] = await query<{ id: number }>(`select id from users where email = 'gd@example.com'`);
  const countryId = country!.id;
  const categoryId = category!.id;
  const adminToken = await tokenFor(gd!.id);

  const serverFile = await bundling;
  const serverEnv: Record<string, string> = {
    MIGRATIONS_DIR: path.join(repoRoot, 'apps/server/drizzle'),
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    JWT_SECRET,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    JOB_POLL_SECONDS: '0.5',
    // the suites wait for every delivery job of their orders: a short backstop delay keeps
    // rounds short and still lets backstop jobs race the deliveries they back up
    JOB_BACKSTOP_SECONDS: '0.5',
    SEED_DEMO: 'false',
    // the suites act as the global admin with a token of their own (no sign-in, no factor), as
    // the in-process harness does; the second factor has its own suite (mfa.routes.test.ts)
    MFA_REQUIRED_ROLES: 'none',
    ANONYMOUS_RATE_LIMIT_PER_MINUTE: '100000',
    CBAR_RATES_URL: 'off',
    RATE_DUE_AT: 'off',
    ...options.env,
  };

  /** Spawns a process on a port of its own choosing; answers when it prints that port. */
  const spawnServer = async (name: string, env: Record<string, string>): Promise<Server> => {
    const child = spawn(process.execPath, [serverFile], {
      cwd: repoRoot,
      env: { ...process.env, ...serverEnv, ...env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.add(child);
    const log: string[] = [];
    const keep = (chunk: Buffer) => {
      log.push(chunk.toString());
      if (log.length > 50_000) log.shift();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    let head = '';
    const port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} printed no port within 120 s:\n${log.join('')}`)),
        120_000,
      );
      const settle = () => {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        child.off('exit', onExit);
      };
      const onData = (chunk: Buffer) => {
        head += chunk.toString();
        const match = LISTENING_LINE.exec(head);
        if (!match) return;
        settle();
        resolve(Number(match[1]));
      };
      const onExit = (code: number | null, signal: string | null) => {
        settle();
        reject(
          new Error(`${name} exited with ${code ?? signal} before listening:\n${log.join('')}`),
        );
      };
      child.stdout?.on('data', onData);
      child.once('exit', onExit);
    });
    return { name, port, url: `http://127.0.0.1:${port}`, child, log };
  };

  const waitReady = (server: Server) =>
    waitFor(
      async () => {
        if (server.child.exitCode !== null) {
          throw new Error(
            `${server.name} exited with ${server.child.exitCode}:\n${server.log.join('')}`,
          );
        }
        try {
          return (await fetch(`${server.url}/api/health`)).ok;
        } catch {
          return false;
        }
      },
      { message: `${server.name} answering /api/health`, timeoutMs: 60_000, intervalMs: 200 },
    );

  /** A server process on a fresh port, once it answers /api/health. */
  const startServer = async (name: string, env: Record<string, string> = {}) => {
    const server = await spawnServer(name, env);
    await waitReady(server);
    return server;
  };

  /** Starts `count` processes at the same instant and waits until each answers. */
  const startServers = (count: number, env: Record<string, string> = {}) =>
    Promise.all(
      Array.from({ length: count }, (_, i) =>
        startServer(`process ${String.fromCharCode(65 + i)}`, env),
      ),
    );

  const call = async <D = Record<string, unknown>>(
    server: Server,
    method: 'GET' | 'POST',
    url: string,
    token: string,
    body?: object,
    headers: Record<string, string> = {},
  ): Promise<Answer<D>> => {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    let parsed: Answer<D>['body'] = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = null;
    }
    return { status: response.status, text, body: parsed };
  };

  /** A key-stock product straight in the table: 100.00 dealer price, 120.00 unit price. */
  const createProduct = async (sku: string) => {
    const [row] = await query<{ id: number }>(
      `insert into products (sku, title_en, title_ru, title_az, category_id, provider_id, dealer_price, unit_price)
       values ($1::text, $1::text, $1::text, $1::text, $2, 1, '100.00', '120.00') returning id`,
      [sku, categoryId],
    );
    return row!.id;
  };

  /** Imports keys through POST /api/keys/import/:productId as the global admin. */
  const importKeys = async (server: Server, productId: number, keys: string[]) => {
    const form = new FormData();
    form.append('file', new Blob([`${keys.join('\n')}\n`], { type: 'text/csv' }), 'keys.csv');
    const response = await fetch(`${server.url}/api/keys/import/${productId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      body: form,
    });
    return { status: response.status, text: await response.text() };
  };

  const close = async () => {
    killAll();
    await Promise.all(
      [...children].map((child) =>
        child.exitCode === null && child.signalCode === null
          ? once(child, 'exit')
          : Promise.resolve(),
      ),
    );
    process.removeListener('exit', killAll);
    await pool.end();
    const dropper = new pg.Client({ connectionString: realUrl });
    await dropper.connect();
    await dropper.query(`drop database if exists ${dbName} with (force)`);
    await dropper.end();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(serverFile, { force: true });
  };

  return {
    dbUrl,
    pool,
    query,
    tokenFor,
    adminToken,
    countryId,
    categoryId,
    startServer,
    startServers,
    call,
    createProduct,
    importKeys,
    close,
  };
};

export type ProcessCluster = Awaited<ReturnType<typeof createProcessCluster>>;
