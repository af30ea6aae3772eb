import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { isLoggedIn } from '@/lib/storage';
import { queryClient } from './query-client';
import { SessionKeeper } from './session-keeper';
import { cssVariablesResolver, theme } from './theme';

// The notifications' container (portal, transitions) loads beside the first render; one shown
// earlier waits in @mantine/notifications' store and appears when it mounts.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

// Login and logout reload the page, so "signed in" is settled once per page load.
const isSignedIn = isLoggedIn();

export const AppProvider = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <Suspense fallback={null}>
      <Notifications position="top-right" limit={4} />
    </Suspense>
    <QueryClientProvider client={queryClient}>
      {isSignedIn ? <SessionKeeper /> : null}
      {children}
    </QueryClientProvider>
  </MantineProvider>
);
