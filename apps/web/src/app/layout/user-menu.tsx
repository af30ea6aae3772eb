import { Avatar, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnDemandMenu } from '@/components/on-demand-menu';
import { useStoredUserInfo } from '@/lib/session/use-stored-user-info';
import { getUserRole } from '@/lib/storage';

const loadMenu = () => import('./user-menu-dropdown');

export const UserMenu = () => {
  const { t } = useTranslation();
  const info = useStoredUserInfo();
  const role = getUserRole();
  const name = info?.displayName || info?.email || '';

  // named by its content, the user's name and role, then a hidden "User menu": an aria-label
  // without the visible name would not answer a voice-control user saying it (WCAG 2.5.3 Label
  // in Name); the initials are decoration
  const trigger = (
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
  );
  return (
    <OnDemandMenu load={loadMenu} trigger={trigger}>
      {({ UserMenuDropdown }) => (
        <UserMenuDropdown trigger={trigger} name={name} email={info?.email} role={role} />
      )}
    </OnDemandMenu>
  );
};
