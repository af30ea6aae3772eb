/**
 * Exact decimal arithmetic for money: amounts are integers of a fixed scale (cents for
 * money, hundredths for percentages, ten-thousandths for exchange rates), never floats.
 */

/**
 * An amount has at most 40 whole digits here. Computed amounts grow past what a money
 * column holds (the largest allowed price × markup × quantity × rate × VAT × lines is about
 * 10^24): they are carried exactly, formatted and read back, and only where an amount is
 * stored or entered is it held to its bound (`MONEY_MAX`, `isMoney`). Issue 29: a 15-digit
 * limit here made such a total a RangeError, a 500 at prices the settings allow.
 */
const pattern = /^(-)?(\d{1,40})(?:\.(\d+))?$/;
/** An entered amount: at most 15 whole digits (what the schemas have always accepted). */
const ENTERED_WHOLE_DIGITS = 15;

/** "12.5" at scale 2 → 1250n. Throws on anything that is not a plain decimal or has too many decimals. */
export const parseDecimal = (value: string, scale: number): bigint => {
  const match = pattern.exec(value.trim());
  if (!match) throw new RangeError(`not a decimal: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > scale) {
    if (/[^0]/.test(fraction.slice(scale)))
      throw new RangeError(`more than ${scale} decimals: ${value}`);
  }
  const digits = `${whole}${fraction.slice(0, scale).padEnd(scale, '0')}`;
  const result = BigInt(digits);
  return sign ? -result : result;
};

export const formatDecimal = (value: bigint, scale: number): string => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const fraction = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${fraction}` : ''}`;
};

/** Integer division rounding half away from zero (commercial rounding). */
export const divideRounded = (numerator: bigint, denominator: bigint): bigint => {
  if (denominator === 0n) throw new RangeError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (d * 2n);
  return negative ? -quotient : quotient;
};

export const MONEY_SCALE = 2;
export const PERCENT_SCALE = 2;
export const RATE_SCALE = 4;

export const toCents = (value: string) => parseDecimal(value, MONEY_SCALE);
export const fromCents = (cents: bigint) => formatDecimal(cents, MONEY_SCALE);

const HUNDRED_PERCENT = 10_000n; // 100.00 % in hundredths

/** amount × (1 + percent / 100), rounded to cents. */
export const addPercent = (amount: string, percent: string): string =>
  fromCents(
    divideRounded(
      toCents(amount) * (HUNDRED_PERCENT + parseDecimal(percent, PERCENT_SCALE)),
      HUNDRED_PERCENT,
    ),
  );

export const multiplyMoney = (amount: string, quantity: number): string =>
  fromCents(toCents(amount) * BigInt(quantity));

export const sumMoney = (amounts: readonly string[]): string =>
  fromCents(amounts.reduce((total, amount) => total + toCents(amount), 0n));

export const subtractMoney = (a: string, b: string): string => fromCents(toCents(a) - toCents(b));

/** amount × percent / 100, rounded to cents (e.g. the VAT of an amount). */
export const percentOf = (amount: string, percent: string): string =>
  fromCents(divideRounded(toCents(amount) * parseDecimal(percent, PERCENT_SCALE), HUNDRED_PERCENT));

export const compareMoney = (a: string, b: string): number => {
  const difference = toCents(a) - toCents(b);
  return difference === 0n ? 0 : difference < 0n ? -1 : 1;
};

/** A well-formed entered amount: a decimal of at most 2 decimals and 15 whole digits. */
export const isMoney = (value: string) => {
  try {
    const cents = parseDecimal(value, MONEY_SCALE);
    return (cents < 0n ? -cents : cents) < 10n ** BigInt(ENTERED_WHOLE_DIGITS + MONEY_SCALE);
  } catch {
    return false;
  }
};
