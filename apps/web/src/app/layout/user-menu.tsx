import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { logout } from '@/lib/session/session';
import { useStoredUserInfo } from '@/lib/session/use-stored-user-info';
import { getUserRole } from '@/lib/storage';

export const UserMenu = () => {
  const { t } = useTranslation();
  const info = useStoredUserInfo();
  const role = getUserRole();
  const name = info?.displayName || info?.email || '';

  return (
    // never wider than a phone's window less a margin, so it opens whole inside it
    <Menu position="bottom-end" width="min(260px, calc(100vw - 16px))">
      <Menu.Target>
        {/* named by its content, the user's name and role, then a hidden "User menu": an
            aria-label without the visible name would not answer a voice-control user saying
            it (WCAG 2.5.3 Label in Name); the initials are decoration */}
        <UnstyledButton p={4} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={4} wrap="nowrap">
            <Avatar
              src={info?.photoURL}
              name={name}
              color="initials"
              radius="xl"
              size={34}
              alt=""
              aria-hidden
              // some initials colours (orange, yellow) are too pale as text: AA contrast for all
              styles={{ placeholder: { color: 'var(--mantine-color-text)' } }}
            />
            <Box visibleFrom="md" maw={168} px={4}>
              <Text size="sm" fw={600} lineClamp={1}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" lineClamp={1}>
                {t(`roles.${role}`)}
              </Text>
            </Box>
            <VisuallyHidden>{t('layout.userMenu')}</VisuallyHidden>
            {/* a phone's header has no room for it beside the basket, stars and language */}
            <Box visibleFrom="xs" display="flex" aria-hidden>
              <IconChevronDown size={14} />
            </Box>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('layout.signedInAs')}</Menu.Label>
        <Box px="sm" pb="xs">
          <Text size="sm" fw={600} lineClamp={1}>
            {name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {info?.email}
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
