import { formatNumber } from '@esd/shared/format/format';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Whole numbers with the interface language's grouping: 100 000, 100,000. */
export const useFormatCount = () => {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback((value: number) => formatNumber(value, language), [language]);
};
