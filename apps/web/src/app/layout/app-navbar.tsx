import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { pages } from '@/config/paths';
import { PendingPartnersBadge } from '@/features/partners/components/pending-partners-badge';
import { useUser } from '@/features/profile/api/get-user';
import { getUserRole } from '@/lib/storage';
import { getNavSections } from './nav-items';

const isActivePath = (pathname: string, href: string) =>
  pathname === href || pathname.startsWith(`${href}/`);

/** Sidebar content; AppShell.Navbar around it is the <nav> landmark. */
export const AppNavbar = () => {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const profile = useUser().data;
  const sections = getNavSections(getUserRole(), profile);

  return (
    <ScrollArea type="scroll" scrollbarSize={6} style={{ flex: 1 }}>
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
                        page === 'settingsPartners' ? <PendingPartnersBadge /> : undefined
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
    </ScrollArea>
  );
};
