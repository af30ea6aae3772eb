import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCount, pluralCategory, pluralForm } from './plural';

const NBSP = '\u00a0';
const keys = { one: 'ключ', few: 'ключа', many: 'ключей', other: 'ключа' };

describe('[format] plural forms of counts (CLDR, issue 33)', () => {
  it('has one and other in English and Azerbaijani', () => {
    expect([0, 1, 2, 21].map((n) => pluralCategory(n, 'en'))).toEqual([
      'other',
      'one',
      'other',
      'other',
    ]);
    expect([0, 1, 2, 21].map((n) => pluralCategory(n, 'az'))).toEqual([
      'other',
      'one',
      'other',
      'other',
    ]);
  });

  it('has one, few and many for Russian whole counts and other for fractions', () => {
    expect(
      [1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 111, 0].map((n) => pluralCategory(n, 'ru')),
    ).toEqual([
      'one',
      'few',
      'few',
      'many',
      'many',
      'many',
      'many',
      'one',
      'few',
      'many',
      'many',
      'many',
    ]);
    expect(pluralCategory(1.5, 'ru')).toBe('other');
  });

  it('writes a count with its word and the language’s digits', () => {
    expect(formatCount(1, 'en', { one: 'key', other: 'keys' })).toBe('1 key');
    expect(formatCount(3, 'en', { one: 'key', other: 'keys' })).toBe('3 keys');
    expect(formatCount(21, 'ru', keys)).toBe('21 ключ');
    expect(formatCount(3, 'ru', keys)).toBe('3 ключа');
    expect(formatCount(1200, 'ru', keys)).toBe(`1${NBSP}200 ключей`);
    expect(formatCount(1200, 'az', { other: 'açar' })).toBe('1.200 açar');
    expect(pluralForm(2, 'az', { one: 'gün', other: 'gün' })).toBe('gün');
  });

  it('agrees with the full ICU of Node for every whole count (property)', () => {
    const rules = {
      en: new Intl.PluralRules('en'),
      ru: new Intl.PluralRules('ru'),
      az: new Intl.PluralRules('az'),
    };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom('en', 'ru', 'az'),
        (n, lang: 'en' | 'ru' | 'az') => {
          expect(pluralCategory(n, lang)).toBe(rules[lang].select(n));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
