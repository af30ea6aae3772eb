import { DEFAULT_LANGUAGE, type Language, languages } from '@esd/shared/constants';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { getLanguage, setLanguage } from '../storage';

const applyDocumentLanguage = (lang: string) => {
  document.documentElement.lang = lang;
};

/** Resources come from the app (common + every feature), so this module imports no feature. */
export const initI18n = (resources: Resource) => {
  void i18n.use(initReactI18next).init({
    resources,
    lng: getLanguage(),
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...languages],
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    initAsync: false,
    showSupportNotice: false,
  });
  applyDocumentLanguage(i18n.language);
  i18n.on('languageChanged', applyDocumentLanguage);
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
