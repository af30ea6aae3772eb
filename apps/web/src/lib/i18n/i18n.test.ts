import { beforeEach, describe, expect, it, vi } from 'vitest';

type I18nModule = typeof import('./i18n');

/**
 * i18n.ts keeps its state (the page keys asked for, whether it started) in the module: each test
 * takes a fresh copy, so it runs alone or in any order (i18next itself is initialised anew).
 */
const freshI18n = async (): Promise<I18nModule> => {
  vi.resetModules();
  return import('./i18n');
};

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

/** Loaders that say which language they served, and that count their calls. */
const calls: string[] = [];
const startup = async (lang: string) => {
  calls.push(`startup:${lang}`);
  return { common: { hello: `hello-${lang}` } };
};
/** Page keys arrive only once the test lets them through: a slow download it controls. */
let pagesGate = Promise.resolve();
let letPagesThrough = () => {};
const holdPages = () => {
  pagesGate = new Promise((resolve) => {
    letPagesThrough = resolve;
  });
};
const pages = async (lang: string) => {
  calls.push(`pages:${lang}`);
  await pagesGate;
  return { orders: { title: `orders-${lang}` } };
};
beforeEach(() => {
  calls.length = 0;
  pagesGate = Promise.resolve();
});

/** Waits until the page keys of `lang` have been asked for `times` times in all. */
const pagesAsked = (lang: string, times: number) =>
  vi.waitFor(() => expect(calls.filter((call) => call === `pages:${lang}`)).toHaveLength(times));

describe('translations in two parts', () => {
  let i18nModule: I18nModule;
  /** The keys below are this suite's own, not the app's typed ones. */
  const t = (key: string): string => i18nModule.i18n.t(key as never);

  beforeEach(async () => {
    i18nModule = await freshI18n();
    holdPages();
    await i18nModule.initI18n({ startup, pages });
  });

  it('starts with the start-up keys and adds the page keys right after, once', async () => {
    expect(t('common.hello')).toBe('hello-en');
    expect(i18nModule.i18n.exists('orders.title')).toBe(false);
    letPagesThrough();
    await i18nModule.pageTranslationsReady();
    expect(t('orders.title')).toBe('orders-en');
    await i18nModule.pageTranslationsReady();
    expect(calls.filter((call) => call === 'pages:en')).toHaveLength(1);
  });

  it('switches language only once both parts of the new language are in', async () => {
    // English complete first, as the app has it when someone switches
    letPagesThrough();
    await i18nModule.pageTranslationsReady();
    holdPages();
    const switching = i18nModule.changeUiLanguage('ru');
    await pagesAsked('ru', 1);
    letPagesThrough();
    await switching;
    expect(i18nModule.i18n.language).toBe('ru');
    expect(t('common.hello')).toBe('hello-ru');
    expect(t('orders.title')).toBe('orders-ru');
    await i18nModule.pageTranslationsReady();
    expect(calls.filter((call) => call === 'pages:ru')).toHaveLength(1);
  });
});

describe('a page opened cold from a link', () => {
  it('waits for its keys even when it asks before the translations have started', async () => {
    const fresh = await freshI18n();
    holdPages();
    // the router asks first (createAppRouter runs while bootstrap's initI18n is under way)
    const asked = fresh.pageTranslationsReady();
    const started = fresh.initI18n({ startup, pages });
    await pagesAsked('en', 1);
    letPagesThrough();
    await asked;
    expect(fresh.i18n.t('orders.title' as never)).toBe('orders-en');
    await started;
  });
});
