import { DEFAULT_LANGUAGE, isLanguage, type Language, languages } from '@esd/shared/constants';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage, setLanguage } from '../storage';

const applyDocumentLanguage = (lang: string) => {
  document.documentElement.lang = lang;
};

type LoadTranslation = (lang: Language) => Promise<Record<string, unknown>>;

/**
 * Translations come from the app (common + every feature), so this module imports no feature.
 * They load per language (an i18next backend over dynamic imports): the promise settles once
 * the stored language is ready, and a language switch waits for its files before it applies.
 */
export const initI18n = async (loadTranslation: LoadTranslation) => {
  i18n.on('languageChanged', applyDocumentLanguage);
  await i18n
    .use({
      type: 'backend',
      init: () => undefined,
      read: (lang: string, _ns: string, done: (error: unknown, data?: unknown) => void) => {
        const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
        loadTranslation(language).then(
          (data) => done(null, data),
          (error: unknown) => done(error),
        );
      },
    })
    .use(initReactI18next)
    .init({
      lng: getLanguage(),
      // Only the active language loads; the locale tests keep every key in all three.
      fallbackLng: false,
      supportedLngs: [...languages],
      load: 'currentOnly',
      interpolation: { escapeValue: false },
      returnEmptyString: false,
      showSupportNotice: false,
    });
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
