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

/** Every difference between a translation and the English reference, as readable lines. */
export const compareLocales = (reference: Json, translation: Json): string[] => {
  const expected = flattenLocale(reference);
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
