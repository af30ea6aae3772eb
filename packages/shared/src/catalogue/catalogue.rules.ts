import type { Language } from '../constants';

/** A value in each language; an empty one has not been translated yet. */
export type Translations = { en: string; ru: string; az: string };

/** The product attributes kept in each language (licence type, delivery time, systems). */
export const attributeFields = ['delivery_time', 'licence_type', 'operating_systems'] as const;
export type AttributeField = (typeof attributeFields)[number];

/**
 * A translated value as a reader of `lang` sees it: its own language's text, or the English one
 * while that language has none (English is the one every attribute must have).
 */
export const inLanguage = (values: Translations, lang: Language): string =>
  values[lang] === '' ? values.en : values[lang];

/**
 * A translation is whole when English is given whenever another language is (every language
 * may be empty together: the product has no such attribute).
 */
export const hasEnglishIfAny = (values: Translations): boolean =>
  values.en !== '' || (values.ru === '' && values.az === '');

/** The languages that show the English value because their own is missing (empty if no English). */
export const missingTranslations = (values: Translations): Language[] =>
  values.en === '' ? [] : (['ru', 'az'] as const).filter((lang) => values[lang] === '');
