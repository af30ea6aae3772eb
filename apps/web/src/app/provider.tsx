import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { isLoggedIn } from '@/lib/storage';
import { queryClient } from './query-client';
import { SessionKeeper } from './session-keeper';
import { cssVariablesResolver, theme } from './theme';

// Login and logout reload the page, so "signed in" is settled once per page load.
const isSignedIn = isLoggedIn();

export const AppProvider = ({ children }: { children: ReactNode }) => (
  <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
    <Notifications position="top-right" limit={4} />
    <QueryClientProvider client={queryClient}>
      {isSignedIn ? <SessionKeeper /> : null}
      {children}
    </QueryClientProvider>
  </MantineProvider>
);
