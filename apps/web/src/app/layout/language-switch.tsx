import { isLanguage, type Language, languages } from '@esd/shared/constants';
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changeUiLanguage, languageNames } from '@/lib/i18n/i18n';

/**
 * The visitors' pages' language choice: the three languages side by side, one click each, and
 * none of the menu's floating machinery on the sign-in page's first load. Signed-in pages keep
 * the language menu, which also saves the choice to the profile.
 */
export const LanguageSwitch = () => {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      value={current}
      aria-label={t('layout.language')}
      onChange={(value) => {
        if (isLanguage(value)) void changeUiLanguage(value);
      }}
      data={languages.map((lang) => ({
        value: lang,
        // the code is what shows; its name adds the language's own name ("RU Русский")
        label: (
          <span lang={lang} title={languageNames[lang]}>
            {lang.toUpperCase()}
            <VisuallyHidden> {languageNames[lang]}</VisuallyHidden>
          </span>
        ),
      }))}
    />
  );
};
