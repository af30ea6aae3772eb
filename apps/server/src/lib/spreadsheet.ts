import { bakuWallClock, formatBakuTimestamp } from '@esd/shared/baku-time';

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
