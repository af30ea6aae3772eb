import { describe, expect, it } from 'vitest';
import { type AppErrorCode, appErrorCodes, appErrorReasons } from '../api-codes';
import { languages, specMessages } from '../constants';
import { errorMessageIn, errorMessages, placeholdersOf, reasonMessages } from './error-messages';

const codes = Object.keys(appErrorCodes) as AppErrorCode[];

describe('error messages', () => {
  it.each(languages)('%s has words for every code and no others', (lang) => {
    const table = errorMessages[lang];
    expect(Object.keys(table).sort()).toEqual([...codes].sort());
    for (const code of codes) expect(table[code].trim(), `${lang} ${code}`).not.toBe('');
  });

  it.each(codes)('%s takes the same fields from data in every language', (code) => {
    const fields = placeholdersOf(errorMessages.en[code]).sort();
    expect(placeholdersOf(errorMessages.ru[code]).sort()).toEqual(fields);
    expect(placeholdersOf(errorMessages.az[code]).sort()).toEqual(fields);
  });

  it('translates: ru and az are not the English words', () => {
    for (const code of codes) {
      expect(errorMessages.ru[code], code).not.toBe(errorMessages.en[code]);
      expect(errorMessages.az[code], code).not.toBe(errorMessages.en[code]);
    }
  });

  it('keeps the English words the spec writes out', () => {
    expect(errorMessages.en.CREDIT_LIMIT).toBe(specMessages.creditLimitExceeded);
  });

  it('fills fields from data, and gives up when one is missing', () => {
    expect(errorMessageIn('PRICE_BELOW_COST', 'ru', { min_price: '12.50' })).toContain('12.50 USD');
    expect(errorMessageIn('PRICE_BELOW_COST', 'az', {})).toBeUndefined();
    expect(errorMessageIn('NOT_FOUND', 'az')).toBe('Axtarılan qeyd tapılmadı.');
  });
});

describe('reason messages', () => {
  it('has words for every reason in every language, translated', () => {
    for (const lang of languages) {
      expect(Object.keys(reasonMessages[lang]).sort()).toEqual([...appErrorReasons].sort());
    }
    for (const reason of appErrorReasons) {
      expect(reasonMessages.ru[reason]).not.toBe(reasonMessages.en[reason]);
      expect(reasonMessages.az[reason]).not.toBe(reasonMessages.en[reason]);
    }
  });

  it("takes a named reason's words over its code's, and ignores a reason it does not know", () => {
    const invalid = { reason: 'api_key_invalid' };
    expect(errorMessageIn('UNAUTHORIZED', 'ru', invalid)).toBe(reasonMessages.ru.api_key_invalid);
    expect(errorMessageIn('UNAUTHORIZED', 'az', invalid)).toContain('API açarı');
    expect(errorMessageIn('UNAUTHORIZED', 'ru', { reason: 'constructor' })).toBe(
      errorMessages.ru.UNAUTHORIZED,
    );
  });
});
