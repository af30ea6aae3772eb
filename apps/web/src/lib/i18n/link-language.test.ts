import { describe, expect, it } from 'vitest';
import { linkLanguage } from './link-language';

describe('linkLanguage', () => {
  it("takes a mail link's language and keeps the rest of its query", () => {
    expect(linkLanguage('?token=abc-_1&lang=az')).toEqual({ lang: 'az', search: '?token=abc-_1' });
    expect(linkLanguage('?lang=ru&order=42')).toEqual({ lang: 'ru', search: '?order=42' });
    expect(linkLanguage('?lang=en')).toEqual({ lang: 'en', search: '' });
  });

  it('ignores a link without a language or with one the portal does not speak', () => {
    expect(linkLanguage('')).toBeNull();
    expect(linkLanguage('?order=42')).toBeNull();
    expect(linkLanguage('?lang=de')).toBeNull();
    expect(linkLanguage('?lang=AZ')).toBeNull();
  });
});
