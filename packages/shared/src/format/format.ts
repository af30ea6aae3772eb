import { bakuWallClock, fromBakuWallClock } from '../baku-time';
import { isLanguage, type Language } from '../constants';

/**
 * Every number, amount, count and date the portal writes, per interface language, in one place:
 * the web's screens, the invoice PDFs, the mails and the exports' words all come here.
 *
 * Nothing here trusts the runtime's data for a language: Chromium ships a trimmed ICU in which
 * `az` falls back to English separators ('$5,000.00'), while Node has the full data. The
 * separators and the place of the currency below are CLDR's (checked against Node's full ICU:
 * en '¤#,##0.00', ru '#,##0.00 ¤' with a no-break space as group, az '#,##0.00 ¤' with '.' as
 * group), and the strings are built from the digits, so every browser, the server and the unit
 * tests write the same thing. Spec 9's '$' and 'AZN' stand for the currency sign.
 */
type Style = {
  group: string;
  decimal: string;
  usd: (amount: string) => string;
  azn: (amount: string) => string;
  /** Suffixes of thousands, millions, billions and trillions in chart axes. */
  compact: readonly [string, string, string, string];
};

const NBSP = '\u00a0';

const styles: Record<Language, Style> = {
  en: {
    group: ',',
    decimal: '.',
    usd: (amount) => `$${amount}`,
    azn: (amount) => `${amount} AZN`,
    compact: ['K', 'M', 'B', 'T'],
  },
  ru: {
    group: NBSP,
    decimal: ',',
    usd: (amount) => `${amount}${NBSP}$`,
    azn: (amount) => `${amount}${NBSP}AZN`,
    compact: [`${NBSP}тыс.`, `${NBSP}млн`, `${NBSP}млрд`, `${NBSP}трлн`],
  },
  az: {
    group: '.',
    decimal: ',',
    usd: (amount) => `${amount}${NBSP}$`,
    azn: (amount) => `${amount}${NBSP}AZN`,
    compact: ['K', `${NBSP}mln`, `${NBSP}mlrd`, `${NBSP}trln`],
  },
};

const styleOf = (lang: string) => styles[isLanguage(lang) ? lang : 'en'];

const groupDigits = (digits: string, separator: string) =>
  digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);

const decimalPattern = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * A decimal string shown with exactly `decimals` places in the reader's language. The digits
 * never pass through a float: the fraction is rounded half away from zero on the string.
 */
export const formatDecimalString = (value: string, lang: string, decimals = 2): string => {
  const match = decimalPattern.exec(value.trim());
  if (!match) return value;
  const [, sign = '', wholeDigits, fractionDigits = ''] = match;
  let units = BigInt(`${wholeDigits}${fractionDigits.padEnd(decimals, '0').slice(0, decimals)}`);
  if (fractionDigits.length > decimals && Number(fractionDigits[decimals]) >= 5) units += 1n;
  const scale = 10n ** BigInt(decimals);
  const style = styleOf(lang);
  const whole = groupDigits((units / scale).toString(), style.group);
  const fraction = (units % scale).toString().padStart(decimals, '0');
  const isZero = units === 0n;
  return `${sign && !isZero ? '-' : ''}${whole}${decimals > 0 ? `${style.decimal}${fraction}` : ''}`;
};

/** Spec 9: '$' for USD amounts (VAT excluded), 2 decimals: '$5,000.00', '5 000,00 $' in ru, '5.000,00 $' in az. */
export const formatUsd = (value: string, lang: string) =>
  styleOf(lang).usd(formatDecimalString(value, lang));

/** Spec 9: AZN for cash and credit amounts, 2 decimals ('1 234,50 AZN' in ru, '1.234,50 AZN' in az); rates take 4. */
export const formatAzn = (value: string, lang: string, decimals = 2) =>
  styleOf(lang).azn(formatDecimalString(value, lang, decimals));

/**
 * A decimal string with the places it has, in the reader's language: what a document prints
 * under a currency column ('2,618.88', '2 618,88', '2.618,88'; a rate '1,7000').
 */
export const formatExactDecimal = (value: string, lang: string) => {
  const [, fraction = ''] = value.trim().split('.');
  return formatDecimalString(value, lang, fraction.length);
};

/** A percentage without needless zeros: '18.00' → '18', '2.50' → '2,5' in az/ru. */
export const formatPercent = (value: string, lang: string) => {
  const [, fraction = ''] = value.split('.');
  const decimals = fraction.replace(/0+$/, '').length;
  return formatDecimalString(value, lang, decimals);
};

/** 'en-US' is in every ICU build: it rounds, the language's separators replace its own. */
const plainFormats = new Map<number, Intl.NumberFormat>();

/** A count or measure (not money) with at most `maximumFractionDigits` places: 100 000. */
export const formatNumber = (value: number, lang: string, maximumFractionDigits = 0) => {
  let plain = plainFormats.get(maximumFractionDigits);
  if (!plain) {
    plain = new Intl.NumberFormat('en-US', { maximumFractionDigits });
    plainFormats.set(maximumFractionDigits, plain);
  }
  const style = styleOf(lang);
  return plain
    .formatToParts(value)
    .map((part) =>
      part.type === 'group'
        ? style.group
        : part.type === 'decimal'
          ? style.decimal
          : part.type === 'minusSign'
            ? '-'
            : part.value,
    )
    .join('');
};

/** Chart axes only: 15300 → '15.3K', '15,3 тыс.', '15,3K'; one decimal at most. */
export const formatCompactNumber = (value: number, lang: string) => {
  const { compact } = styleOf(lang);
  const size = Math.abs(value);
  const scaled = (power: number) => Math.round((size / 1000 ** power) * 10) / 10;
  let power = 0;
  while (power < compact.length && size >= 1000 ** (power + 1)) power += 1;
  // 999 960 rounds to 1000K: shown as 1M, as ICU does
  if (power < compact.length && scaled(power) >= 1000) power += 1;
  const shown = formatNumber(scaled(power), lang, 1);
  return `${value < 0 ? '-' : ''}${shown}${power > 0 ? compact[power - 1] : ''}`;
};

/** Chart axes only (display): '$5K' / '5K AZN' in en; tables show the exact strings. */
export const formatCompactMoney = (currency: 'usd' | 'azn', value: number, lang: string) => {
  const style = styleOf(lang);
  const amount = formatCompactNumber(value, lang);
  return currency === 'usd' ? style.usd(amount) : style.azn(amount);
};

const MONTHS_EN = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date 'YYYY-MM-DD' as it is (no zone shifts a day), a moment as a Baku day. */
const dayOf = (value: string) => {
  const date = CALENDAR_DATE.exec(value);
  if (date) return { year: date[1]!, month: date[2]!, day: date[3]! };
  return bakuWallClock(new Date(value));
};

const showDay = (
  lang: string,
  { year, month, day }: { year: string; month: string; day: string },
) =>
  styleOf(lang) === styles.en
    ? `${Number(day)} ${MONTHS_EN[Number(month) - 1]} ${year}`
    : `${day}.${month}.${year}`;

/** A date: '25 Nov 2026' in en, '25.11.2026' in ru and az; a moment is dated in Baku. */
export const formatDate = (value: string, lang: string) => {
  const day = dayOf(value);
  return day ? showDay(lang, day) : value;
};

/** A moment's Baku time, 24-hour: '14:05'. */
export const formatTime = (iso: string) => {
  const clock = bakuWallClock(new Date(iso));
  return clock ? `${clock.hour}:${clock.minute}` : iso;
};

/** A moment in Baku time: '25 Nov 2026 14:05' in en, '25.11.2026 14:05' in ru and az. */
export const formatDateTime = (iso: string, lang: string) => {
  const clock = bakuWallClock(new Date(iso));
  return clock ? `${showDay(lang, clock)} ${clock.hour}:${clock.minute}` : iso;
};

/** A day without its year, for chart axes: '25 Nov' in en, '25.11' in ru and az. */
export const formatDayMonth = (value: string, lang: string) => {
  const day = dayOf(value);
  if (!day) return value;
  return styleOf(lang) === styles.en
    ? `${Number(day.day)} ${MONTHS_EN[Number(day.month) - 1]}`
    : `${day.day}.${day.month}`;
};

/** A month 'YYYY-MM': 'Nov 2026' in en, '11.2026' in ru and az. */
export const formatMonth = (month: string, lang: string) => {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  if (!match) return month;
  const [, year, number] = match;
  return styleOf(lang) === styles.en
    ? `${MONTHS_EN[Number(number) - 1]} ${year}`
    : `${number}.${year}`;
};

/** Mantine's `valueFormat` (dayjs) of date inputs, the same notation as `formatDate`. */
export const dateInputFormat = (lang: string) =>
  styleOf(lang) === styles.en ? 'D MMM YYYY' : 'DD.MM.YYYY';

/** A moment as a datetime-local input's value in Baku time, '2026-11-25T14:05'; '' if unreadable. */
export const toDateTimeInput = (at: string | Date) => {
  const clock = bakuWallClock(typeof at === 'string' ? new Date(at) : at);
  return clock ? `${clock.year}-${clock.month}-${clock.day}T${clock.hour}:${clock.minute}` : '';
};

/** A datetime-local input's value read as Baku time, as an ISO instant; '' when it is not one. */
export const fromDateTimeInput = (value: string) => fromBakuWallClock(value)?.toISOString() ?? '';
