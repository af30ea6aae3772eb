import { isLanguage } from '../constants';
import { formatNumber } from './format';

/** The CLDR plural categories the portal's languages use (i18next's `_one`, `_few`, …). */
export type PluralCategory = 'one' | 'few' | 'many' | 'other';

/** The forms of a word for counts; `other` is the fallback a language without a form takes. */
export type PluralForms = Partial<Record<PluralCategory, string>> & { other: string };

/**
 * CLDR's cardinal rule for a count in en, ru or az, written out rather than asked of the
 * runtime, as the separators are (format.ts): en and az have `one` for exactly 1; ru has `one`
 * for 1, 21, 31…, `few` for 2–4, 22–24…, `many` for 0, 5–20, 25–30…, and `other` for fractions.
 */
export const pluralCategory = (count: number, lang: string): PluralCategory => {
  const language = isLanguage(lang) ? lang : 'en';
  const whole = Number.isInteger(count);
  if (language !== 'ru') return whole && Math.abs(count) === 1 ? 'one' : 'other';
  if (!whole) return 'other';
  const n = Math.abs(count);
  const last = n % 10;
  const lastTwo = n % 100;
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
};

/** The form of a word a count takes: pluralForm(5, 'ru', { one: 'ключ', few: 'ключа', many: 'ключей', other: 'ключа' }). */
export const pluralForm = (count: number, lang: string, forms: PluralForms) =>
  forms[pluralCategory(count, lang)] ?? forms.other;

/** A count and its word, the count written in the language: '1 key', '5 ключей', '1.200 açar'. */
export const formatCount = (count: number, lang: string, forms: PluralForms) =>
  `${formatNumber(count, lang)} ${pluralForm(count, lang, forms)}`;
