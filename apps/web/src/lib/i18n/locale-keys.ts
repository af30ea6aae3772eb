type Json = string | number | boolean | null | Json[] | { [key: string]: Json };

/** Flattens nested locale JSON into `a.b.c` → value. */
export const flattenLocale = (value: Json, prefix = ''): Map<string, Json> => {
  const entries = new Map<string, Json>();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      const path = prefix ? `${prefix}.${key}` : key;
      for (const [childPath, childValue] of flattenLocale(child, path)) {
        entries.set(childPath, childValue);
      }
    }
  } else {
    entries.set(prefix, value);
  }
  return entries;
};

const placeholders = (text: string) =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** The plural forms i18next looks up in a language: en one/other, ru one/few/many/other. */
export const pluralForms = (lang: string) =>
  // sorted: the order of ICU's list differs between Node 20 and Node 24
  [...new Intl.PluralRules(lang).resolvedOptions().pluralCategories].sort() as string[];

/**
 * The keys a translation must have: the reference's, except that a plural key (`x_one`,
 * `x_other`...: i18next's `count` forms) needs the plural forms of the translation's language.
 */
const expectedKeys = (reference: Map<string, Json>, lang?: string) => {
  const expected = new Map<string, Json>();
  for (const [key, value] of reference) {
    const base = key.replace(pluralSuffix, '');
    if (!lang || base === key || !reference.has(`${base}_other`)) {
      expected.set(key, value);
      continue;
    }
    // every form compares its placeholders with the English "other" form
    const other = reference.get(`${base}_other`) ?? value;
    for (const form of pluralForms(lang)) expected.set(`${base}_${form}`, other);
  }
  return expected;
};

/**
 * Every difference between a translation and the English reference, as readable lines. With
 * the translation's language, plural keys are checked against that language's plural forms.
 */
export const compareLocales = (reference: Json, translation: Json, lang?: string): string[] => {
  const expected = expectedKeys(flattenLocale(reference), lang);
  const actual = flattenLocale(translation);
  const problems: string[] = [];
  for (const [key, value] of expected) {
    const other = actual.get(key);
    if (!actual.has(key)) problems.push(`missing key ${key}`);
    else if (typeof other !== 'string' || other.trim() === '') problems.push(`empty value ${key}`);
    else if (
      typeof value === 'string' &&
      placeholders(value).join() !== placeholders(other).join()
    ) {
      problems.push(`placeholders differ in ${key}`);
    }
  }
  for (const key of actual.keys()) {
    if (!expected.has(key)) problems.push(`extra key ${key}`);
  }
  return problems;
};
