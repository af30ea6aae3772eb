import { isLanguage, type Language } from '@esd/shared/constants';
import { useTranslation } from 'react-i18next';

/** The interface language, as a key of the `{ en, ru, az }` texts of settings records. */
export const useContentLanguage = (): Language => {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : 'en';
};
