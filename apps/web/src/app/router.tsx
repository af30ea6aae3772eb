import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { type PageName, pages, paths } from '@/config/paths';
import { pageTranslationsReady } from '@/lib/i18n/i18n';
import { createGuardLoader } from './guards';
import { RootLayout } from './layout/root-layout';
import { RouteError } from './layout/route-error';
import type { RouteHandle } from './layout/use-page-meta';
import { lazyPage } from './lazy-page';

type PageModule = () => Promise<{ Component: React.ComponentType }>;

/**
 * A layout is a chunk too: the login page does not load the signed-in shell (menus, navbar,
 * basket), and react-router loads a page's layout and its page chunk in parallel.
 */
const lazyLayout = (load: () => Promise<React.ComponentType>) =>
  lazyPage(async () => ({ Component: await load() }));

/** Pages that use only the translations loaded at start-up (app/i18n-startup.ts). */
const startupPages = new Set<PageName>([
  'login',
  'forgotPassword',
  'resetPassword',
  'becomePartner',
  'products',
  'product',
]);

/**
 * One page route: its URL, guard and title come from config/paths; its code is a chunk, loaded
 * beside the other features' translations unless the page needs only the start-up ones.
 */
const pageRoute = (name: PageName, load: PageModule): RouteObject => ({
  path: pages[name].path,
  loader: createGuardLoader(pages[name]),
  handle: { page: name } satisfies RouteHandle,
  lazy: lazyPage(
    startupPages.has(name)
      ? load
      : () => Promise.all([load(), pageTranslationsReady()]).then(([module]) => module),
  ),
});

const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    HydrateFallback: () => <PageLoader fullScreen />,
    children: [
      { path: paths.home.path, loader: () => redirect(paths.products.getHref()), element: null },
      { path: paths.callback.path, lazy: lazyPage(() => import('./routes/callback')) },
      {
        lazy: lazyLayout(() => import('./layout/public-layout').then((m) => m.PublicLayout)),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              pageRoute('login', () => import('./routes/login')),
              pageRoute('forgotPassword', () => import('./routes/forgot-password')),
              pageRoute('resetPassword', () => import('./routes/reset-password')),
              pageRoute('becomePartner', () => import('./routes/become-a-partner')),
              pageRoute('secondFactor', () => import('./routes/second-factor')),
            ],
          },
        ],
      },
      {
        lazy: lazyLayout(() => import('./layout/adaptive-layout').then((m) => m.AdaptiveLayout)),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              pageRoute('notFound', () => import('./routes/not-found')),
              pageRoute('notAuthorized', () => import('./routes/not-authorized')),
            ],
          },
        ],
      },
      {
        lazy: lazyLayout(() => import('./layout/app-layout').then((m) => m.AppLayout)),
        children: [
          {
            errorElement: <RouteError />,
            children: [
              pageRoute('profile', () => import('./routes/profile')),
              pageRoute('settingsMailbox', () => import('./routes/mailbox')),
              pageRoute('products', () => import('./routes/products')),
              pageRoute('product', () => import('./routes/product')),
              pageRoute('settingsCountries', () => import('./routes/settings-countries')),
              pageRoute('settingsCategories', () => import('./routes/settings-categories')),
              pageRoute('settingsProducts', () => import('./routes/settings-products')),
              pageRoute('settingsMarkup', () => import('./routes/settings-markup')),
              pageRoute('settingsProduct', () => import('./routes/settings-product-prices')),
              pageRoute('settingsGroups', () => import('./routes/settings-user-groups')),
              pageRoute('settingsApiKeys', () => import('./routes/settings-api-keys')),
              pageRoute('settingsWebhooks', () => import('./routes/settings-webhooks')),
              pageRoute('checkout', () => import('./routes/checkout')),
              pageRoute('orders', () => import('./routes/orders')),
              pageRoute('credit', () => import('./routes/credit')),
              pageRoute('adobeSubscriptions', () => import('./routes/adobe-subscriptions')),
              pageRoute('statisticAdobe', () => import('./routes/statistic-adobe')),
              pageRoute('statisticWeekly', () => import('./routes/statistic-weekly')),
              pageRoute('statisticDistribution', () => import('./routes/statistic-distribution')),
              pageRoute('statisticQuarter', () => import('./routes/statistic-quarter')),
              pageRoute('settingsPartners', () => import('./routes/settings-partners')),
              pageRoute('settingsJobs', () => import('./routes/settings-jobs')),
              pageRoute('settingsCompany', () => import('./routes/settings-company')),
              pageRoute('news', () => import('./routes/news')),
              pageRoute('newsArticle', () => import('./routes/news-article')),
              pageRoute('library', () => import('./routes/library')),
              pageRoute('settingsNews', () => import('./routes/settings-news')),
              pageRoute('settingsLibrary', () => import('./routes/settings-library')),
              pageRoute('settingsTargets', () => import('./routes/settings-targets')),
              pageRoute('events', () => import('./routes/events')),
              pageRoute('event', () => import('./routes/event')),
              pageRoute('prize', () => import('./routes/prize')),
              pageRoute('settingsEvents', () => import('./routes/settings-events')),
              pageRoute('settingsPrizes', () => import('./routes/settings-prizes')),
              pageRoute('settingsWonPrizes', () => import('./routes/settings-won-prizes')),
              pageRoute('settingsUsers', () => import('./routes/settings-users')),
            ],
          },
        ],
      },
      { path: '*', loader: () => redirect(paths.notFound.getHref()), element: null },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
