import { canAccess } from '@esd/shared/access/access.rules';
import { Box, NavLink, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type PageName, pages } from '@/config/paths';
import type { WaitingKind } from '@/features/notifications/components/waiting-badges';
import { useUser } from '@/features/profile/api/get-user';
import { getUserRole } from '@/lib/storage';
import { getNavSections } from './nav-items';

// admins' counts only: loaded beside the page, out of every other user's first load
const WaitingBadges = lazy(() =>
  import('@/features/notifications/components/waiting-badges').then((m) => ({
    default: m.WaitingBadges,
  })),
);

/** What waits for an admin behind each link, counted beside it. */
const waitingOn: Partial<Record<PageName, readonly WaitingKind[]>> = {
  orders: ['cash_orders', 'return_requests'],
  settingsPartners: ['partner_applications'],
  settingsProducts: ['low_stock_products'],
};

const isActivePath = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(`${href}/`);

/** Sidebar content; AppShell.Navbar around it is the <nav> landmark. */
export const AppNavbar = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profile = useUser().data;
  const role = getUserRole();
  const sections = getNavSections(role, profile);
  const isAdmin = canAccess('globalOrLocal', role);

  return (
    // the browser's own scrolling with a thin bar: Mantine's ScrollArea brings in floating-ui
    // (its ref merging), some 20 KB gzip of every signed-in page's first load (issue 35)
    <Box style={{ flex: 1, overflowY: 'auto', scrollbarWidth: 'thin' }}>
      <Stack gap="md" p="sm" pb="xl">
        {sections.map((section) => (
          <div key={section.key}>
            <Text
              id={`nav-section-${section.key}`}
              size="xs"
              fw={700}
              tt="uppercase"
              c="dimmed"
              px="sm"
              mb={4}
              style={{ letterSpacing: '0.06em' }}
            >
              {t(`nav.${section.key}`)}
            </Text>
            <ul
              aria-labelledby={`nav-section-${section.key}`}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {section.items.map(({ page, icon: Icon }) => {
                const href = pages[page].getHref();
                const isActive = isActivePath(pathname, href);
                return (
                  <li key={page}>
                    <NavLink
                      component={Link}
                      to={href}
                      label={t(pages[page].titleKey)}
                      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
                      rightSection={
                        isAdmin && waitingOn[page] ? (
                          <Suspense fallback={null}>
                            <WaitingBadges kinds={waitingOn[page]} />
                          </Suspense>
                        ) : undefined
                      }
                      active={isActive}
                      aria-current={isActive ? 'page' : undefined}
                      variant="light"
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    />
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </Stack>
    </Box>
  );
};
