import { canAccess } from '@esd/shared/access/access.rules';
import { Menu, Text } from '@mantine/core';
import { IconStarFilled } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOpenedOnArrival } from '@/components/on-demand-menu';
import { findPageByPathname } from '@/config/paths';
import { getUserRole } from '@/lib/storage';
import { useStarredPages } from '../api/get-starred';

/** The starred pages menu itself, loaded on first use (starred-menu.tsx shows its button). */
export const StarredMenuDropdown = ({ trigger }: { trigger: ReactElement }) => {
  const opened = useOpenedOnArrival();
  const { t } = useTranslation();
  const starred = useStarredPages();
  const role = getUserRole();

  const items = (starred.data ?? []).flatMap((item) => {
    const found = findPageByPathname(item.path);
    if (found?.page.access && !canAccess(found.page.access, role)) return [];
    return [{ path: item.path, title: found ? t(found.page.titleKey) : item.title }];
  });

  return (
    <Menu position="bottom-end" width={280} {...opened}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('starred.menu.label')}</Menu.Label>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed" px="sm" pb="sm">
            {t('starred.menu.empty')}
          </Text>
        ) : (
          items.map((item) => (
            <Menu.Item
              key={item.path}
              component={Link}
              to={item.path}
              leftSection={<IconStarFilled size={14} color="var(--mantine-color-yellow-6)" />}
            >
              {item.title}
            </Menu.Item>
          ))
        )}
      </Menu.Dropdown>
    </Menu>
  );
};
