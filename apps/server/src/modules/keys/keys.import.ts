import path from 'node:path';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { AppError } from '../../lib/errors';
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
    `The file has more than ${KEY_LINES_MAX.toLocaleString('en')} keys: split it into smaller files.`,
  );

/** `<row …>` elements of a worksheet's XML (any namespace prefix). */
const countRows = (xml: Buffer) => xml.toString('latin1').match(/<(?:\w+:)?row[\s>]/g)?.length ?? 0;

/** Rows of the first worksheet of an xlsx workbook (empty rows are not listed). */
const readWorkbookLines = async (bytes: Buffer): Promise<KeyLine[]> => {
  // a zip bomb or a sheet of millions of rows is refused before the parser holds it in memory
  const parts = inflateZipWithin(bytes, WORKBOOK_LIMITS);
  const rows = parts
    .filter((part) => /^xl\/worksheets\/[^/]+\.xml$/.test(part.name))
    .map((part) => countRows(part.data));
  if (Math.max(0, ...rows) > KEY_LINES_MAX + 1) throw tooManyLines();
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
  /** valid keys, each once, in file order */
  keys: string[];
  /** valid keys that repeat an earlier line of the same file */
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
  const invalid: ClassifiedKeys['invalid'] = [];
  let invalidCount = 0;
  let repeated = 0;
  for (const { line, key } of lines) {
    const reason = invalidReason(key);
    if (reason) {
      invalidCount += 1;
      if (invalid.length < INVALID_LINES_LISTED) invalid.push({ line, reason });
    } else if (seen.has(key)) repeated += 1;
    else seen.add(key);
  }
  return { lines: lines.length, keys: [...seen], repeated, invalid, invalidCount };
};

/** Reads a key file of either kind into classified lines. */
export const readKeyFile = async (filename: string, bytes: Buffer) => {
  const kind = detectKeyFile(filename, bytes);
  const lines = kind === 'xlsx' ? await readWorkbookLines(bytes) : readTextLines(decodeText(bytes));
  const classified = classifyKeyLines(lines);
  if (classified.lines > KEY_LINES_MAX) throw tooManyLines();
  return classified;
};
