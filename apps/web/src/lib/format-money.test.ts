import { describe, expect, it } from 'vitest';
import { formatAzn, formatDecimalString, formatPercent, formatUsd } from './format-money';

describe('formatDecimalString', () => {
  it('shows two decimals and groups thousands in English', () => {
    expect(formatDecimalString('1099.5', 'en')).toBe('1,099.50');
    expect(formatDecimalString('7', 'en')).toBe('7.00');
    expect(formatDecimalString('1234567.89', 'en')).toBe('1,234,567.89');
  });

  it('keeps every digit of amounts beyond float precision', () => {
    expect(formatDecimalString('90071992547409.93', 'en')).toBe('90,071,992,547,409.93');
  });

  it('rounds extra decimals half away from zero on the string', () => {
    expect(formatDecimalString('1.005', 'en')).toBe('1.01');
    expect(formatDecimalString('1.004', 'en')).toBe('1.00');
    expect(formatDecimalString('9.995', 'en')).toBe('10.00');
    expect(formatDecimalString('-2.345', 'en')).toBe('-2.35');
  });

  it('uses the separators of the reader language', () => {
    expect(formatDecimalString('1099.56', 'ru')).toBe('1\u00a0099,56');
    expect(formatDecimalString('1.7', 'az', 4)).toBe('1,7000');
  });

  it('returns anything that is not a decimal unchanged', () => {
    expect(formatDecimalString('n/a', 'en')).toBe('n/a');
  });
});

describe('currencies', () => {
  it('prefixes USD with $ and suffixes AZN', () => {
    expect(formatUsd('429.24', 'en')).toBe('$429.24');
    expect(formatAzn('861.06', 'en')).toBe('861.06 AZN');
  });
});

describe('formatPercent', () => {
  it('drops zeros after the decimal separator', () => {
    expect(formatPercent('18.00', 'en')).toBe('18');
    expect(formatPercent('2.50', 'az')).toBe('2,5');
    expect(formatPercent('12.25', 'en')).toBe('12.25');
    expect(formatPercent('7', 'en')).toBe('7');
  });
});
