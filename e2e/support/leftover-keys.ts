import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

const webSource = path.join(import.meta.dirname, '../../apps/web/src');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as object;

/** The first segment of every translation key: the common groups and the features' names. */
const namespaces = [
  ...Object.keys(readJson(path.join(webSource, 'lib/i18n/locales/en.json'))),
  ...readdirSync(path.join(webSource, 'features')),
];

/** A translation key (`users.description`), not an address, an amount or a file name. */
export const keyPattern = new RegExp(
  `(?<![\\w@/.-])(?:${namespaces.join('|')})\\.[A-Za-z][\\w]*(?:\\.[\\w]+)*(?![\\w@/-])`,
  'g',
);

/** Keys and placeholders in what the page shows and says (text, labels, placeholders, titles). */
export const leftovers = async (page: Page) => {
  const texts = await page.evaluate(() => {
    const said = Array.from(
      document.querySelectorAll('[aria-label], [placeholder], [title], [alt]'),
    )
      .flatMap((element) =>
        ['aria-label', 'placeholder', 'title', 'alt'].map((name) => element.getAttribute(name)),
      )
      .filter((value): value is string => Boolean(value));
    return [document.title, document.body.innerText, ...said];
  });
  return texts.flatMap((text) => [
    ...(text.match(keyPattern) ?? []),
    ...(text.match(/\{\{\s*\w+\s*\}\}/g) ?? []),
  ]);
};
