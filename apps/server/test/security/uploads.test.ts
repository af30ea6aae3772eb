/**
 * Issue 8 proof, uploads: every route that takes a file (pictures of the profile, products,
 * news, events and prizes; library documents, new and replaced; key files; the rates XML)
 * - refuses a file over its limit with the INVALID_FILE envelope and writes nothing: no
 *   changed row, no file under DATA_DIR;
 * - refuses bytes that are not what the name or declared type says (HTML declared as a PNG,
 *   an SVG with a script, a PNG named .pdf, a PNG named .csv or .xml);
 * - whatever the client names the file (../../etc/passwd, ..\..\x, an absolute path, a NUL,
 *   300 characters), stores it only as a random name inside its upload folder, and the library
 *   download's Content-Disposition holds no path and is quoted and encoded.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LIBRARY_MAX_BYTES } from '@esd/shared/content/library.schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../harness';
import { tinyPdf } from '../library-files';

const MB = 1024 * 1024;
/** Rows of an `execute` answer (PGlite and node-postgres both answer `{ rows }`). */
const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR', 'latin1'),
  randomBytes(64),
]);
const HTML = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
);
const CBAR_XML = readFileSync(path.join(import.meta.dirname, '../fixtures/cbar-21.11.2026.xml'));

/** Names a client may send instead of a file name. */
const HOSTILE_NAMES = [
  '../../etc/passwd',
  '..\\..\\x',
  '/etc/cron.d/evil',
  'C:\\Windows\\evil',
  'a\u0000b',
  `${'a'.repeat(300)}`,
  '..',
  '',
];

type Upload = { name: string; type: string; bytes: Buffer };

const multipart = (file: Upload, fields: Record<string, string> = {}) => {
  const boundary = `----esd-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Every file under `root`, relative, with its size. */
const tree = (root: string): Map<string, number> => {
  const files = new Map<string, number>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(root, full), statSync(full).size);
    }
  };
  walk(root);
  return files;
};

const libraryMeta = { title: 'Upload test', description: '', category: 'other', lang: 'en' };

describe.each(dbKinds)('[security][uploads] every upload route on %s', (kind) => {
  let ctx: TestContext;
  let gdToken: string;
  let userToken: string;
  const ids: Record<string, number> = {};

  /** Each upload route: where it stores, its limit, a valid file, and what it must refuse. */
  const routes = () => {
    const image = (url: string, folder: string, token = gdToken) => ({
      url,
      token,
      folder,
      tables: ['products', 'news', 'events', 'prizes', 'audit_log'],
      limit: 2 * MB,
      valid: { name: 'picture.png', type: 'image/png', bytes: PNG },
      ext: 'png',
      forged: [
        { name: 'picture.png', type: 'image/png', bytes: HTML },
        { name: 'picture.svg', type: 'image/svg+xml', bytes: SVG },
        { name: 'picture.png', type: 'image/png', bytes: SVG },
        { name: 'picture.jpg', type: 'image/jpeg', bytes: PNG },
      ],
    });
    return [
      image('/api/profile/photo', 'avatars', userToken),
      image(`/api/settings/products/${ids.product}/image`, 'products'),
      image(`/api/settings/news/${ids.news}/image`, 'news'),
      image(`/api/settings/events/${ids.event}/image`, 'events'),
      image(`/api/settings/prizes/${ids.prize}/image`, 'prizes'),
      ...(['POST', 'PUT'] as const).map((method) => ({
        url: method === 'POST' ? '/api/settings/library' : `/api/settings/library/${ids.library}`,
        method,
        token: gdToken,
        folder: 'library',
        tables: ['library_documents', 'audit_log'],
        fields: libraryMeta,
        limit: LIBRARY_MAX_BYTES,
        valid: { name: 'document.pdf', type: 'application/pdf', bytes: tinyPdf() },
        ext: 'pdf',
        forged: [
          { name: 'document.pdf', type: 'application/pdf', bytes: PNG },
          { name: 'document.pdf', type: 'application/pdf', bytes: HTML },
          { name: 'sheet.xlsx', type: 'application/pdf', bytes: tinyPdf() },
          {
            name: 'run.exe',
            type: 'application/pdf',
            bytes: Buffer.from('MZ\x90\0\x03', 'latin1'),
          },
        ],
      })),
      {
        url: `/api/keys/import/${ids.product}`,
        token: gdToken,
        folder: undefined,
        tables: ['licence_keys', 'audit_log'],
        limit: 10 * MB,
        valid: { name: 'keys.csv', type: 'text/csv', bytes: Buffer.from('UPLOAD-KEY-1\n') },
        ext: undefined,
        forged: [
          { name: 'keys.csv', type: 'text/csv', bytes: PNG },
          { name: 'keys.xlsx', type: 'application/vnd.ms-excel', bytes: HTML },
          { name: 'keys.html', type: 'text/csv', bytes: Buffer.from('KEY-1\n') },
        ],
      },
      {
        url: '/api/settings/exchange-rates/import',
        token: gdToken,
        folder: undefined,
        tables: ['exchange_rates', 'audit_log'],
        limit: 512 * 1024,
        valid: { name: 'rates.xml', type: 'text/xml', bytes: CBAR_XML },
        ext: undefined,
        forged: [
          { name: 'rates.xml', type: 'text/xml', bytes: PNG },
          { name: 'rates.xml', type: 'text/xml', bytes: HTML },
        ],
      },
      {
        url: '/api/settings/exchange-rates/import/preview',
        token: gdToken,
        folder: undefined,
        tables: ['exchange_rates', 'audit_log'],
        limit: 512 * 1024,
        valid: { name: 'rates.xml', type: 'text/xml', bytes: CBAR_XML },
        ext: undefined,
        forged: [
          { name: 'rates.xml', type: 'text/xml', bytes: PNG },
          { name: 'rates.xml', type: 'text/xml', bytes: HTML },
        ],
      },
    ];
  };
  type Route = ReturnType<typeof routes>[number];

  const send = (route: Route, file: Upload) => {
    const body = multipart(file, 'fields' in route ? route.fields : {});
    return ctx.app.inject({
      method: 'method' in route ? route.method : 'POST',
      url: route.url,
      headers: { ...bearer(route.token), ...body.headers },
      payload: body.payload,
    });
  };

  /** A hash of each table's rows: equal before and after means nothing was written. */
  const tableHashes = async (tables: string[]) => {
    const hashes: Record<string, string> = {};
    for (const table of tables) {
      const result = await ctx.db.execute(
        sql.raw(
          `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from ${table} t`,
        ),
      );
      hashes[table] = String((rowsOf(result)[0] as { h: string }).h);
    }
    return hashes;
  };
  const avatarOfUser = async () => {
    const result = await ctx.db.execute(
      sql`select photo_path from users where email = 'user@example.com'`,
    );
    return (rowsOf(result)[0] as { photo_path: string | null }).photo_path;
  };
  const snapshot = async (route: Route) => ({
    files: tree(ctx.config.dataDir),
    rows: await tableHashes(route.tables),
    avatar: await avatarOfUser(),
  });

  const expectRefused = async (route: Route, file: Upload, what: string) => {
    const before = await snapshot(route);
    const answer = await send(route, file);
    expect([413, 415], `${route.url} ${what}: ${answer.body.slice(0, 200)}`).toContain(
      answer.statusCode,
    );
    expect(answer.json(), `${route.url} ${what}`).toMatchObject({
      code: answer.statusCode,
      data: { error: 'INVALID_FILE' },
    });
    expect(await snapshot(route), `${route.url} ${what}: nothing written`).toEqual(before);
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    gdToken = await ctx.login('gd@example.com');
    userToken = await ctx.login('user@example.com');
    for (const [key, table] of [
      ['product', 'products'],
      ['news', 'news'],
      ['event', 'events'],
      ['prize', 'prizes'],
      ['library', 'library_documents'],
    ] as const) {
      const result = await ctx.db.execute(sql.raw(`select min(id) as id from ${table}`));
      ids[key] = Number((rowsOf(result)[0] as { id: number }).id);
      expect(ids[key], `a seeded row of ${table}`).toBeGreaterThan(0);
    }
  }, 60_000);
  afterAll(() => ctx?.close());

  it('accepts each route’s valid file (the refusals below are not the only answer)', async () => {
    for (const route of routes()) {
      const answer = await send(route, route.valid);
      expect(answer.statusCode, `${route.url}: ${answer.body.slice(0, 300)}`).toBe(200);
    }
  }, 60_000);

  it('refuses a file over each route’s limit and writes nothing', async () => {
    for (const route of routes()) {
      const big = Buffer.alloc(route.limit + 1, 0x41);
      route.valid.bytes.copy(big);
      await expectRefused(route, { ...route.valid, bytes: big }, 'one byte over the limit');
    }
  }, 120_000);

  it('refuses bytes that are not what the name or declared type says, and writes nothing', async () => {
    for (const route of routes()) {
      for (const file of route.forged) {
        await expectRefused(route, file, `${file.name} (${file.type}) holding other bytes`);
      }
    }
  }, 60_000);

  it('stores a file under any client name only as a random name in its upload folder', async () => {
    for (const route of routes()) {
      for (const hostile of HOSTILE_NAMES) {
        const name = route.ext ? `${hostile}.${route.ext}` : hostile;
        // where a server that joined the client's name to a folder would have written
        const escapes = [
          path.resolve(ctx.config.dataDir, route.folder ?? '.', name),
          path.resolve(ctx.config.dataDir, name),
          path.resolve(name),
        ].filter((target) => !existsSync(target));
        const before = tree(ctx.config.dataDir);
        const answer = await send(route, { ...route.valid, name });
        const what = `${route.url} ${JSON.stringify(name)}`;
        expect(answer.statusCode, `${what}: ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        const added = [...tree(ctx.config.dataDir).keys()].filter((file) => !before.has(file));
        for (const file of added) {
          expect(route.folder, `${what} stored ${file}`).toBeDefined();
          expect(file, what).toMatch(new RegExp(`^${route.folder}/[a-f0-9]{32}\\.${route.ext}$`));
        }
        if (answer.statusCode === 200 && route.folder) expect(added, what).toHaveLength(1);
        for (const target of escapes) expect(existsSync(target), `${what}: ${target}`).toBe(false);
      }
    }
  }, 120_000);

  it('downloads a library document under its plain name, quoted and encoded, without a path', async () => {
    const libraryPost = routes().find((route) => route.url === '/api/settings/library')!;
    let downloaded = 0;
    for (const hostile of HOSTILE_NAMES) {
      const name = `${hostile}\u0259;x.pdf`;
      const upload = await send(libraryPost, {
        name,
        type: 'application/pdf',
        bytes: tinyPdf(),
      });
      if (upload.statusCode !== 200) {
        expect(upload.statusCode, `${JSON.stringify(name)}: ${upload.body}`).toBeLessThan(500);
        continue;
      }
      const doc = upload.json().data as { id: number; file_name: string };
      expect(doc.file_name, JSON.stringify(name)).not.toMatch(/[/\\\0]|^\.\.?$/);
      const download = await ctx.app.inject({
        method: 'GET',
        url: `/api/library/${doc.id}/download`,
        headers: bearer(userToken),
      });
      expect(download.statusCode).toBe(200);
      const disposition = String(download.headers['content-disposition']);
      expect(disposition, JSON.stringify(name)).toMatch(
        /^attachment; filename="[\x20-\x21\x23-\x5b\x5d-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%._~!$&+^`|#-]*$/,
      );
      const fallback = /filename="([^"]*)"/.exec(disposition)![1]!;
      const exact = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(disposition)![1]!);
      for (const shown of [fallback, exact]) {
        expect(shown, JSON.stringify(name)).not.toMatch(/[/\\\0\r\n]/);
        expect(shown).not.toMatch(/^\.\.?$/);
      }
      expect(exact).toBe(doc.file_name);
      downloaded++;
    }
    expect(downloaded, 'hostile names stored and downloaded').toBeGreaterThanOrEqual(6);
  }, 60_000);
});
