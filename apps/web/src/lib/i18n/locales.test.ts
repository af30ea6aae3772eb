import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compareLocales, flattenLocale, pluralForms } from './locale-keys';

const srcDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

const findEnglishLocales = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findEnglishLocales(path);
    return entry.name === 'en.json' ? [path] : [];
  });

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));

const englishFiles = findEnglishLocales(srcDir);

describe('locale files', () => {
  it('finds the common and the feature locales', () => {
    const found = englishFiles.map((file) => relative(srcDir, file).replaceAll('\\', '/'));
    expect(found).toContain('lib/i18n/locales/en.json');
    expect(found.filter((file) => file.startsWith('features/')).length).toBeGreaterThan(0);
  });

  describe.each(englishFiles.map((file) => [relative(srcDir, file), file]))('%s', (_, enFile) => {
    const english = readJson(enFile);

    it('has no empty English strings', () => {
      const empty = [...flattenLocale(english)].filter(
        ([, value]) => typeof value !== 'string' || value.trim() === '',
      );
      expect(empty).toEqual([]);
    });

    it.each(['ru', 'az'])('%s.json has exactly the keys of en.json', (lang) => {
      const file = join(dirname(enFile), `${lang}.json`);
      expect(existsSync(file), `${file} is missing`).toBe(true);
      expect(compareLocales(english, readJson(file), lang)).toEqual([]);
    });
  });
});

describe('compareLocales', () => {
  const english = { a: { b: 'Hello {{name}}', c: 'Bye' } };

  it('accepts a complete translation', () => {
    expect(compareLocales(english, { a: { b: 'Привет {{name}}', c: 'Пока' } })).toEqual([]);
  });

  it('reports a missing key, an empty value, an extra key and a lost placeholder', () => {
    expect(compareLocales(english, { a: { b: 'Salam' }, x: 'y' })).toEqual([
      'placeholders differ in a.b',
      'missing key a.c',
      'extra key x',
    ]);
    expect(compareLocales(english, { a: { b: 'Salam {{name}}', c: ' ' } })).toEqual([
      'empty value a.c',
    ]);
  });

  it("asks for the plural forms of the translation's language", () => {
    const rows = { rows_one: '{{n}} row', rows_other: '{{n}} rows' };
    expect(pluralForms('ru')).toEqual(['few', 'many', 'one', 'other']);
    expect(
      compareLocales(
        rows,
        {
          rows_one: '{{n}} строка',
          rows_few: '{{n}} строки',
          rows_many: '{{n}} строк',
          rows_other: '{{n}} строки',
        },
        'ru',
      ),
    ).toEqual([]);
    expect(
      compareLocales(rows, { rows_one: '{{n}} строка', rows_other: '{{n}} строки' }, 'ru'),
    ).toEqual(['missing key rows_few', 'missing key rows_many']);
    expect(compareLocales(rows, { rows_one: '{{n}} sətir', rows_other: 'sətir' }, 'az')).toEqual([
      'placeholders differ in rows_other',
    ]);
    expect(compareLocales(rows, { ...rows, rows_few: '{{n}} rows' }, 'az')).toEqual([
      'extra key rows_few',
    ]);
  });
});
