import { Anchor, Box, Center, Group } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';
import { Logo } from '@/components/logo';
import { paths } from '@/config/paths';
import { LanguageSwitch } from './language-switch';

/** Login, password recovery, become a partner, and the status pages for visitors. */
export const PublicLayout = () => {
  // the partner application is a long form: two columns of fields need the room
  const isWide = useLocation().pathname === paths.becomePartner.path;
  return (
    <Box
      mih="100dvh"
      style={{
        display: 'flex',
        flexDirection: 'column',
        background:
          'radial-gradient(1200px 600px at 10% -10%, var(--mantine-color-indigo-1), transparent 60%), radial-gradient(900px 500px at 110% 110%, var(--mantine-color-cyan-0), transparent 60%), var(--mantine-color-gray-0)',
      }}
    >
      <Group component="header" justify="space-between" px={{ base: 'sm', sm: 'xl' }} py="sm">
        <Anchor component={Link} to={paths.home.getHref()} underline="never">
          <Logo />
        </Anchor>
        <LanguageSwitch />
      </Group>
      <Center component="main" id="main-content" style={{ flex: 1 }} px="sm" pb={48}>
        <Box w="100%" maw={isWide ? 880 : 520}>
          <Outlet />
        </Box>
      </Center>
    </Box>
  );
};
