/**
 * Issue 8 proof, spreadsheet exports: no text a user can enter comes back from a CSV or xlsx
 * export as something a spreadsheet would run.
 *
 * - Property (fast-check, fixed seed): arbitrary strings, many starting with `=`, `+`, `-`,
 *   `@`, tab, CR or NUL, with unicode, quotes, commas and line breaks, go through the real
 *   writer the statistics routes use (sendSheets, CSV and exceljs) and are read back with a
 *   real CSV parser and exceljs: no cell starts with a dangerous character, none is a formula,
 *   a safe string comes back unchanged and a dangerous one as apostrophe + original.
 * - End to end: GET /api/orders/export with such a dealer and buyer name, as CSV and xlsx.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { neutralise } from '../../src/lib/spreadsheet';
import { sendSheets } from '../../src/modules/statistics/sales-statistics.export';
import { as } from '../fixtures';
import { createTestContext, dbKinds, type TestContext } from '../harness';

const SEED = Number(process.env.FUZZ_SEED ?? 4181);
const RUNS = Number(process.env.EXPORT_RUNS ?? 200);
const DANGEROUS = ['=', '+', '-', '@', '\t', '\r', '\0'];
const startsDangerous = (value: string) => DANGEROUS.some((c) => value.startsWith(c));

/** What XML 1.0 cannot hold (the writer drops it); a lone surrogate is no UTF-8 character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it matches
const NOT_XML = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const asUtf8 = (value: string) => value.replace(LONE_SURROGATE, '\ufffd');
/** An XML reader turns CR and CRLF into LF. */
const asXml = (value: string) => asUtf8(value).replace(/\r\n?/g, '\n');

/** Text that is hard on a CSV writer or a spreadsheet: formulas, quotes, separators, unicode. */
const tricky = fc.constantFrom(
  '=HYPERLINK("http://evil","x")',
  "=cmd|' /C calc'!A0",
  '+1+1',
  '-2+3',
  '@SUM(A1:A2)',
  '"quoted, with comma"',
  'a;b',
  'line\r\nbreak',
  'lf\nonly',
  ' leading space',
  "'already quoted",
  'Ǆ̈́ 🧨 ١ ﷽ 𝕏 Ünïcödé',
  '\u202e\u2066',
  '\ufffe\uffff',
  '\ud800',
  'nul\0inside',
  '\x01=hidden',
  '',
);
const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 12 }), tricky);
const cellText = fc.oneof(
  piece,
  fc.tuple(fc.constantFrom(...DANGEROUS), piece).map(([c, rest]) => c + rest),
  fc.array(piece, { maxLength: 4 }).map((parts) => parts.join('')),
);

describe('[security][exports] text cells read back from CSV and xlsx', () => {
  const app = Fastify({ logger: false });
  app.get<{ Querystring: { format: 'csv' | 'xlsx' } }>('/sheet', (request, reply) =>
    sendSheets(app.log, reply, request.query.format, 'cells', [
      { name: 'Cells', headers: ['Text'], rows: cells.map((c) => [c]) },
    ]),
  );
  let cells: string[] = [];

  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const exportCells = async (format: 'csv' | 'xlsx', values: string[]) => {
    cells = values;
    const response = await app.inject({ method: 'GET', url: `/sheet?format=${format}` });
    expect(response.statusCode).toBe(200);
    return response.rawPayload;
  };

  it('neutralises exactly the values a spreadsheet would run', () => {
    for (const c of DANGEROUS) expect(neutralise(`${c}x`)).toBe(`'${c}x`);
    for (const safe of ['x=1', " '=1", 'a\0', '', '0-1']) expect(neutralise(safe)).toBe(safe);
  });

  it('CSV: every cell parses back as the original or apostrophe + original', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cellText, { minLength: 1, maxLength: 8 }), async (values) => {
        const body = (await exportCells('csv', values)).toString('utf8');
        const records: string[][] = parse(body, { bom: true, relax_column_count: false });
        const read = records.slice(1).map((record) => {
          expect(record).toHaveLength(1);
          return record[0]!;
        });
        expect(read).toHaveLength(values.length);
        values.forEach((value, i) => {
          expect(startsDangerous(read[i]!), JSON.stringify(read[i])).toBe(false);
          expect(read[i]).toBe(asUtf8(startsDangerous(value) ? `'${value}` : value));
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);

  it('xlsx: every cell loads back as text, never a formula, the original or apostrophe + original', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(cellText, { minLength: 1, maxLength: 8 }), async (values) => {
        const file = await exportCells('xlsx', values);
        const book = new ExcelJS.Workbook();
        await book.xlsx.load(file as unknown as ArrayBuffer);
        const sheet = book.worksheets[0]!;
        values.forEach((value, i) => {
          const cell = sheet.getRow(i + 2).getCell(1);
          expect(cell.type, JSON.stringify(value)).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula).toBeUndefined();
          // an empty string is written as an empty cell
          const read = cell.value === null ? '' : cell.value;
          expect(typeof read).toBe('string');
          expect(startsDangerous(read as string), JSON.stringify(read)).toBe(false);
          // XML drops what it cannot hold; a value then starting with `=` is neutralised too
          const stored = asUtf8(value.replace(NOT_XML, ''));
          expect(read).toBe(asXml(startsDangerous(stored) ? `'${stored}` : stored));
        });
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 120_000);
});

describe.each(dbKinds)('[security][exports] GET /api/orders/export on %s', (kind) => {
  let ctx: TestContext;
  // PostgreSQL text holds no NUL; the property above covers it
  const dealerName = '\t=HYPERLINK("http://evil","click")';
  const otherName = '@SUM(1+1)\ufffe, "x"';

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    // every dealer (the seeded sales' buyer too) gets a name a spreadsheet would run
    await ctx.db.execute(sql`
      update users set name = case id % 2 when 0 then ${dealerName} else ${otherName} end
      where type_id = 3`);
  }, 60_000);
  afterAll(() => ctx?.close());

  it('writes the names neutralised in CSV and xlsx', async () => {
    const gd = await as(ctx, 'gd@example.com');
    const csv = await gd.get('/api/orders/export?format=csv');
    expect(csv.statusCode).toBe(200);
    const rows: string[][] = parse(csv.body, { bom: true });
    const flat = rows.slice(1).flat();
    expect(flat).toContain(`'${dealerName}`);
    expect(flat.filter(startsDangerous)).toEqual([]);

    const xlsx = await gd.get('/api/orders/export?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const texts: string[] = [];
    book.worksheets[0]!.eachRow((row, number) => {
      if (number === 1) return;
      row.eachCell((cell) => {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        if (typeof cell.value === 'string') texts.push(cell.value);
      });
    });
    expect(texts).toContain(`'${dealerName}`);
    expect(flat).toContain(`'${otherName}`);
    // U+FFFE is not XML: dropped from the xlsx
    expect(texts).toContain('\'@SUM(1+1), "x"');
    expect(texts.filter(startsDangerous)).toEqual([]);
  }, 60_000);
});
