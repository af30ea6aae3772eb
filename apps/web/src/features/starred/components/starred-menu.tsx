import { ActionIcon } from '@mantine/core';
import { IconBookmarks } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { OnDemandMenu } from '@/components/on-demand-menu';

const loadMenu = () => import('./starred-menu-dropdown');

/** The starred pages, titled in the current language when the page is known. */
export const StarredMenu = () => {
  const { t } = useTranslation();
  const trigger = (
    <ActionIcon
      variant="subtle"
      color="gray.7"
      size="lg"
      aria-label={t('starred.menu.label')}
      title={t('starred.menu.label')}
    >
      <IconBookmarks size={20} aria-hidden />
    </ActionIcon>
  );
  return (
    <OnDemandMenu load={loadMenu} trigger={trigger}>
      {({ StarredMenuDropdown }) => <StarredMenuDropdown trigger={trigger} />}
    </OnDemandMenu>
  );
};
