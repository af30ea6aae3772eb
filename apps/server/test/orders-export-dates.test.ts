/**
 * Issue 20: the orders export dates each order in Baku time, the business's clock. CSV writes
 * `YYYY-MM-DD HH:mm:ss` (not ISO UTC) under a header that names the zone; xlsx keeps a real
 * date cell that reads the same clock.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as } from './fixtures';
import { createTestContext, dbKinds, type TestContext } from './harness';

describe.each(dbKinds)('[orders][export] dates in Baku time on %s', (kind) => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // 21:30 UTC is 01:30 the next day in Baku
    await ctx.db.execute(sql`update orders set created_at = '2026-11-24T21:30:05Z'`);
    // the export's language is the user's own when the request names none
    await ctx.db.execute(sql`update users set lang = 'az' where email = 'gd@example.com'`);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('writes the order date as Baku wall-clock time in CSV and xlsx', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const csv = await gd.get('/api/orders/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body, { bom: true });
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0]![1]).toBe('Tarix (Bakı vaxtı)');
    expect(new Set(rows.slice(1).map((row) => row[1]))).toEqual(new Set(['2026-11-25 01:30:05']));

    const xlsx = await gd.get('/api/orders/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe('Tarix (Bakı vaxtı)');
    const cell = sheet.getRow(2).getCell(2).value;
    expect(cell).toBeInstanceOf(Date);
    expect((cell as Date).toISOString()).toBe('2026-11-25T01:30:05.000Z');
  }, 60_000);
});
