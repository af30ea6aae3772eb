import {
  canAccess,
  canSeeAdobeSales,
  type Role,
  typeIdFromRole,
} from '@esd/shared/access/access.rules';
import {
  type Icon,
  IconAlertTriangle,
  IconArticle,
  IconBook2,
  IconBooks,
  IconBrandAdobe,
  IconBuildingBank,
  IconCalendarCog,
  IconCalendarEvent,
  IconCategory,
  IconChartBar,
  IconChartLine,
  IconChartPie,
  IconCreditCard,
  IconGift,
  IconHeartHandshake,
  IconKey,
  IconMail,
  IconNews,
  IconPackage,
  IconPercentage,
  IconReceipt,
  IconShoppingBag,
  IconShoppingCart,
  IconTags,
  IconTarget,
  IconTrophy,
  IconUsers,
  IconUsersGroup,
  IconWebhook,
  IconWorld,
} from '@tabler/icons-react';
import { type PageName, pages, type SectionKey } from '../../config/paths';

type NavItem = { page: PageName; icon: Icon };
type NavSection = { key: SectionKey; items: NavItem[] };

const navSections: NavSection[] = [
  {
    key: 'shop',
    items: [
      { page: 'products', icon: IconShoppingBag },
      { page: 'checkout', icon: IconShoppingCart },
      { page: 'adobeSubscriptions', icon: IconBrandAdobe },
    ],
  },
  {
    key: 'orders',
    items: [
      { page: 'orders', icon: IconReceipt },
      { page: 'credit', icon: IconCreditCard },
    ],
  },
  {
    key: 'eventsNews',
    items: [
      { page: 'events', icon: IconCalendarEvent },
      { page: 'news', icon: IconNews },
      { page: 'library', icon: IconBooks },
    ],
  },
  {
    key: 'statistics',
    items: [
      { page: 'statisticWeekly', icon: IconChartBar },
      { page: 'statisticDistribution', icon: IconChartPie },
      { page: 'statisticQuarter', icon: IconChartLine },
      { page: 'statisticAdobe', icon: IconBrandAdobe },
    ],
  },
  {
    key: 'settings',
    items: [
      { page: 'settingsUsers', icon: IconUsers },
      { page: 'settingsGroups', icon: IconUsersGroup },
      { page: 'settingsWebhooks', icon: IconWebhook },
      { page: 'settingsApiKeys', icon: IconKey },
      { page: 'settingsProduct', icon: IconTags },
      { page: 'settingsCountries', icon: IconWorld },
      { page: 'settingsCategories', icon: IconCategory },
      { page: 'settingsProducts', icon: IconPackage },
      { page: 'settingsNews', icon: IconArticle },
      { page: 'settingsEvents', icon: IconCalendarCog },
      { page: 'settingsPrizes', icon: IconGift },
      { page: 'settingsWonPrizes', icon: IconTrophy },
      { page: 'settingsLibrary', icon: IconBook2 },
      { page: 'settingsMarkup', icon: IconPercentage },
      { page: 'settingsTargets', icon: IconTarget },
      { page: 'settingsMailbox', icon: IconMail },
      { page: 'settingsPartners', icon: IconHeartHandshake },
      { page: 'settingsJobs', icon: IconAlertTriangle },
      { page: 'settingsCompany', icon: IconBuildingBank },
    ],
  },
];

/** What the menu knows of the viewer beyond its role: its profile, once it has answered. */
type Viewer = { type_id: number; has_adobe_account: boolean } | undefined;

/**
 * Only the links the role may open and the viewer can use; sections left empty disappear.
 * Until the profile answers, a page that needs more than the role (`requires`) is shown only
 * to roles that need nothing more for it (no Adobe sales link flashing for dealer2).
 */
export const getNavSections = (role: Role, viewer?: Viewer): NavSection[] => {
  const who = viewer ?? { type_id: typeIdFromRole(role), has_adobe_account: false };
  return navSections
    .map((section) => ({
      ...section,
      items: section.items.filter(({ page }) => {
        const { access: rule, requires } = pages[page];
        if (rule === undefined || !canAccess(rule, role)) return false;
        return requires !== 'adobeSales' || canSeeAdobeSales(who);
      }),
    }))
    .filter((section) => section.items.length > 0);
};
