import { isLanguage, type Language, languages } from '@esd/shared/constants';
import { Button, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { userQueryOptions } from '@/features/profile/api/get-user';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { changeUiLanguage, languageNames } from '@/lib/i18n/i18n';
import { getUserInfo, isLoggedIn } from '@/lib/storage';

/** en / ru / az; a signed-in user's choice is also saved to their profile so it follows them. */
export const LanguageMenu = () => {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const updateProfile = useUpdateProfile();
  const current: Language = isLanguage(i18n.language) ? i18n.language : 'en';
  const isPhone = useMediaQuery('(max-width: 36em)');

  const select = async (lang: Language) => {
    if (lang === current) return;
    await changeUiLanguage(lang);
    if (!isLoggedIn()) return;
    const profile = queryClient.getQueryData(userQueryOptions().queryKey);
    const name = (profile?.name ?? getUserInfo()?.displayName ?? '').trim();
    if (name) updateProfile.mutate({ name, lang });
  };

  return (
    <Menu position="bottom-end" width={180}>
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        {languages.map((lang) => (
          <Menu.Item
            key={lang}
            lang={lang}
            onClick={() => void select(lang)}
            aria-current={lang === current ? 'true' : undefined}
            rightSection={lang === current ? <IconCheck size={16} aria-hidden /> : null}
          >
            {languageNames[lang]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
};
