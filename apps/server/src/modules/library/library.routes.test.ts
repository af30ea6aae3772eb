import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { LIBRARY_MAX_BYTES } from '@esd/shared/content/library.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { tinyPdf } from '../../../test/library-files';

type Fields = Record<string, string>;

const form = (fields: Fields, file?: { bytes: Buffer; name: string; type: string }) => {
  const boundary = '----esdlibraryboundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
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

const meta: Fields = {
  title: 'Price list 2026',
  description: 'All products, USD',
  category: 'price_list',
  lang: 'en',
};

describe.each(dbKinds)('[library] documents checked by their bytes on %s', (kind) => {
  let ctx: TestContext;
  let gdToken: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    gdToken = await ctx.login('gd@example.com');
  });
  afterAll(async () => ctx?.close());

  const upload = (body: ReturnType<typeof form>, method: 'POST' | 'PUT' = 'POST', id?: number) =>
    ctx.app.inject({
      method,
      url: id ? `/api/settings/library/${id}` : '/api/settings/library',
      headers: { ...bearer(gdToken), ...body.headers },
      payload: body.payload,
    });
  const libraryDir = () => path.join(ctx.config.dataDir, 'library');
  const storedFiles = () => {
    try {
      return readdirSync(libraryDir());
    } catch {
      return [];
    }
  };

  it('lets only the global admin manage the library, and any signed-in role list it', async () => {
    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const other = await as(ctx, email);
      expect((await other.get('/api/settings/library')).statusCode, email).toBe(403);
      const attempt = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/library',
        headers: { ...bearer(other.token), ...form(meta).headers },
        payload: form(meta, { bytes: tinyPdf(), name: 'a.pdf', type: 'application/pdf' }).payload,
      });
      expect(attempt.statusCode, email).toBe(403);
      expect((await other.get('/api/library')).statusCode, email).toBe(200);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/library' })).statusCode).toBe(401);
  });

  it('stores a PDF under a random name and serves the same bytes only to signed-in users', async () => {
    const bytes = tinyPdf();
    const answer = await upload(
      form(meta, { bytes, name: '../../etc/Прайс 2026.pdf', type: 'application/octet-stream' }),
    );
    expect(answer.statusCode).toBe(200);
    const doc = answer.json().data;
    expect(doc).toMatchObject({
      title: 'Price list 2026',
      category: 'price_list',
      lang: 'en',
      kind: 'pdf',
      mime_type: 'application/pdf',
      size_bytes: bytes.length,
      file_name: 'Прайс 2026.pdf',
    });
    expect(doc.sha256).toMatch(/^[a-f0-9]{64}$/);
    const stored = storedFiles();
    expect(stored.some((name) => /^[a-f0-9]{32}\.pdf$/.test(name))).toBe(true);
    expect(stored.some((name) => name.includes('Прайс') || name.includes('..'))).toBe(false);

    const anonymous = await ctx.app.inject({
      method: 'GET',
      url: `/api/library/${doc.id}/download`,
    });
    expect(anonymous.statusCode).toBe(401);
    const user = await as(ctx, 'user@example.com');
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/library/${doc.id}/download`,
      headers: bearer(user.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="_____ 2026.pdf"; filename*=UTF-8''${encodeURIComponent('Прайс 2026.pdf')}`,
    );
    const listed = (await user.get('/api/library?category=price_list&lang=en&q=price')).json().data;
    expect(listed.items.map((d: { id: number }) => d.id)).toContain(doc.id);
    expect((await user.get('/api/library?lang=az&q=price')).json().data.items).toHaveLength(0);
  });

  it('refuses forged, empty and unknown types by their bytes, whatever name or type they declare', async () => {
    const before = storedFiles().length;
    const forgeries = [
      {
        bytes: Buffer.from('<html><script>alert(1)</script>'),
        name: 'x.pdf',
        type: 'application/pdf',
      },
      {
        bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        name: 'a.PDF',
        type: 'application/pdf',
      },
      {
        bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
        name: 'price.pdf',
        type: 'application/pdf',
      },
      {
        bytes: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]),
        name: 'book.xlsx',
        type: 'application/zip',
      },
      {
        bytes: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
        name: 'a.doc',
        type: 'application/msword',
      },
      { bytes: Buffer.from([0xc3, 0x28, 0x41]), name: 'list.csv', type: 'text/csv' },
      { bytes: Buffer.from('a,b\n1,\u0000'), name: 'list.csv', type: 'text/csv' },
      { bytes: Buffer.alloc(0), name: 'empty.pdf', type: 'application/pdf' },
    ];
    for (const file of forgeries) {
      const answer = await upload(form(meta, file));
      expect(answer.json(), file.name).toMatchObject({
        code: 415,
        data: { error: 'INVALID_FILE' },
      });
      expect(answer.json().message).toMatch(/not accepted/);
    }
    // HTML is valid UTF-8 text: named as text it is kept, but only ever served as inert
    // text/plain, under a name that ends in .txt
    const html = (
      await upload(form(meta, { ...forgeries[0]!, name: 'page.html', type: 'text/html' }))
    ).json().data;
    expect(html).toMatchObject({
      kind: 'txt',
      mime_type: 'text/plain',
      file_name: 'page.html.txt',
    });
    const served = await ctx.app.inject({
      method: 'GET',
      url: `/api/library/${html.id}/download`,
      headers: bearer(gdToken),
    });
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    expect(storedFiles().length).toBe(before + 1);
  });

  it('recognises Office Open XML, legacy Office, images and CSV', async () => {
    const zip = (entry: string) =>
      Buffer.concat([
        Buffer.from([0x50, 0x4b, 0x03, 0x04]),
        Buffer.from(`....[Content_Types].xml....${entry}....`, 'latin1'),
      ]);
    const ole = (stream: string) =>
      Buffer.concat([
        Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
        Buffer.alloc(32),
        Buffer.from(stream, 'utf16le'),
      ]);
    const cases = [
      { bytes: zip('xl/workbook.xml'), kind: 'xlsx' },
      { bytes: zip('word/document.xml'), kind: 'docx' },
      { bytes: zip('ppt/presentation.xml'), kind: 'pptx' },
      { bytes: ole('WordDocument'), kind: 'doc' },
      { bytes: ole('Workbook'), kind: 'xls' },
      { bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]), kind: 'jpg' },
      { bytes: Buffer.from('sku;price\nA-1;10.00\n'), kind: 'csv', name: 'prices.csv' },
    ];
    for (const file of cases) {
      const answer = await upload(
        form(meta, {
          bytes: file.bytes,
          name: file.name ?? 'file.bin',
          type: 'application/octet-stream',
        }),
      );
      expect(answer.json().data?.kind, file.kind).toBe(file.kind);
    }
  });

  it('holds the demo documents, stored like uploads with matching checksums', async () => {
    const user = await as(ctx, 'user@example.com');
    const demo = (await user.get('/api/library?q=guide')).json().data.items;
    expect(demo.length).toBeGreaterThanOrEqual(1);
    for (const doc of demo) {
      const file = await ctx.app.inject({
        method: 'GET',
        url: `/api/library/${doc.id}/download`,
        headers: bearer(user.token),
      });
      expect(file.statusCode).toBe(200);
      expect(createHash('sha256').update(file.rawPayload).digest('hex')).toBe(doc.sha256);
      expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
  });

  it('refuses a file over 20 MB and stores nothing', async () => {
    const before = storedFiles().length;
    const big = Buffer.alloc(LIBRARY_MAX_BYTES + 1, 0x20);
    big.write('%PDF-1.4\n');
    const answer = await upload(
      form(meta, { bytes: big, name: 'big.pdf', type: 'application/pdf' }),
    );
    expect(answer.json()).toMatchObject({ code: 415, data: { error: 'INVALID_FILE' } });
    expect(answer.json().message).toMatch(/20 MB/);
    expect(storedFiles().length).toBe(before);
    // above the app's general 10 MB upload limit, within the library's own 20 MB
    const large = Buffer.alloc(12 * 1024 * 1024, 0x20);
    large.write('%PDF-1.4\n');
    const accepted = await upload(
      form(meta, { bytes: large, name: 'large.pdf', type: 'application/pdf' }),
    );
    expect(accepted.json().data).toMatchObject({ kind: 'pdf', size_bytes: large.length });
  });

  it('validates the fields and requires a file', async () => {
    const noFile = await upload(form(meta));
    expect(noFile.json()).toMatchObject({ code: 415, data: { error: 'INVALID_FILE' } });
    const badCategory = await upload(
      form(
        { ...meta, category: 'secret' },
        { bytes: tinyPdf(), name: 'a.pdf', type: 'application/pdf' },
      ),
    );
    expect(badCategory.json()).toMatchObject({ code: 400, data: { error: 'VALIDATION_FAILED' } });
    const noTitle = await upload(
      form({ ...meta, title: ' ' }, { bytes: tinyPdf(), name: 'a.pdf', type: 'application/pdf' }),
    );
    expect(noTitle.statusCode).toBe(400);
  });

  it('edits metadata, replaces the file and deletes the row and its file', async () => {
    const first = tinyPdf('first');
    const doc = (
      await upload(form(meta, { bytes: first, name: 'a.pdf', type: 'application/pdf' }))
    ).json().data;
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/settings/library/${doc.id}`,
      headers: bearer(gdToken),
      payload: { title: 'Certificate', description: '', category: 'certificate', lang: 'az' },
    });
    expect(edited.json().data).toMatchObject({
      title: 'Certificate',
      category: 'certificate',
      lang: 'az',
      sha256: doc.sha256,
    });

    const filesBefore = storedFiles();
    const csv = Buffer.from('a;b\n1;2\n');
    const replaced = await upload(
      form({ ...meta, title: 'Prices' }, { bytes: csv, name: 'prices.csv', type: 'text/csv' }),
      'PUT',
      doc.id,
    );
    expect(replaced.json().data).toMatchObject({
      title: 'Prices',
      kind: 'csv',
      size_bytes: csv.length,
      file_name: 'prices.csv',
    });
    expect(storedFiles().length).toBe(filesBefore.length);
    const download = await ctx.app.inject({
      method: 'GET',
      url: `/api/library/${doc.id}/download`,
      headers: bearer(gdToken),
    });
    expect(download.rawPayload.equals(csv)).toBe(true);
    expect(download.headers['content-type']).toBe('text/csv; charset=utf-8');

    const forged = await upload(
      form(meta, { bytes: Buffer.from([0, 1, 2, 3]), name: 'x.pdf', type: 'application/pdf' }),
      'PUT',
      doc.id,
    );
    expect(forged.statusCode).toBe(415);

    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/settings/library/${doc.id}`,
      headers: bearer(gdToken),
    });
    expect(deleted.statusCode).toBe(200);
    expect(storedFiles().length).toBe(filesBefore.length - 1);
    const gone = await ctx.app.inject({
      method: 'GET',
      url: `/api/library/${doc.id}/download`,
      headers: bearer(gdToken),
    });
    expect(gone.statusCode).toBe(404);
  });
});
