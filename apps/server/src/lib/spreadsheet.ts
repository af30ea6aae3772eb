import { bakuWallClock, formatBakuTimestamp } from '@esd/shared/baku-time';
import { formatNumber } from '@esd/shared/format/format';
import { AppError } from './errors';

/** What an imported worksheet may hold, counted before any parser builds a cell. */
export type SheetLimits = { maxRows: number; maxColumns: number; maxCells: number };

export type SheetCount = { rows: number; cells: number; columns: number };

/** `AA` → 27: the column of a cell reference's letters. */
const columnNumber = (letters: string) =>
  [...letters].reduce((n, letter) => n * 26 + letter.charCodeAt(0) - 64, 0);

/** `<row …>` and `<c …>` (a cell) of a worksheet's XML, any namespace prefix, and a cell's `r`. */
const SHEET_ELEMENT = /<(?:\w+:)?(row|c)(?=[\s>/])([^>]*)>/g;
const CELL_COLUMN = /\sr\s*=\s*["']([A-Z]{1,3})\d/;

/**
 * Counts a worksheet's rows, cells and widest row in one pass over its XML, and stops at the
 * first limit crossed (issue 32: one row of 3 million cells, 89 KB zipped, passed the size and
 * row checks and held the process for 20 s while the parser built every cell). A refusal
 * therefore costs at most a pass over the cells within the limits. `crossed` names the
 * first limit passed, if any.
 */
export const countSheet = (
  xml: Buffer,
  limits: SheetLimits,
): { crossed?: 'rows' | 'columns' | 'cells'; count: SheetCount } => {
  const text = xml.toString('latin1');
  const count: SheetCount = { rows: 0, cells: 0, columns: 0 };
  let inRow = 0;
  for (const match of text.matchAll(SHEET_ELEMENT)) {
    if (match[1] === 'row') {
      count.rows += 1;
      inRow = 0;
      if (count.rows > limits.maxRows) return { crossed: 'rows', count };
      continue;
    }
    count.cells += 1;
    inRow += 1;
    const letters = CELL_COLUMN.exec(match[2] ?? '')?.[1];
    const column = Math.max(inRow, letters ? columnNumber(letters) : 0);
    if (column > count.columns) count.columns = column;
    if (count.columns > limits.maxColumns) return { crossed: 'columns', count };
    if (count.cells > limits.maxCells) return { crossed: 'cells', count };
  }
  return { count };
};

/** The refusal of a worksheet too wide or with too many cells, in the error envelope's words. */
export const spreadsheetTooLarge = (limits: SheetLimits) =>
  new AppError(
    'SPREADSHEET_TOO_LARGE',
    `The spreadsheet is too large to read: at most ${limits.maxColumns} columns and ${formatNumber(limits.maxCells, 'en')} cells. Keep the keys in the first column and split a bigger file.`,
    { max_columns: limits.maxColumns, max_cells: limits.maxCells },
  );

/**
 * Text cells of the CSV and xlsx exports (orders, statistics), written one way for both.
 *
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula, and some strip a
 * leading tab, CR or NUL first, so each of those gets a leading apostrophe (OWASP CSV injection):
 * the cell then shows the original text and never runs it.
 */
const FORMULA_START = /^[=+\-@\t\r\0]/;

export const neutralise = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** A CSV field (RFC 4180): neutralised, quoted when it holds a quote, separator or line break. */
export const csvField = (value: string) => {
  const safe = neutralise(value);
  return /[",\r\n;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * Characters XML 1.0 cannot hold: C0 controls other than tab, LF and CR, U+FFFE and U+FFFF.
 * exceljs drops the controls itself but writes U+FFFE/U+FFFF as they are, and the workbook
 * then no longer opens. A lone surrogate is not a character either: it becomes U+FFFD.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are what it removes
const NOT_XML = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * An xlsx text cell: what XML cannot hold removed first (so a NUL in front cannot hide an `=`
 * behind it), then neutralised. Reading the file back turns each CR or CRLF into LF (XML).
 */
export const xlsxText = (value: string) =>
  neutralise(value.replace(NOT_XML, '').replace(LONE_SURROGATE, '\ufffd'));

/**
 * A moment as a CSV cell: Baku wall-clock time `YYYY-MM-DD HH:mm:ss`, the business's clock,
 * which spreadsheets read as a date-time (the column header names the zone).
 */
export const csvTimestamp = (at: Date | string) => formatBakuTimestamp(at);

/**
 * A moment as an xlsx date cell that shows Baku wall-clock time. Spreadsheet dates carry no
 * time zone and exceljs writes a Date's UTC reading, so the cell gets Baku's reading as UTC.
 */
export const xlsxTimestamp = (at: Date | string) => {
  const moment = typeof at === 'string' ? new Date(at) : at;
  const clock = bakuWallClock(moment);
  if (!clock) return moment;
  const [year, month, day, hour, minute, second] = [
    clock.year,
    clock.month,
    clock.day,
    clock.hour,
    clock.minute,
    clock.second,
  ].map(Number) as [number, number, number, number, number, number];
  return new Date(
    Date.UTC(year, month - 1, day, hour, minute, second, moment.getUTCMilliseconds()),
  );
};
