import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from './navigation-progress';
import { useDocumentTitle } from './use-page-meta';

export const RootLayout = () => {
  useDocumentTitle();
  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
};
