import { isLanguage, type Language } from '@esd/shared/constants';
import { Button } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnDemandMenu } from '@/components/on-demand-menu';

const loadMenu = () => import('./language-menu-dropdown');

/** en / ru / az; a signed-in user's choice is also saved to their profile so it follows them. */
export const LanguageMenu = () => {
  const { t, i18n } = useTranslation();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const isPhone = useMediaQuery('(max-width: 36em)');
  const trigger = (
    <Button
      variant="subtle"
      color="gray"
      c="gray.8"
      px="xs"
      // "Language: EN": the name holds the visible code, so a voice-control user saying
      // what they see finds the button (WCAG 2.5.3 Label in Name)
      aria-label={t('layout.languageCurrent', { code: current.toUpperCase() })}
      // the code alone on a phone: the header's right side has no room for the icon too
      leftSection={isPhone ? undefined : <IconLanguage size={20} aria-hidden />}
    >
      {current.toUpperCase()}
    </Button>
  );
  return (
    <OnDemandMenu load={loadMenu} trigger={trigger}>
      {({ LanguageMenuDropdown }) => <LanguageMenuDropdown current={current} trigger={trigger} />}
    </OnDemandMenu>
  );
};
