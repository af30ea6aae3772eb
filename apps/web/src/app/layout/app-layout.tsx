import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SM_UP } from '@/lib/media-queries';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import { PageBreadcrumbs } from './page-breadcrumbs';
import { SkipLink } from './skip-link';

/** The signed-in shell: top bar, role-aware sidebar (a burger on phones), breadcrumbs. */
export const AppLayout = () => {
  const { t } = useTranslation();
  const [isNavbarOpened, navbar] = useDisclosure(false);
  const { pathname } = useLocation();
  // On a phone the sidebar is a burger menu: its links are built on the first open, not on
  // every page load, where they cost a slow phone's main thread before the page answers a tap
  // (issue 35). Collapsed, it is out of sight and out of the tab order either way.
  const isWide = useMediaQuery(SM_UP, false, { getInitialValueInEffect: false });
  const [wasOpened, setWasOpened] = useState(false);
  if (isNavbarOpened && !wasOpened) setWasOpened(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the phone menu on navigation
  useEffect(() => navbar.close(), [pathname]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !isNavbarOpened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader isNavbarOpened={isNavbarOpened} onToggleNavbar={navbar.toggle} />
      </AppShell.Header>
      <AppShell.Navbar id="main-navigation" aria-label={t('nav.main')}>
        {isWide || wasOpened ? <AppNavbar /> : null}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        <PageBreadcrumbs />
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
};
