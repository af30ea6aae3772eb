import { describe, expect, it } from 'vitest';
import {
  dateInputFormat,
  formatAzn,
  formatCompactMoney,
  formatCompactNumber,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatDecimalString,
  formatExactDecimal,
  formatMonth,
  formatNumber,
  formatPercent,
  formatTime,
  formatUsd,
  fromDateTimeInput,
  toDateTimeInput,
} from './format';

const NBSP = '\u00a0';

describe('[format] formatDecimalString', () => {
  it('shows two decimals and groups thousands in English', () => {
    expect(formatDecimalString('1099.5', 'en')).toBe('1,099.50');
    expect(formatDecimalString('7', 'en')).toBe('7.00');
    expect(formatDecimalString('1234567.89', 'en')).toBe('1,234,567.89');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatDecimalString('90071992547409.93', 'en')).toBe('90,071,992,547,409.93');
    expect(formatDecimalString('90071992547409.93', 'az')).toBe('90.071.992.547.409,93');
  });

  it('rounds extra decimals half away from zero on the string', () => {
    expect(formatDecimalString('1.005', 'en')).toBe('1.01');
    expect(formatDecimalString('1.004', 'en')).toBe('1.00');
    expect(formatDecimalString('9.995', 'en')).toBe('10.00');
    expect(formatDecimalString('-2.345', 'en')).toBe('-2.35');
    expect(formatDecimalString('-0.001', 'az')).toBe('0,00');
  });

  it('uses the separators of the reader language', () => {
    expect(formatDecimalString('1099.56', 'ru')).toBe(`1${NBSP}099,56`);
    expect(formatDecimalString('1234567.5', 'ru', 1)).toBe(`1${NBSP}234${NBSP}567,5`);
    expect(formatDecimalString('1.7', 'az', 4)).toBe('1,7000');
    expect(formatDecimalString('1234567.5', 'az')).toBe('1.234.567,50');
    expect(formatDecimalString('999', 'az')).toBe('999,00');
  });

  it('reads an unknown language as English', () => {
    expect(formatDecimalString('1099.5', 'de')).toBe('1,099.50');
  });

  it('returns anything that is not a decimal unchanged', () => {
    expect(formatDecimalString('n/a', 'en')).toBe('n/a');
  });
});

describe('[format] money per language (CLDR, issue 33)', () => {
  it('writes the issue 33 amount as CLDR does in each language', () => {
    expect(formatUsd('2618.88', 'en')).toBe('$2,618.88');
    expect(formatUsd('2618.88', 'ru')).toBe(`2${NBSP}618,88${NBSP}$`);
    expect(formatUsd('2618.88', 'az')).toBe(`2.618,88${NBSP}$`);
    expect(formatAzn('2618.88', 'en')).toBe('2,618.88 AZN');
    expect(formatAzn('2618.88', 'ru')).toBe(`2${NBSP}618,88${NBSP}AZN`);
    expect(formatAzn('2618.88', 'az')).toBe(`2.618,88${NBSP}AZN`);
  });

  it('prefixes USD with $ in English and suffixes AZN, as spec 9 writes them', () => {
    expect(formatUsd('429.24', 'en')).toBe('$429.24');
    expect(formatUsd('5000', 'en')).toBe('$5,000.00');
    expect(formatAzn('861.06', 'en')).toBe('861.06 AZN');
  });

  it('puts the sign after the amount in Russian, never before it', () => {
    expect(formatUsd('5000', 'ru')).toBe(`5${NBSP}000,00${NBSP}$`);
    expect(formatUsd('5000', 'ru')).not.toMatch(/^\$/);
    expect(formatAzn('1.7', 'ru')).toBe(`1,70${NBSP}AZN`);
  });

  it('writes Azerbaijani amounts as CLDR az does: 5.000,00 $', () => {
    expect(formatUsd('5000', 'az')).toBe(`5.000,00${NBSP}$`);
    expect(formatAzn('1234.5', 'az')).toBe(`1.234,50${NBSP}AZN`);
    expect(formatAzn('1.7', 'az', 4)).toBe(`1,7000${NBSP}AZN`);
  });

  it('prints a document amount with the places it has, in the language', () => {
    expect(formatExactDecimal('2618.88', 'en')).toBe('2,618.88');
    expect(formatExactDecimal('2618.88', 'ru')).toBe(`2${NBSP}618,88`);
    expect(formatExactDecimal('2618.88', 'az')).toBe('2.618,88');
    expect(formatExactDecimal('1.7000', 'az')).toBe('1,7000');
    expect(formatExactDecimal('-12', 'en')).toBe('-12');
  });
});

describe('[format] formatPercent', () => {
  it('drops zeros after the decimal separator', () => {
    expect(formatPercent('18.00', 'en')).toBe('18');
    expect(formatPercent('2.50', 'az')).toBe('2,5');
    expect(formatPercent('12.25', 'en')).toBe('12.25');
    expect(formatPercent('7', 'en')).toBe('7');
  });
});

describe('[format] formatNumber', () => {
  it('groups counts in each language', () => {
    expect(formatNumber(100000, 'en')).toBe('100,000');
    expect(formatNumber(100000, 'ru')).toBe(`100${NBSP}000`);
    expect(formatNumber(100000, 'az')).toBe('100.000');
    expect(formatNumber(-1234, 'az')).toBe('-1.234');
  });

  it('rounds to the places asked for', () => {
    expect(formatNumber(1.75, 'az', 1)).toBe('1,8');
    expect(formatNumber(12.04, 'ru', 1)).toBe('12');
  });
});

describe('[format] compact chart labels', () => {
  it('shortens thousands and millions per language', () => {
    expect(formatCompactNumber(15300, 'en')).toBe('15.3K');
    expect(formatCompactNumber(15300, 'ru')).toBe(`15,3${NBSP}тыс.`);
    expect(formatCompactNumber(15300, 'az')).toBe('15,3K');
    expect(formatCompactNumber(2_500_000, 'az')).toBe(`2,5${NBSP}mln`);
    expect(formatCompactNumber(999_960, 'en')).toBe('1M');
    expect(formatCompactNumber(999, 'en')).toBe('999');
    expect(formatCompactNumber(0, 'az')).toBe('0');
  });

  it('puts the currency where each language does', () => {
    expect(formatCompactMoney('usd', 5000, 'en')).toBe('$5K');
    expect(formatCompactMoney('usd', 5000, 'az')).toBe(`5K${NBSP}$`);
    expect(formatCompactMoney('azn', 5000, 'ru')).toBe(`5${NBSP}тыс.${NBSP}AZN`);
    expect(formatCompactMoney('usd', 5000, 'ru')).toBe(`5${NBSP}тыс.${NBSP}$`);
  });
});

describe('[format] dates', () => {
  // 21:30 UTC is 01:30 the next day in Baku
  const lateEvening = '2026-11-24T21:30:00Z';

  it('dates a moment in Baku, one style per language', () => {
    expect(formatDate(lateEvening, 'en')).toBe('25 Nov 2026');
    expect(formatDate(lateEvening, 'ru')).toBe('25.11.2026');
    expect(formatDate(lateEvening, 'az')).toBe('25.11.2026');
  });

  it('keeps a calendar date as it is', () => {
    expect(formatDate('2026-03-01', 'en')).toBe('1 Mar 2026');
    expect(formatDate('2026-03-01', 'az')).toBe('01.03.2026');
  });

  it('shows Baku time on a 24-hour clock', () => {
    expect(formatTime(lateEvening)).toBe('01:30');
    expect(formatTime('2026-11-25T10:05:00Z')).toBe('14:05');
    expect(formatDateTime('2026-11-25T10:05:00Z', 'en')).toBe('25 Nov 2026 14:05');
    expect(formatDateTime('2026-11-25T10:05:00Z', 'az')).toBe('25.11.2026 14:05');
  });

  it('shortens days and months for charts', () => {
    expect(formatDayMonth('2026-04-01', 'en')).toBe('1 Apr');
    expect(formatDayMonth('2026-04-01', 'ru')).toBe('01.04');
    expect(formatMonth('2026-11', 'en')).toBe('Nov 2026');
    expect(formatMonth('2026-11', 'az')).toBe('11.2026');
  });

  it('gives date inputs the same notation', () => {
    expect(dateInputFormat('en')).toBe('D MMM YYYY');
    expect(dateInputFormat('az')).toBe('DD.MM.YYYY');
  });

  it('returns what is not a date unchanged', () => {
    expect(formatDate('soon', 'en')).toBe('soon');
    expect(formatDateTime('soon', 'az')).toBe('soon');
  });
});

describe('[format] date-time inputs', () => {
  it('edits a moment as Baku wall-clock time, whatever the browser is set to', () => {
    expect(toDateTimeInput('2026-11-25T10:05:00Z')).toBe('2026-11-25T14:05');
    expect(fromDateTimeInput('2026-11-25T14:05')).toBe('2026-11-25T10:05:00.000Z');
    expect(toDateTimeInput(fromDateTimeInput('2026-03-01T09:30'))).toBe('2026-03-01T09:30');
  });

  it('keeps empty and broken input empty', () => {
    expect(fromDateTimeInput('')).toBe('');
    expect(fromDateTimeInput('2026-13-01T10:00')).toBe('');
    expect(toDateTimeInput('nope')).toBe('');
  });
});
