import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

/** The two windows every journey of a role is walked in: a laptop and a phone. */
export const DESKTOP = { width: 1366, height: 768 };
export const PHONE = { width: 390, height: 844 };

const webSource = path.join(import.meta.dirname, '../../apps/web/src');
type Json = { [key: string]: string | Json };
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Json;
const features = readdirSync(path.join(webSource, 'features'));

/** The first segment of every translation key: the common groups and the features' names. */
const namespaces = [
  ...Object.keys(readJson(path.join(webSource, 'lib/i18n/locales/en.json'))),
  ...features,
];
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

export const expectNoLeftovers = async (page: Page, label: string) => {
  expect(await leftovers(page), `${label}: translation keys or placeholders`).toEqual([]);
};

/**
 * Spec 20: nothing on a phone needs a sideways scroll to be read: neither the page nor a box
 * inside it that hides part of its content sideways. A named region that scrolls on purpose
 * (a focusable, labelled table of many columns, such as a statistics matrix) is allowed.
 */
export const expectNoSidewaysScroll = async (page: Page, label: string) => {
  const { scrollWidth, innerWidth, boxes } = await page.evaluate(() => {
    const boxes = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        if (overflowX !== 'auto' && overflowX !== 'scroll') return false;
        if (element.clientWidth === 0 || element.scrollWidth <= element.clientWidth + 1) {
          return false;
        }
        const named = element.closest(
          '[role="region"][aria-label], [role="region"][aria-labelledby]',
        );
        return named === null;
      })
      .map((element) => `${element.innerText.slice(0, 60).replace(/\s+/g, ' ')}…`);
    return {
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
      boxes,
    };
  });
  expect(scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
  expect(boxes, `${label}: boxes that scroll sideways`).toEqual([]);
};

/**
 * Shown and wholly inside the window's width, so no scroll is needed to read it; polled, as a
 * drawer or a menu slides in from the side.
 */
export const expectInView = async (locator: Locator, label: string) => {
  await expect(locator, label).toBeVisible();
  const width = locator.page().viewportSize()?.width ?? PHONE.width;
  await expect
    .poll(
      async () => {
        const box = await locator.boundingBox();
        if (!box) return 'not laid out';
        if (box.x < 0) return `starts ${-box.x} px left of the window`;
        const overflow = box.x + box.width - width;
        return overflow > 0 ? `ends ${overflow} px right of the window` : 'in view';
      },
      { message: label },
    )
    .toBe('in view');
};

const lookUp = (tree: Json, key: string): string | Json | undefined =>
  key
    .split('.')
    .reduce<string | Json | undefined>(
      (node, part) => (node === undefined || typeof node === 'string' ? undefined : node[part]),
      tree,
    );

/**
 * The interface's words in a language, read from the web app's own locale files, so a journey
 * finds a button or a status by what it says in ru or az without a second copy of them here.
 * `count` picks the plural form as i18next does (`_one`, `_few`, `_many`, `_other`).
 */
export const wordsIn = (lang: string) => {
  const tree: Json = readJson(path.join(webSource, `lib/i18n/locales/${lang}.json`));
  for (const feature of features) {
    const file = path.join(webSource, `features/${feature}/locales/${lang}.json`);
    tree[feature] = readJson(file);
  }
  const plural = new Intl.PluralRules(lang);
  return (key: string, values: Record<string, string | number> = {}) => {
    const form =
      typeof values.count === 'number' ? `${key}_${plural.select(values.count)}` : undefined;
    const found = (form && lookUp(tree, form)) ?? lookUp(tree, key);
    if (typeof found !== 'string') throw new Error(`no words for ${key} in ${lang}`);
    return found.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
};
