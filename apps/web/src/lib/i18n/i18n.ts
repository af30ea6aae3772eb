import { DEFAULT_LANGUAGE, isLanguage, type Language, languages } from '@esd/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage, setLanguage } from '../storage';

const applyDocumentLanguage = (lang: string) => {
  document.documentElement.lang = lang;
};

type Translation = Record<string, unknown>;
type TranslationLoaders = {
  /** the keys the first render needs (the common file and the start-up features) */
  startup: (lang: Language) => Promise<Translation>;
  /** every other page's keys */
  pages: (lang: Language) => Promise<Translation>;
};

/** Settles once initI18n has run (the router may ask for page keys before it has). */
let markInitialized: () => void = () => {};
const initialized = new Promise<void>((resolve) => {
  markInitialized = resolve;
});

/** Per language: its page keys, once they are in i18next's store. */
const pageTranslations = new Map<Language, Promise<void>>();
let loaders: TranslationLoaders | undefined;

const addPageTranslation = (lang: Language) => {
  let added = pageTranslations.get(lang);
  if (!added) {
    if (!loaders) throw new Error('initI18n has not run');
    added = loaders.pages(lang).then((keys) => {
      i18n.addResourceBundle(lang, 'translation', keys, true, true);
    });
    // a failed download is tried again by the next page that needs it
    added.catch(() => pageTranslations.delete(lang));
    pageTranslations.set(lang, added);
  }
  return added;
};

/**
 * Resolves once the active language's page keys are in place: a page outside the start-up set
 * awaits it beside its chunk (router.tsx), so it never renders a raw key. The router starts a
 * cold load's page before i18next knows its language, so this first waits for initI18n.
 */
export const pageTranslationsReady = async (): Promise<void> => {
  await initialized;
  const lang = i18n.language;
  if (isLanguage(lang)) await addPageTranslation(lang);
};

/**
 * Translations come from the app (common + every feature), so this module imports no feature.
 * They load per language (an i18next backend over dynamic imports): the promise settles once
 * the stored language's start-up keys are ready, and the page keys follow at once in the
 * background. A language switch waits for both before it applies.
 */
export const initI18n = async (translations: TranslationLoaders) => {
  loaders = translations;
  let isStartup = true;
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use({
      type: 'backend',
      init: () => undefined,
      read: (lang: string, _ns: string, done: (error: unknown, data?: unknown) => void) => {
        const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
        const startup = translations.startup(language);
        const keys = isStartup
          ? startup
          : // a switch: the page in view may need any feature's keys
            Promise.all([startup, translations.pages(language)]).then(([first, pages]) => {
              pageTranslations.set(language, Promise.resolve());
              return { ...first, ...pages };
            });
        isStartup = false;
        keys.then(
          (data) => done(null, data),
          (error: unknown) => done(error),
        );
      },
    })
    .use(initReactI18next)
    .init({
      // a component re-renders when keys arrive after it did (never a raw key that stays)
      react: { bindI18nStore: 'added' },
      lng: getLanguage(),
      // Only the active language loads; the locale tests keep every key in all three.
      fallbackLng: false,
      supportedLngs: [...languages],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      showSupportNotice: false,
    })
    .finally(() => markInitialized());
  void pageTranslationsReady().catch(() => undefined);
  return i18n;
};

/** Switches the interface language and keeps it under `lang` for the next visit. */
export const changeUiLanguage = async (lang: Language) => {
  setLanguage(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
};

export const getUiLanguage = (): string => i18n.language || getLanguage();

export const languageNames: Record<Language, string> = {
  en: 'English',
  ru: 'Русский',
  az: 'Azərbaycanca',
};

export { i18n };
