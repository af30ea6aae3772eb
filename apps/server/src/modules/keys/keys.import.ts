import path from 'node:path';
import { formatNumber } from '@esd/shared/format/format';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors';
import { countSheet, type SheetLimits, spreadsheetTooLarge } from '../../lib/spreadsheet';
import { inflateZipWithin } from '../../lib/zip-guard';

/** Longest key the `licence_keys.key` column holds. */
const KEY_MAX_LENGTH = 500;
/** The report lists this many invalid lines; `invalid_count` says how many there were. */
const INVALID_LINES_LISTED = 100;

/** One line (CSV/text) or row (xlsx) of a key file: its 1-based number and first non-empty cell. */
export type KeyLine = { line: number; key: string };

export type KeyFileKind = 'text' | 'xlsx';

const isZip = (bytes: Buffer) =>
  bytes.length >= 4 &&
  bytes[0] === 0x50 &&
  bytes[1] === 0x4b &&
  bytes[2] === 0x03 &&
  bytes[3] === 4;

const utf8 = new TextDecoder('utf-8', { fatal: true });

const notAKeyFile = () =>
  new AppError('INVALID_FILE', 'Upload a CSV or text file (UTF-8) or an Excel workbook (.xlsx).');

/** The kind of a key file by its name and its bytes: both must agree. */
const detectKeyFile = (filename: string, bytes: Buffer): KeyFileKind => {
  const ext = path.extname(filename).toLowerCase();
  if (ext === '.xlsx') {
    if (!isZip(bytes)) throw notAKeyFile();
    return 'xlsx';
  }
  if (ext === '.csv' || ext === '.txt') {
    if (isZip(bytes) || bytes.includes(0)) throw notAKeyFile();
    return 'text';
  }
  throw notAKeyFile();
};

/** UTF-8 text without its byte-order mark; anything else is not a text file. */
const decodeText = (bytes: Buffer): string => {
  try {
    // the decoder drops a leading BOM itself (ignoreBOM is off)
    return utf8.decode(bytes);
  } catch {
    throw notAKeyFile();
  }
};

const firstCell = (cells: readonly string[]) =>
  cells.map((cell) => cell.trim()).find((cell) => cell !== '') ?? '';

/** Lines of a CSV or plain text file, cells split at commas or semicolons. */
const readTextLines = (text: string): KeyLine[] => {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    // with `info`, each record comes as { record, info }; the sync typing does not say so
    records = parse(text, {
      delimiter: [',', ';'],
      info: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
    }) as unknown as typeof records;
  } catch (error) {
    const where = error instanceof Error ? ` (${error.message})` : '';
    throw new AppError('INVALID_FILE', `The file could not be read as CSV${where}.`);
  }
  return records.map(({ record, info }) => ({ line: info.lines, key: firstCell(record) }));
};

/** At most this many keys a file (the import is one transaction): split bigger ones. */
const KEY_LINES_MAX = 100_000;
/** What a key workbook may unpack to, and hold: checked before it is parsed. */
const WORKBOOK_LIMITS = { maxBytes: 50 * 1024 * 1024, maxEntries: 1000 };

const tooManyLines = () =>
  new AppError(
    'INVALID_FILE',
    `The file has more than ${formatNumber(KEY_LINES_MAX, 'en')} keys: split it into smaller files.`,
  );

/**
 * What a key worksheet may hold: a header and 100,000 keys, each row at most 50 columns wide
 * (the key first; a name, a date, a note beside it), at most 500,000 cells in all. Counted in
 * the sheet's XML before the parser builds a cell: the parser takes about 7 µs a cell, so the
 * cap keeps the longest accepted parse near 3 s and a refusal far under one.
 */
const KEY_SHEET_LIMITS: SheetLimits = {
  maxRows: KEY_LINES_MAX + 1,
  maxColumns: 50,
  maxCells: 500_000,
};

/** Rows of the first worksheet of an xlsx workbook (empty rows are not listed). */
const readWorkbookLines = async (bytes: Buffer): Promise<KeyLine[]> => {
  // a zip bomb or a sheet of millions of rows is refused before the parser holds it in memory
  const parts = inflateZipWithin(bytes, WORKBOOK_LIMITS);
  for (const part of parts) {
    if (!/^xl\/worksheets\/[^/]+\.xml$/.test(part.name)) continue;
    const { crossed } = countSheet(part.data, KEY_SHEET_LIMITS);
    if (crossed === 'rows') throw tooManyLines();
    if (crossed) throw spreadsheetTooLarge(KEY_SHEET_LIMITS);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new AppError('INVALID_FILE', 'The file is not a readable Excel workbook (.xlsx).');
  }
  const sheet = workbook.worksheets[0];
  const lines: KeyLine[] = [];
  sheet?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: false }, (cell) => {
      cells.push(cell.text ?? '');
    });
    lines.push({ line: rowNumber, key: firstCell(cells) });
  });
  return lines;
};

const HEADERS = new Set(['key', 'licence key', 'license key']);
// C0 and C1 control characters and DEL: never part of a key a person types or pastes
const CONTROL = /\p{Cc}/u;
/** what a spreadsheet reads as a formula: a line starting with = + - or @ */
const FORMULA = /^[=+\-@]/;

export type ClassifiedKeys = {
  /** data lines (a header line is not counted) */
  lines: number;
  /** valid keys, each once (in any case: keys are case-insensitive), in file order */
  keys: string[];
  /** the line of each of `keys` */
  lineOf: Map<string, number>;
  /** valid keys that repeat an earlier line of the same file, in any case */
  repeated: number;
  invalid: { line: number; reason: string }[];
  invalidCount: number;
};

const invalidReason = (key: string): string | undefined => {
  if (key === '') return 'empty';
  if (key.length > KEY_MAX_LENGTH) return `longer than ${KEY_MAX_LENGTH} characters`;
  if (CONTROL.test(key)) return 'contains control characters';
  // a spreadsheet would run it: never stored, so no export or report can carry it (issue 18)
  if (FORMULA.test(key)) return 'starts like a spreadsheet formula';
  return undefined;
};

/** Skips a header, sorts the lines into valid keys (each once) and invalid lines. */
const classifyKeyLines = (all: KeyLine[]): ClassifiedKeys => {
  const lines = all.length > 0 && HEADERS.has(all[0]!.key.toLowerCase()) ? all.slice(1) : all;
  const seen = new Set<string>();
  const lineOf = new Map<string, number>();
  const invalid: ClassifiedKeys['invalid'] = [];
  let invalidCount = 0;
  let repeated = 0;
  for (const { line, key } of lines) {
    const reason = invalidReason(key);
    if (reason) {
      invalidCount += 1;
      if (invalid.length < INVALID_LINES_LISTED) invalid.push({ line, reason });
    } else if (seen.has(key.toLowerCase())) repeated += 1;
    else {
      seen.add(key.toLowerCase());
      lineOf.set(key, line);
    }
  }
  return { lines: lines.length, keys: [...lineOf.keys()], lineOf, repeated, invalid, invalidCount };
};

const withinLimit = (classified: ClassifiedKeys) => {
  if (classified.lines > KEY_LINES_MAX) throw tooManyLines();
  return classified;
};

/** Reads a key file of either kind into classified lines. */
export const readKeyFile = async (filename: string, bytes: Buffer) => {
  const kind = detectKeyFile(filename, bytes);
  const lines = kind === 'xlsx' ? await readWorkbookLines(bytes) : readTextLines(decodeText(bytes));
  return withinLimit(classifyKeyLines(lines));
};

/** Reads pasted text as a text file: one key a line, or the file's columns (the key first). */
export const readKeyText = (text: string) => {
  if (text.trim() === '') throw new AppError('VALIDATION_FAILED', 'Paste at least one key.');
  return withinLimit(classifyKeyLines(readTextLines(text)));
};
