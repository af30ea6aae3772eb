import { type Language, languages } from '@esd/shared/constants';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { useOpenedOnArrival } from '@/components/on-demand-menu';
import { userQueryOptions } from '@/features/profile/api/get-user';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { changeUiLanguage, languageNames } from '@/lib/i18n/i18n';
import { getUserInfo, isLoggedIn } from '@/lib/storage';

type LanguageMenuDropdownProps = { current: Language; trigger: ReactElement };

/** The language menu itself, loaded on first use (language-menu.tsx shows its button). */
export const LanguageMenuDropdown = ({ current, trigger }: LanguageMenuDropdownProps) => {
  const opened = useOpenedOnArrival();
  const queryClient = useQueryClient();
  const updateProfile = useUpdateProfile();

  const select = async (lang: Language) => {
    if (lang === current) return;
    await changeUiLanguage(lang);
    if (!isLoggedIn()) return;
    const profile = queryClient.getQueryData(userQueryOptions().queryKey);
    const name = (profile?.name ?? getUserInfo()?.displayName ?? '').trim();
    if (name) updateProfile.mutate({ name, lang });
  };

  return (
    <Menu position="bottom-end" width={180} {...opened}>
      <Menu.Target>{trigger}</Menu.Target>
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
