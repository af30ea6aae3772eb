import { z } from 'zod';

/**
 * The bounds of what the database holds, in one place (issue 18): every route's params, query
 * and body take their ids, dates and timestamps from here, so no value a schema lets through
 * can overflow a column or a date function. Money, percentages and rates have theirs next to
 * the money rules (`MONEY_MAX`, `percentUpTo` in catalogue.schemas, `isRate` in settings.schemas).
 */

/** The largest value of a PostgreSQL int4 (serial ids, quantities, points). */
export const INT4_MAX = 2_147_483_647;

/** A row id in a JSON body: 1 to 2^31−1. */
export const idSchema = z.number().int().min(1).max(INT4_MAX);
/**
 * A row id in a path or query string (text on the wire): decimal digits only, 1 to 2^31−1.
 * `0x61`, `9.7e1`, ` 97` and `+97` are refused, not read as 97 (issue 32): one id has one
 * spelling, so a check, a cache key or a log line cannot be passed by another.
 */
// coerce.string: the web client's typed query objects hold numbers, which go out as their digits
export const idTextSchema = z.coerce
  .string()
  .regex(/^[0-9]{1,10}$/, 'must be a whole number written with the digits 0-9 only')
  .transform(Number)
  .pipe(z.number().int().min(1).max(INT4_MAX));

/** The calendar the portal's dates live in: years 2000 to 2100. */
export const DATE_MIN = '2000-01-01';
export const DATE_MAX = '2100-12-31';

const inYears = (value: string) => value.slice(0, 10) >= DATE_MIN && value.slice(0, 10) <= DATE_MAX;

/** The UTC day of an instant, or undefined when it is none (checks may run on any text). */
const dayOf = (value: string) => {
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
};

/** A calendar day, `YYYY-MM-DD`, that exists (no 30 February), between 2000 and 2100. */
export const calendarDateSchema = z.iso
  .date({ message: 'must be a date (YYYY-MM-DD) that exists' })
  .refine((value) => typeof value === 'string' && inYears(value), {
    message: `must be between ${DATE_MIN} and ${DATE_MAX}`,
  });

/**
 * An instant with its offset (`2026-06-01T10:00:00Z`, `…+04:00`), a real one (no 24:00, no leap
 * second, no 30 February), its day between 2000 and 2100.
 */
export const timestampSchema = z.iso
  .datetime({ offset: true, message: 'must be a date and time (ISO 8601, with its offset)' })
  .refine((value) => dayOf(value) !== undefined, {
    message: 'must be a real date and time',
    abort: true,
  })
  .refine((value) => inYears(dayOf(value) ?? ''), {
    message: `must be between ${DATE_MIN} and ${DATE_MAX}`,
  });

/**
 * Whether a name shows something: a letter, digit, symbol or punctuation mark, not only spaces,
 * zero-width or direction-control characters (U+200B–U+200F, U+202A–U+202E, U+2066–U+2069).
 */
export const isVisibleText = (value: string) => /[\p{L}\p{N}\p{S}\p{P}]/u.test(value);

/** A person's or company's name as others will see it: trimmed, 1..max, something visible. */
export const displayNameSchema = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine(isVisibleText, { message: 'must contain a visible letter or digit' });

const PHONE_DIGITS_MIN = 7;
const PHONE_DIGITS_MAX = 15;

/** The English messages of the phone rule for a field (the web app matches them to its words). */
export const phoneRuleMessages = (field: string) => ({
  format: `${field} must start with + and the country code, then digits and single spaces`,
  digits: `${field} must have ${PHONE_DIGITS_MIN} to ${PHONE_DIGITS_MAX} digits`,
});

/**
 * A phone number in international form: `+`, the country code, then digits and single spaces
 * ("+994 12 555 12 34"). A local "050 255 12 34" is refused: the distributor calls partners
 * abroad too, and a number without its country cannot be dialled from everywhere.
 */
export const internationalPhoneSchema = (field: string) => {
  const messages = phoneRuleMessages(field);
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(30, `${field} must be at most 30 characters`)
    .regex(/^\+[1-9][0-9]*( [0-9]+)*$/, messages.format)
    .refine((value) => {
      const digits = value.replace(/\D/g, '').length;
      return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX;
    }, messages.digits);
};
