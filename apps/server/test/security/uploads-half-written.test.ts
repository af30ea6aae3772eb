/**
 * Issue 17, invariant 7, "nothing half-written": a create or update that brings a file (news,
 * event and prize pictures sent with their record, the picture routes of news, events, prizes
 * and products, library documents) stores the row and its file, or neither:
 * - a refused file (too large, bytes that are not what they claim) leaves no row and no file;
 * - a database failure after the file was accepted leaves no file, and a replaced picture
 *   stays in place with its row;
 * - a retry after a refusal creates exactly one record.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestContext, dbKinds, type TestContext } from '../harness';
import { tinyPdf } from '../library-files';

const rowsOf = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000dIHDR', 'latin1'),
  randomBytes(64),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF', 'latin1'),
  Buffer.from([0x40, 0, 0, 0]),
  Buffer.from('WEBPVP8 ', 'latin1'),
  randomBytes(64),
]);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');
const TOO_LARGE = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024, 0x41)]);

type Upload = { name: string; type: string; bytes: Buffer };
const png: Upload = { name: 'picture.png', type: 'image/png', bytes: PNG };
const webp: Upload = { name: 'picture.webp', type: 'image/webp', bytes: WEBP };
const refusedFiles: [string, Upload][] = [
  ['too large', { ...png, bytes: TOO_LARGE }],
  ['HTML declared as a PNG', { ...png, bytes: HTML }],
  ['a PNG declared as a JPEG', { ...png, type: 'image/jpeg' }],
];

const multipart = (fields: Record<string, string>, file?: Upload) => {
  const boundary = `----esd-${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
};

/** Every file under `root`, relative. */
const tree = (root: string): string[] => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (statSync(full).isFile()) files.push(path.relative(root, full));
    }
  };
  walk(root);
  return files.sort();
};

const texts = (en: string) => ({ en, ru: en, az: en });
const hour = 3_600_000;
/** Rows whose English title carries this are refused by a check constraint the suite adds. */
const REFUSED_BY_DB = 'refused by the database';

describe.each(dbKinds)('[uploads] nothing half-written on %s', (kind) => {
  let ctx: TestContext;
  let gdToken: string;
  let productId: number;
  let eventId: number;

  const bodies = {
    news: (title: string) => ({
      title: texts(title),
      body: texts('Body.'),
      status: 'published',
      publish_at: new Date(Date.now() - 60_000).toISOString(),
    }),
    events: (title: string, product = productId) => ({
      title: texts(title),
      description: texts('Description.'),
      starts_at: new Date(Date.now() - hour).toISOString(),
      ends_at: new Date(Date.now() + 24 * hour).toISOString(),
      products: [{ product_id: product, points: 5 }],
    }),
    prizes: (title: string, event = eventId) => ({
      event_id: event,
      title: texts(title),
      description: texts('Description.'),
      points_needed: 10,
      rank: null,
      stock: 1,
    }),
  };
  type Resource = keyof typeof bodies;
  const resources = Object.keys(bodies) as Resource[];

  const send = (options: {
    method: 'POST' | 'PUT';
    url: string;
    fields: Record<string, string>;
    file?: Upload;
  }) => {
    const form = multipart(options.fields, options.file);
    return ctx.app.inject({
      method: options.method,
      url: options.url,
      headers: { ...bearer(gdToken), ...form.headers },
      payload: form.payload,
    });
  };
  const sendRecord = (resource: Resource, body: object, file?: Upload, id?: number) =>
    send({
      method: id ? 'PUT' : 'POST',
      url: `/api/settings/${resource}${id ? `/${id}` : ''}`,
      fields: { data: JSON.stringify(body) },
      file,
    });
  const sendPicture = (resource: Resource | 'products', id: number, file: Upload) =>
    send({ method: 'POST', url: `/api/settings/${resource}/${id}/image`, fields: {}, file });

  const query = async (text: string) => rowsOf(await ctx.db.execute(sql.raw(text)));
  const countTitled = async (table: string, column: string, title: string) =>
    Number((await query(`select count(*) as n from ${table} where ${column} = '${title}'`))[0]!.n);
  const imageOf = async (table: string, id: number) =>
    (await query(`select image_path from ${table} where id = ${id}`))[0]!.image_path as
      | string
      | null;
  const files = () => tree(ctx.config.dataDir);

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    gdToken = await ctx.login('gd@example.com');
    productId = Number((await query('select min(id) as id from products'))[0]!.id);
    eventId = Number((await query('select min(id) as id from events'))[0]!.id);
    // a database failure after the file was accepted, on demand
    for (const [table, column] of [
      ['news', 'title_en'],
      ['events', 'title_en'],
      ['prizes', 'title_en'],
      ['library_documents', 'title'],
    ]) {
      await ctx.db.execute(
        sql.raw(
          `alter table ${table} add constraint ${table}_half_written_probe check (${column} <> '${REFUSED_BY_DB}') not valid`,
        ),
      );
    }
    // and for the picture routes, which write only the image's name: WebP is refused
    for (const table of ['news', 'events', 'prizes', 'products']) {
      await ctx.db.execute(
        sql.raw(
          `alter table ${table} add constraint ${table}_webp_probe check (image_path not like '%.webp') not valid`,
        ),
      );
    }
  }, 60_000);
  afterAll(() => ctx?.close());

  it('nothing half-written: a refused picture sent with a new record leaves no row and no file', async () => {
    for (const resource of resources) {
      for (const [what, file] of refusedFiles) {
        const title = `Refused ${resource} ${what}`;
        const before = files();
        const answer = await sendRecord(resource, bodies[resource](title), file);
        expect([413, 415], `${resource} ${what}: ${answer.body.slice(0, 200)}`).toContain(
          answer.statusCode,
        );
        expect(answer.json().data.error, `${resource} ${what}`).toBe('INVALID_FILE');
        expect(await countTitled(resource, 'title_en', title), `${resource} ${what}`).toBe(0);
        expect(files(), `${resource} ${what}: no file`).toEqual(before);
      }
    }
  }, 120_000);

  it('nothing half-written: a retry after a refused picture creates exactly one record, with its picture', async () => {
    for (const resource of resources) {
      const title = `Retried ${resource}`;
      const refused = await sendRecord(resource, bodies[resource](title), {
        ...png,
        bytes: HTML,
      });
      expect(refused.statusCode, refused.body).toBe(415);
      const before = files();
      const answer = await sendRecord(resource, bodies[resource](title), png);
      expect(answer.statusCode, `${resource}: ${answer.body.slice(0, 300)}`).toBe(200);
      const saved = answer.json().data as { id: number; image_url: string | null };
      expect(await countTitled(resource, 'title_en', title), resource).toBe(1);
      const stored = await imageOf(resource, saved.id);
      expect(saved.image_url, resource).toBe(`/api/files/${resource}/${stored}`);
      expect(files(), resource).toEqual([...before, `${resource}/${stored}`].sort());
      const served = await ctx.app.inject({ method: 'GET', url: saved.image_url! });
      expect(served.statusCode, resource).toBe(200);
    }
  }, 120_000);

  it('nothing half-written: a record without a picture is still created from JSON or a form alone', async () => {
    for (const resource of resources) {
      const title = `Plain ${resource}`;
      const form = await sendRecord(resource, bodies[resource](`${title} form`));
      expect(form.statusCode, form.body.slice(0, 300)).toBe(200);
      const json = await ctx.app.inject({
        method: 'POST',
        url: `/api/settings/${resource}`,
        headers: bearer(gdToken),
        payload: bodies[resource](`${title} json`),
      });
      expect(json.statusCode, json.body.slice(0, 300)).toBe(200);
      expect(json.json().data.image_url).toBeNull();
    }
  }, 60_000);

  it('nothing half-written: a database failure after the picture was accepted leaves no row and no file', async () => {
    // a forced check violation for each; an unknown product or event (a foreign key) too
    const failures: [Resource, string, object][] = [
      ...resources.map(
        (resource) =>
          [resource, 'check', bodies[resource](REFUSED_BY_DB)] as [Resource, string, object],
      ),
      ['events', 'unknown product', bodies.events('Event of an unknown product', 999_999)],
      ['prizes', 'unknown event', bodies.prizes('Prize of an unknown event', 999_999)],
    ];
    for (const [resource, what, body] of failures) {
      const before = files();
      const answer = await sendRecord(resource, body, png);
      expect(answer.statusCode, `${resource} ${what}: ${answer.body.slice(0, 200)}`).not.toBe(200);
      const title = (body as { title: { en: string } }).title.en;
      expect(await countTitled(resource, 'title_en', title), `${resource} ${what}`).toBe(0);
      expect(files(), `${resource} ${what}: no file`).toEqual(before);
    }
  }, 120_000);

  it('nothing half-written: a failed update keeps the old picture and its row, a saved one removes it after', async () => {
    for (const resource of resources) {
      const created = await sendRecord(resource, bodies[resource](`Replaced ${resource}`), png);
      expect(created.statusCode, created.body.slice(0, 300)).toBe(200);
      const id = (created.json().data as { id: number }).id;
      const old = await imageOf(resource, id);
      const oldFile = path.join(ctx.config.dataDir, resource, old!);

      const before = files();
      const failed = await sendRecord(resource, bodies[resource](REFUSED_BY_DB), png, id);
      expect(failed.statusCode, `${resource}: ${failed.body.slice(0, 200)}`).toBe(500);
      expect(await imageOf(resource, id), resource).toBe(old);
      expect(files(), `${resource}: no new file, the old one kept`).toEqual(before);

      const saved = await sendRecord(resource, bodies[resource](`Replaced ${resource} 2`), png, id);
      expect(saved.statusCode, saved.body.slice(0, 300)).toBe(200);
      const current = await imageOf(resource, id);
      expect(current).not.toBe(old);
      expect(existsSync(oldFile), `${resource}: the replaced picture is removed`).toBe(false);
      expect(existsSync(path.join(ctx.config.dataDir, resource, current!))).toBe(true);
    }
  }, 120_000);

  it('nothing half-written: the picture routes leave no file when the database refuses the row', async () => {
    const ids = {
      news: Number((await query('select min(id) as id from news'))[0]!.id),
      events: eventId,
      prizes: Number((await query('select min(id) as id from prizes'))[0]!.id),
      products: productId,
    };
    for (const [resource, id] of Object.entries(ids) as [Resource | 'products', number][]) {
      const old = await imageOf(resource, id);
      const before = files();
      const answer = await sendPicture(resource, id, webp);
      expect(answer.statusCode, `${resource}: ${answer.body.slice(0, 200)}`).toBe(500);
      expect(await imageOf(resource, id), resource).toBe(old);
      expect(files(), `${resource}: no file`).toEqual(before);
      const refused = await sendPicture(resource, id, { ...png, bytes: HTML });
      expect(refused.statusCode, resource).toBe(415);
      expect(files(), `${resource}: no file`).toEqual(before);
    }
  }, 60_000);

  it('nothing half-written: a library document the database refuses leaves no file, new or replaced', async () => {
    const meta = { description: '', category: 'other', lang: 'en' };
    const pdf: Upload = { name: 'document.pdf', type: 'application/pdf', bytes: tinyPdf() };
    const before = files();
    const refused = await send({
      method: 'POST',
      url: '/api/settings/library',
      fields: { ...meta, title: REFUSED_BY_DB },
      file: pdf,
    });
    expect(refused.statusCode, refused.body.slice(0, 200)).toBe(500);
    expect(await countTitled('library_documents', 'title', REFUSED_BY_DB)).toBe(0);
    expect(files(), 'no file').toEqual(before);

    const created = await send({
      method: 'POST',
      url: '/api/settings/library',
      fields: { ...meta, title: 'Kept document' },
      file: pdf,
    });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(200);
    const id = (created.json().data as { id: number }).id;
    const kept = files();
    const replaced = await send({
      method: 'PUT',
      url: `/api/settings/library/${id}`,
      fields: { ...meta, title: REFUSED_BY_DB },
      file: pdf,
    });
    expect(replaced.statusCode, replaced.body.slice(0, 200)).toBe(500);
    expect(files(), 'the old file kept, no new one').toEqual(kept);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/library/${id}/download`,
      headers: bearer(gdToken),
    });
    expect(download.statusCode).toBe(200);
  }, 60_000);
});
