import { beforeAll, describe, expect, it, vi } from 'vitest';
import { changeUiLanguage, i18n, initI18n, pageTranslationsReady } from './i18n';

/** The keys below are this suite's own, not the app's typed ones. */
const t = (key: string): string => i18n.t(key as never);

// i18n.ts marks the document's language; this suite runs in Node
(globalThis as { document?: unknown }).document = { documentElement: { lang: '' } };

/** Loaders that say which language they served, and that count their calls. */
const calls: string[] = [];
const startup = async (lang: string) => {
  calls.push(`startup:${lang}`);
  return { common: { hello: `hello-${lang}` } };
};
const pages = async (lang: string) => {
  calls.push(`pages:${lang}`);
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { orders: { title: `orders-${lang}` } };
};

describe('translations in two parts', () => {
  beforeAll(async () => {
    await initI18n({ startup, pages });
  });

  it('starts with the start-up keys and adds the page keys right after, once', async () => {
    expect(t('common.hello')).toBe('hello-en');
    expect(i18n.exists('orders.title')).toBe(false);
    await pageTranslationsReady();
    expect(t('orders.title')).toBe('orders-en');
    await pageTranslationsReady();
    expect(calls.filter((call) => call === 'pages:en')).toHaveLength(1);
  });

  it('switches language only once both parts of the new language are in', async () => {
    await changeUiLanguage('ru');
    expect(i18n.language).toBe('ru');
    expect(t('common.hello')).toBe('hello-ru');
    expect(t('orders.title')).toBe('orders-ru');
    await pageTranslationsReady();
    expect(calls.filter((call) => call === 'pages:ru')).toHaveLength(1);
  });
});

describe('a page opened cold from a link', () => {
  it('waits for its keys even when it asks before the translations have started', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    // the router asks first (createAppRouter runs while bootstrap's initI18n is under way)
    const asked = fresh.pageTranslationsReady();
    const started = fresh.initI18n({ startup, pages });
    await asked;
    expect(fresh.i18n.t('orders.title' as never)).toBe('orders-en');
    await started;
  });
});
