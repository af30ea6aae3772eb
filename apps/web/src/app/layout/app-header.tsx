import { canAccess } from '@esd/shared/access/access.rules';
import { Anchor, Burger, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { pages, paths } from '@/config/paths';
import { BasketButton } from '@/features/basket/components/basket-button';
import { StarButton } from '@/features/starred/components/star-button';
import { StarredMenu } from '@/features/starred/components/starred-menu';
import { getUserRole } from '@/lib/storage';
import { LanguageMenu } from './language-menu';
import { useBreadcrumbs, useCurrentPage } from './use-page-meta';
import { UserMenu } from './user-menu';

// The starred-pages contract accepts /pages/... paths only.
const STARRABLE_PATH = /^\/pages\/[A-Za-z0-9/_-]*$/;

type AppHeaderProps = { isNavbarOpened: boolean; onToggleNavbar: () => void };

export const AppHeader = ({ isNavbarOpened, onToggleNavbar }: AppHeaderProps) => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = useCurrentPage();
  const currentPage = current ? pages[current.name] : undefined;
  // the last crumb: a product page is starred under the product's title
  const title = useBreadcrumbs().at(-1)?.label;
  const starrable =
    currentPage?.access && title && STARRABLE_PATH.test(pathname)
      ? { path: pathname, title }
      : undefined;
  // spec 2: the basket is for dealers and their users
  const canShop = canAccess('dealerOrUser', getUserRole());

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Burger
          opened={isNavbarOpened}
          onClick={onToggleNavbar}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('layout.toggleNavigation')}
          aria-expanded={isNavbarOpened}
          aria-controls="main-navigation"
        />
        <Anchor component={Link} to={paths.home.getHref()} underline="never">
          <Logo />
        </Anchor>
      </Group>
      <Group gap={4} wrap="nowrap">
        {canShop ? <BasketButton /> : null}
        <StarButton page={starrable} />
        <StarredMenu />
        <LanguageMenu />
        <UserMenu />
      </Group>
    </Group>
  );
};
