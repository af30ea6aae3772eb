import type { AccessRule } from '@esd/shared/access/access.rules';
import { matchPath } from 'react-router';
import type en from '@/lib/i18n/locales/en.json';

export type PageTitleKey = `pages.${keyof (typeof en)['pages']}`;
export type SectionKey = 'shop' | 'orders' | 'eventsNews' | 'statistics' | 'settings';

/**
 * One URL of the app. `access` set: signed-in users whose role passes the rule (spec 2, 6).
 * `guestOnly`: the public auth pages a signed-in user is sent away from. Neither: open to all.
 */
export type PageConfig = {
  path: string;
  titleKey: PageTitleKey;
  access?: AccessRule;
  guestOnly?: true;
  /** the breadcrumb before this page (a page without params, linked) */
  parent?: 'products' | 'events' | 'news';
  /** the breadcrumb section before this page (a label, not linked) */
  section?: SectionKey;
  /**
   * Beyond the role: `adobeSales`, only for those the Adobe sales are of use to (admins, a
   * dealer with an Adobe account; `canSeeAdobeSales`, which the server applies too).
   */
  requires?: 'adobeSales';
};

const withParams = (path: string, params: Record<string, string | number>) =>
  path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));

const page = <P extends Record<string, string | number> = Record<string, never>>(
  config: PageConfig,
) => ({
  ...config,
  getHref: (params?: P) => (params ? withParams(config.path, params) : config.path),
});

const settings = (slug: string, titleKey: PageTitleKey, access: AccessRule = 'globalDistrict') =>
  page({ path: `/pages/settings/${slug}`, titleKey, access, section: 'settings' });

export const paths = {
  home: { path: '/', getHref: () => '/' },
  callback: { path: '/callback', getHref: () => '/callback' },

  login: {
    ...page({ path: '/pages/login', titleKey: 'pages.login', guestOnly: true }),
    getHref: (to?: string) => (to ? `/pages/login?to=${encodeURIComponent(to)}` : '/pages/login'),
  },
  forgotPassword: page({
    path: '/pages/forgot-password',
    titleKey: 'pages.forgotPassword',
    guestOnly: true,
  }),
  resetPassword: page({
    path: '/pages/reset-password',
    titleKey: 'pages.resetPassword',
    guestOnly: true,
  }),
  becomePartner: page({
    path: '/pages/become-a-partner',
    titleKey: 'pages.becomePartner',
    guestOnly: true,
  }),
  /** where an account that must have a second factor sets one up, before anything else */
  secondFactor: page({
    path: '/pages/second-factor',
    titleKey: 'pages.secondFactor',
    access: 'public',
  }),
  notAuthorized: page({ path: '/pages/not-authorized', titleKey: 'pages.notAuthorized' }),
  notFound: page({ path: '/pages/error-404', titleKey: 'pages.notFound' }),

  profile: page({ path: '/pages/profile', titleKey: 'pages.profile', access: 'public' }),
  products: page({
    path: '/pages/products',
    titleKey: 'pages.products',
    access: 'public',
    section: 'shop',
  }),
  product: page<{ id: string | number }>({
    path: '/pages/product/:id',
    titleKey: 'pages.product',
    access: 'public',
    parent: 'products',
  }),
  checkout: page({
    path: '/pages/checkout',
    titleKey: 'pages.checkout',
    access: 'public',
    section: 'shop',
  }),
  orders: page({ path: '/pages/orders', titleKey: 'pages.orders', access: 'public' }),
  // a dealer's credit (issue 33); an end user sees its dealer's, which its credit orders use
  credit: page({
    path: '/pages/credit',
    titleKey: 'pages.credit',
    access: 'dealerOrUser',
    section: 'orders',
  }),
  // a dealer's Adobe customers and their subscriptions: in the menu of a dealer with an Adobe
  // account (opened anyway, the page tells one without that it has none; the server refuses it)
  adobeSubscriptions: page({
    path: '/pages/adobe/subscriptions',
    titleKey: 'pages.adobeSubscriptions',
    access: 'dealer',
    section: 'shop',
    requires: 'adobeSales',
  }),
  events: page({
    path: '/pages/events',
    titleKey: 'pages.events',
    access: 'dealerOrUser',
    section: 'eventsNews',
  }),
  event: page<{ id: string | number }>({
    path: '/pages/events/:id',
    titleKey: 'pages.event',
    access: 'dealerOrUser',
    parent: 'events',
  }),
  prize: page<{ eventId: string | number; prizeId: string | number }>({
    path: '/pages/events/:eventId/prize/:prizeId',
    titleKey: 'pages.prize',
    access: 'public',
    parent: 'events',
  }),
  news: page({
    path: '/pages/news',
    titleKey: 'pages.news',
    access: 'public',
    section: 'eventsNews',
  }),
  newsArticle: page<{ id: string | number }>({
    path: '/pages/news/:id',
    titleKey: 'pages.newsArticle',
    access: 'public',
    parent: 'news',
  }),
  library: page({
    path: '/pages/library',
    titleKey: 'pages.library',
    access: 'public',
    section: 'eventsNews',
  }),

  statisticWeekly: page({
    path: '/pages/statistic/weekly',
    titleKey: 'pages.statisticWeekly',
    access: 'globalOrLocal',
    section: 'statistics',
  }),
  statisticDistribution: page({
    path: '/pages/statistic/distribution',
    titleKey: 'pages.statisticDistribution',
    access: 'globalOrLocal',
    section: 'statistics',
  }),
  statisticQuarter: page({
    path: '/pages/statistic/quarter',
    titleKey: 'pages.statisticQuarter',
    access: 'allWithoutUser',
    section: 'statistics',
  }),
  statisticAdobe: page({
    path: '/pages/statistic/adobe',
    titleKey: 'pages.statisticAdobe',
    access: 'allWithoutUser',
    requires: 'adobeSales',
    section: 'statistics',
  }),

  settingsUsers: settings('users', 'pages.settingsUsers', 'allWithoutUser'),
  settingsGroups: settings('groups', 'pages.settingsGroups', 'dealer'),
  settingsWebhooks: settings('webhooks', 'pages.settingsWebhooks', 'dealer'),
  settingsProduct: settings('product', 'pages.settingsProduct', 'dealer'),
  // a dealer's API keys for its own shop or ticketing (issue 34)
  settingsApiKeys: settings('api-keys', 'pages.settingsApiKeys', 'dealer'),
  settingsCountries: settings('countries', 'pages.settingsCountries'),
  settingsCategories: settings('categories', 'pages.settingsCategories'),
  settingsProducts: settings('products', 'pages.settingsProducts'),
  settingsNews: settings('news', 'pages.settingsNews'),
  settingsPrizes: settings('prizes', 'pages.settingsPrizes'),
  settingsWonPrizes: settings('winned/prizes', 'pages.settingsWonPrizes'),
  settingsEvents: settings('events', 'pages.settingsEvents'),
  settingsLibrary: settings('library', 'pages.settingsLibrary'),
  settingsMarkup: settings('markup', 'pages.settingsMarkup'),
  settingsTargets: settings('targets', 'pages.settingsTargets'),
  settingsMailbox: settings('mailbox', 'pages.settingsMailbox'),
  settingsPartners: settings('partners', 'pages.settingsPartners'),
  settingsJobs: settings('jobs', 'pages.settingsJobs'),
  settingsCompany: settings('company', 'pages.settingsCompany'),
} as const;

export type PageName = Exclude<keyof typeof paths, 'home' | 'callback'>;

export const pages = paths as unknown as Record<PageName, PageConfig & { getHref: () => string }>;

const pageNames = Object.keys(paths).filter(
  (name): name is PageName => name !== 'home' && name !== 'callback',
);

/** The page a pathname belongs to (for starred pages and breadcrumbs outside the router). */
export const findPageByPathname = (pathname: string) => {
  for (const name of pageNames) {
    const match = matchPath(pages[name].path, pathname);
    if (match) return { name, page: pages[name], params: match.params };
  }
  return undefined;
};
