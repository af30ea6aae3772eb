import type { Role } from '@esd/shared/access/access.rules';
import { Box, Menu, Text } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenedOnArrival } from '@/components/on-demand-menu';
import { paths } from '@/config/paths';
import { logout } from '@/lib/session/session';

type UserMenuDropdownProps = {
  trigger: ReactElement;
  name: string;
  email: string | undefined;
  role: Role;
};

/** The user menu itself, loaded on first use (user-menu.tsx shows its button). */
export const UserMenuDropdown = ({ trigger, name, email, role }: UserMenuDropdownProps) => {
  const opened = useOpenedOnArrival();
  const { t } = useTranslation();
  return (
    // never wider than a phone's window less a margin, so it opens whole inside it
    <Menu position="bottom-end" width="min(260px, calc(100vw - 16px))" {...opened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('layout.signedInAs')}</Menu.Label>
        <Box px="sm" pb="xs">
          <Text size="sm" fw={600} lineClamp={1}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {email}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`roles.${role}`)}
          </Text>
        </Box>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={paths.profile.getHref()}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {t('pages.profile')}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={logout}>
          {t('actions.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
