import { deflateRawSync } from 'node:zlib';
import type { KeyImportReport, KeyStock } from '@esd/shared/orders/orders.schemas';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createProduct } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { licenceKeys, orderItems, orders, users } from '../../db/schema';
import { inflateZipWithin } from '../../lib/zip-guard';

const multipart = (file: Buffer, filename: string) => {
  const boundary = '----esdkeysboundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

const workbook = async (rows: unknown[][]) => {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Keys');
  for (const row of rows) sheet.addRow(row);
  book.addWorksheet('Ignored').addRow(['NOT-IMPORTED']);
  return Buffer.from(await book.xlsx.writeBuffer());
};

/** A zip of deflated entries, as an xlsx is (local headers, central directory, end record). */
const zipOf = (entries: [string, Buffer][]) => {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const data = deflateRawSync(content, { level: 9 });
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(content.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(content.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    directory.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const size = directory.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...directory, end]);
};

describe.each(dbKinds)('[keys] key stock and key import on %s', (kind) => {
  let ctx: TestContext;
  let token: string;

  const upload = async (productId: number, file: Buffer | string, filename: string) => {
    const { body, contentType } = multipart(Buffer.from(file), filename);
    return ctx.app.inject({
      method: 'POST',
      url: `/api/keys/import/${productId}`,
      headers: { ...bearer(token), 'content-type': contentType },
      payload: body,
    });
  };
  const importKeys = async (productId: number, file: Buffer | string, filename = 'keys.csv') => {
    const response = await upload(productId, file, filename);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as KeyImportReport;
  };
  const stockOf = async (sku: string) => {
    const gd = await as(ctx, 'gd@example.com');
    const items = (await gd.get(`/api/keys/stock?q=${sku}`)).json().data.items as KeyStock[];
    return items.find((item) => item.sku === sku);
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    token = await ctx.login('gd@example.com');
  });
  afterAll(async () => ctx?.close());

  it('lets only the global admin see the stock, import keys and change the order settings', async () => {
    const productId = await createProduct(ctx, { sku: 'KEYS-ACCESS' });
    for (const email of ['ld@example.com', 'dealer@example.com', 'user@example.com']) {
      const other = await as(ctx, email);
      expect((await other.get('/api/keys/stock')).statusCode, email).toBe(403);
      expect((await other.get('/api/settings/orders')).statusCode, email).toBe(403);
      expect(
        (await other.put('/api/settings/orders', { return_window_days: 1 })).statusCode,
        email,
      ).toBe(403);
      expect(
        (await other.put(`/api/keys/stock/${productId}`, { low_stock_threshold: 1 })).statusCode,
        email,
      ).toBe(403);
      const { body, contentType } = multipart(Buffer.from('K1\n'), 'keys.csv');
      const refused = await ctx.app.inject({
        method: 'POST',
        url: `/api/keys/import/${productId}`,
        headers: { ...bearer(other.token), 'content-type': contentType },
        payload: body,
      });
      expect(refused.statusCode, email).toBe(403);
    }
    for (const url of ['/api/keys/stock', '/api/settings/orders']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const { body, contentType } = multipart(Buffer.from('K1\n'), 'keys.csv');
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/keys/import/${productId}`,
      headers: { 'content-type': contentType },
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await stockOf('KEYS-ACCESS')).toMatchObject({ available: 0, waiting: 0 });
  });

  it('imports a CSV with a header, a BOM, semicolons, quotes, repeats, formulas and invalid lines', async () => {
    const productId = await createProduct(ctx, { sku: 'KEYS-CSV' });
    const csv = [
      '\uFEFFLicence Key;note',
      'AAAA-1111;first',
      '"BBBB-2222","quoted, with a comma after"',
      '  CCCC-3333  ',
      '',
      ';;',
      'AAAA-1111;repeated in the file',
      `${'X'.repeat(501)}`,
      ';DDDD-4444',
      '"EE\tEE"',
      '"FF""FF"',
      '=HYPERLINK("http://x.test","key")',
      '+1-555',
      '-KEY',
      '@SUM(A1)',
    ].join('\r\n');
    const report = await importKeys(productId, csv);
    expect(report).toEqual({
      product_id: productId,
      preview: false,
      source: 'file',
      lines: 13,
      added: 5,
      duplicates: 1,
      invalid: [
        { line: 6, reason: 'empty' },
        { line: 8, reason: 'longer than 500 characters' },
        { line: 10, reason: 'contains control characters' },
        // what a spreadsheet would run is listed, not stored (issue 18)
        { line: 12, reason: 'starts like a spreadsheet formula' },
        { line: 13, reason: 'starts like a spreadsheet formula' },
        { line: 14, reason: 'starts like a spreadsheet formula' },
        { line: 15, reason: 'starts like a spreadsheet formula' },
      ],
      invalid_count: 7,
      existing: [],
      existing_count: 0,
      available: 5,
    });
    const stored = await ctx.db
      .select({ key: licenceKeys.key, status: licenceKeys.status, by: licenceKeys.importedBy })
      .from(licenceKeys)
      .where(eq(licenceKeys.productId, productId))
      .orderBy(licenceKeys.key);
    const [gd] = await ctx.db.select().from(users).where(eq(users.email, 'gd@example.com'));
    expect(stored).toEqual(
      ['AAAA-1111', 'BBBB-2222', 'CCCC-3333', 'DDDD-4444', 'FF"FF'].map((key) => ({
        key,
        status: 'available',
        by: gd!.id,
      })),
    );

    // the same file again: every valid key is refused by its line, nothing is added
    const again = await importKeys(productId, csv, 'again.txt');
    expect(again).toMatchObject({
      lines: 13,
      added: 0,
      duplicates: 1,
      invalid_count: 7,
      existing_count: 5,
    });
    expect(again.existing.map((row) => [row.line, row.key, row.sku, row.status])).toEqual([
      [2, 'AAAA-1111', 'KEYS-CSV', 'available'],
      [3, 'BBBB-2222', 'KEYS-CSV', 'available'],
      [4, 'CCCC-3333', 'KEYS-CSV', 'available'],
      [9, 'DDDD-4444', 'KEYS-CSV', 'available'],
      [11, 'FF"FF', 'KEYS-CSV', 'available'],
    ]);
    expect(again.available).toBe(5);
  });

  it('reads the first worksheet of an xlsx workbook, whatever the cell types', async () => {
    const productId = await createProduct(ctx, { sku: 'KEYS-XLSX' });
    const file = await workbook([
      ['key'],
      ['XL-0001'],
      [null, 'XL-0002'],
      [123456789],
      [{ richText: [{ text: 'XL-' }, { text: '0004' }] }],
      ['XL-0001'],
      [' '],
      ['XL-0005'],
    ]);
    const report = await importKeys(productId, file, 'keys.XLSX');
    expect(report).toMatchObject({
      lines: 7,
      added: 5,
      duplicates: 1,
      invalid: [{ line: 7, reason: 'empty' }],
      invalid_count: 1,
      available: 5,
    });
    const keys = await ctx.db
      .select({ key: licenceKeys.key })
      .from(licenceKeys)
      .where(eq(licenceKeys.productId, productId));
    expect(keys.map((k) => k.key).sort()).toEqual([
      '123456789',
      'XL-0001',
      'XL-0002',
      'XL-0004',
      'XL-0005',
    ]);
  });

  it('refuses files that are not what their name says, unknown and Adobe products', async () => {
    const productId = await createProduct(ctx, { sku: 'KEYS-BAD' });
    const refusals: [Buffer | string, string][] = [
      ['KEY-1\nKEY-2\n', 'keys.xlsx'],
      [await workbook([['KEY-1']]), 'keys.csv'],
      [Buffer.from([0x4b, 0x45, 0x59, 0x00, 0x31]), 'keys.txt'],
      [Buffer.from([0x4b, 0xff, 0xfe, 0x31, 0x0a]), 'keys.csv'],
      ['KEY-1\n', 'keys.pdf'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x00]), 'broken.xlsx'],
    ];
    for (const [file, name] of refusals) {
      const response = await upload(productId, file, name);
      expect(response.json(), name).toMatchObject({ code: 415, data: { error: 'INVALID_FILE' } });
    }
    expect((await upload(999_999, 'KEY-1\n', 'keys.csv')).json()).toMatchObject({
      code: 404,
      data: { error: 'NOT_FOUND' },
    });
    const adobe = await createProduct(ctx, { sku: 'KEYS-ADOBE', provider_id: 3 });
    expect((await upload(adobe, 'KEY-1\n', 'keys.csv')).json()).toMatchObject({
      code: 422,
      data: { error: 'PRODUCT_UNAVAILABLE' },
    });
    const keys = await ctx.db
      .select()
      .from(licenceKeys)
      .where(eq(licenceKeys.productId, productId));
    expect(keys).toEqual([]);
  });

  it('counts available, allocated, revoked and waiting licences and flags low stock', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const full = await createProduct(ctx, { sku: 'STOCK-FULL', provider_id: 2 });
    const low = await createProduct(ctx, {
      sku: 'STOCK-LOW',
      title: { en: 'Low stock suite', ru: 'Пакет с малым запасом', az: 'Az ehtiyatlı paket' },
    });
    for (const productId of [full, low]) {
      const saved = await gd.put(`/api/keys/stock/${productId}`, { low_stock_threshold: 3 });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    await createProduct(ctx, { sku: 'STOCK-ADOBE', provider_id: 3 });
    await importKeys(full, ['F1', 'F2', 'F3', 'F4', 'F5'].join('\n'));
    await importKeys(low, ['L1', 'L2', 'L3', 'L4'].join('\n'));

    const [dealer] = await ctx.db.select().from(users).where(eq(users.email, 'dealer@example.com'));
    const order = async (status: 'pending' | 'in_progress' | 'completed', key: string) => {
      const [row] = await ctx.db
        .insert(orders)
        .values({
          buyerId: dealer!.id,
          dealerId: dealer!.id,
          sellType: 1,
          status,
          idempotencyKey: key,
          lang: 'en',
          rate: '1.7000',
          vatPercent: '18.00',
          surchargePercent: '0.00',
          totalUsd: '0.00',
          vatUsd: '0.00',
          totalAzn: '0.00',
        })
        .returning({ id: orders.id });
      return row!.id;
    };
    const item = (
      orderId: number,
      values: { quantity: number; delivered: number; status: 'waiting' | 'delivered' },
    ) => ({
      orderId,
      productId: low,
      sku: 'STOCK-LOW',
      titleEn: 'Low stock suite',
      titleRu: 'Пакет с малым запасом',
      titleAz: 'Az ehtiyatlı paket',
      providerId: 1,
      isReturnable: true,
      unitUsd: '0.00',
      totalUsd: '0.00',
      totalAzn: '0.00',
      ...values,
    });
    const paid = await order('in_progress', 'stock-test-paid');
    const unpaid = await order('pending', 'stock-test-unpaid');
    const [waitingItem] = await ctx.db
      .insert(orderItems)
      .values([
        item(paid, { quantity: 5, delivered: 2, status: 'waiting' }),
        item(paid, { quantity: 3, delivered: 0, status: 'waiting' }),
        item(paid, { quantity: 2, delivered: 2, status: 'delivered' }),
        item(unpaid, { quantity: 7, delivered: 0, status: 'waiting' }),
      ])
      .returning({ id: orderItems.id });
    // two keys handed out, one of them taken back
    const [l1, l2] = await ctx.db
      .select({ id: licenceKeys.id })
      .from(licenceKeys)
      .where(eq(licenceKeys.productId, low))
      .orderBy(licenceKeys.key)
      .limit(2);
    await ctx.db
      .update(licenceKeys)
      .set({ status: 'allocated', orderItemId: waitingItem!.id, allocatedAt: new Date() })
      .where(eq(licenceKeys.id, l1!.id));
    await ctx.db
      .update(licenceKeys)
      .set({ status: 'revoked', orderItemId: waitingItem!.id, revokedAt: new Date() })
      .where(eq(licenceKeys.id, l2!.id));

    const stock = (await gd.get('/api/keys/stock?q=stock-&perPage=100')).json().data;
    expect(stock.total).toBe(2);
    expect(stock.items).toEqual([
      {
        product_id: low,
        sku: 'STOCK-LOW',
        FullTitle: 'Low stock suite',
        provider_id: 1,
        available: 2,
        allocated: 1,
        revoked: 1,
        waiting: 6,
        low_stock_threshold: 3,
        low: true,
      },
      {
        product_id: full,
        sku: 'STOCK-FULL',
        FullTitle: expect.any(String),
        provider_id: 2,
        available: 5,
        allocated: 0,
        revoked: 0,
        waiting: 0,
        low_stock_threshold: 3,
        low: false,
      },
    ]);
    const russian = await ctx.app.inject({
      method: 'GET',
      url: '/api/keys/stock?q=stock-low',
      headers: { ...bearer(gd.token), 'accept-language': 'ru' },
    });
    expect(russian.json().data.items[0].FullTitle).toBe('Пакет с малым запасом');
    expect(
      (await gd.get('/api/keys/stock?q=stock-&low=true'))
        .json()
        .data.items.map((s: KeyStock) => s.sku),
    ).toEqual(['STOCK-LOW']);
    expect(
      (await gd.get('/api/keys/stock?q=stock-&low=false'))
        .json()
        .data.items.map((s: KeyStock) => s.sku),
    ).toEqual(['STOCK-FULL']);
    // the whole list puts every low product before any other
    const all = (await gd.get('/api/keys/stock?perPage=100')).json().data;
    expect(all.total).toBeGreaterThan(2);
    const flags = (all.items as KeyStock[]).map((s) => s.low);
    expect(flags).toEqual([...flags].sort((a, b) => Number(b) - Number(a)));
    expect((all.items as KeyStock[]).every((s) => s.provider_id !== 3)).toBe(true);

    // a higher threshold makes the full product low too, and only that product
    const raised = await gd.put(`/api/keys/stock/${full}`, { low_stock_threshold: 6 });
    expect(raised.json()).toMatchObject({
      code: 200,
      data: { product_id: full, low_stock_threshold: 6, low: true },
    });
    expect(await stockOf('STOCK-FULL')).toMatchObject({ low: true, low_stock_threshold: 6 });
    expect(await stockOf('STOCK-LOW')).toMatchObject({ low_stock_threshold: 3 });
  });

  it('reads and validates the order settings', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const saved = await gd.put('/api/settings/orders', { return_window_days: 30 });
    expect(saved.json()).toMatchObject({ code: 200, data: { return_window_days: 30 } });
    for (const bad of [
      { return_window_days: 366 },
      { return_window_days: -1 },
      { return_window_days: 1.5 },
      {},
      { return_window_days: '14' },
    ]) {
      const response = await gd.put('/api/settings/orders', bad);
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await gd.get('/api/settings/orders')).json().data).toEqual({
      return_window_days: 30,
    });
  });

  it('refuses a workbook that unpacks past 50 MB, and a file of more than 100,000 keys, before parsing it', async () => {
    const productId = await createProduct(ctx, { sku: 'KEYS-BOMB' });
    // 60 KB that inflate to 60 MB: a sheet of spaces
    const bomb = zipOf([
      ['[Content_Types].xml', Buffer.from('<Types/>')],
      ['xl/worksheets/sheet1.xml', Buffer.alloc(60 * 1024 * 1024, 0x20)],
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const before = process.memoryUsage().rss;
    const refused = await upload(productId, bomb, 'keys.xlsx');
    expect(refused.statusCode, refused.body).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json()).toMatchObject({
      message: 'The file unpacks to more than 50 MB: split it into smaller files.',
      data: { error: 'INVALID_FILE' },
    });
    // the inflating stopped at the limit, before any parser held the sheet
    expect(process.memoryUsage().rss - before).toBeLessThan(150 * 1024 * 1024);
    const rows = Array.from({ length: 100_001 }, (_, i) => [`ROW-${i}`]);
    const big = await upload(productId, await workbook([['key'], ...rows]), 'keys.xlsx');
    expect(big.json()).toMatchObject({
      message: 'The file has more than 100,000 keys: split it into smaller files.',
      data: { error: 'INVALID_FILE' },
    });
    const lines = Array.from({ length: 100_001 }, (_, i) => `LINE-${i}`).join('\n');
    const long = await upload(productId, `key\n${lines}\n`, 'keys.csv');
    expect(long.json()).toMatchObject({ data: { error: 'INVALID_FILE' } });
    expect(await stockOf('KEYS-BOMB')).toMatchObject({ available: 0 });
  }, 120_000);

  it('refuses a one-row workbook of 3 million cells within two seconds, in three languages, while health answers (issue 32)', async () => {
    const productId = await createProduct(ctx, { sku: 'KEYS-WIDE' });
    // a real workbook whose first sheet becomes one row of 3,000,000 cells
    const parts = inflateZipWithin(await workbook([['KEY-1']]), {
      maxBytes: 1024 * 1024,
      maxEntries: 100,
    });
    const wide = Buffer.from(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">${'<c><v>1</v></c>'.repeat(3_000_000)}</row></sheetData></worksheet>`,
    );
    const file = zipOf(
      parts.map((part): [string, Buffer] => [
        part.name,
        part.name === 'xl/worksheets/sheet1.xml' ? wide : part.data,
      ]),
    );
    expect(file.length).toBeLessThan(200 * 1024);
    const { body, contentType } = multipart(file, 'keys.xlsx');
    const send = (lang: string) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/keys/import/${productId}`,
        headers: { ...bearer(token), 'content-type': contentType, 'accept-language': lang },
        payload: body,
      });
    // CPU time, not the wall clock: on a machine busy with other work the answer waits for a
    // core, but reading all 3 million cells would cost this process many seconds of CPU
    const cpuBefore = process.cpuUsage();
    const importing = send('en');
    const health = ctx.app.inject({ url: '/api/health' });
    const refused = await importing;
    const healthy = await health;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMs = (cpu.user + cpu.system) / 1000;
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toMatchObject({
      message:
        'The spreadsheet is too large to read: at most 50 columns and 500,000 cells. Keep the keys in the first column and split a bigger file.',
      data: { error: 'SPREADSHEET_TOO_LARGE', max_columns: 50, max_cells: 500_000 },
    });
    expect(cpuMs).toBeLessThan(2000);
    expect(healthy.statusCode).toBe(200);
    expect((await send('ru')).json().message).toMatch(/^Таблица слишком велика .* 50 столбцов/);
    expect((await send('az')).json().message).toMatch(
      /^Cədvəl oxumaq üçün çox böyükdür: .* 50 sütun/,
    );
    // a narrower sheet of too many cells in all, and one cell far to the right, are refused too
    const tall = Buffer.from(
      `<worksheet><sheetData>${Array.from({ length: 20_000 }, (_, i) => `<row r="${i + 1}">${'<c><v>1</v></c>'.repeat(30)}</row>`).join('')}</sheetData></worksheet>`,
    );
    const far = Buffer.from(
      '<worksheet><sheetData><row r="1"><c r="BA1"><v>1</v></c></row></sheetData></worksheet>',
    );
    for (const sheet of [tall, far]) {
      const other = zipOf(
        parts.map((part): [string, Buffer] => [
          part.name,
          part.name === 'xl/worksheets/sheet1.xml' ? sheet : part.data,
        ]),
      );
      const answer = await upload(productId, other, 'keys.xlsx');
      expect(answer.json().data.error).toBe('SPREADSHEET_TOO_LARGE');
    }
    expect(await stockOf('KEYS-WIDE')).toMatchObject({ available: 0 });
  }, 120_000);

  it('imports 100,000 keys in a few seconds', async () => {
    const productId = await createProduct(ctx, { sku: 'KEYS-BULK' });
    const lines = Array.from({ length: 100_000 }, (_, i) => `BULK-${i}-ABCDE-FGHIJ-KLMNO`);
    const started = performance.now();
    const report = await importKeys(productId, `key\n${lines.join('\n')}\n`);
    const seconds = (performance.now() - started) / 1000;
    expect(report).toMatchObject({ lines: 100_000, added: 100_000, duplicates: 0 });
    expect(report.available).toBe(100_000);
    // a guard against a row-by-row import (minutes), not a speed measurement: an idle machine
    // takes 4 s on PGlite, a CI machine running other work beside it over 15 s
    expect(seconds).toBeLessThan(kind === 'pglite' ? 60 : 40);
  }, 120_000);
});
