import { describe, expect, it } from 'vitest';
import { hasEnglishIfAny, inLanguage, missingTranslations } from './catalogue.rules';

describe('[catalogue] translated attributes', () => {
  const licence = { en: 'ESD key', ru: 'Ключ ESD', az: '' };

  it('shows each reader its own language and the English value where its own is missing', () => {
    expect(inLanguage(licence, 'en')).toBe('ESD key');
    expect(inLanguage(licence, 'ru')).toBe('Ключ ESD');
    expect(inLanguage(licence, 'az')).toBe('ESD key');
  });

  it('requires English whenever another language is given, and lets all three be empty', () => {
    expect(hasEnglishIfAny(licence)).toBe(true);
    expect(hasEnglishIfAny({ en: '', ru: '', az: '' })).toBe(true);
    expect(hasEnglishIfAny({ en: '', ru: 'Ключ ESD', az: '' })).toBe(false);
    expect(hasEnglishIfAny({ en: '', ru: '', az: 'ESD açarı' })).toBe(false);
  });

  it('names the languages that fall back to English, none when English itself is empty', () => {
    expect(missingTranslations(licence)).toEqual(['az']);
    expect(missingTranslations({ en: 'ESD key', ru: '', az: '' })).toEqual(['ru', 'az']);
    expect(missingTranslations({ en: 'ESD key', ru: 'Ключ ESD', az: 'ESD açarı' })).toEqual([]);
    expect(missingTranslations({ en: '', ru: '', az: '' })).toEqual([]);
  });
});
