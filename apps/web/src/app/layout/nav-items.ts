import { canAccess, type Role } from '@esd/shared/access/access.rules';
import {
  type Icon,
  IconAlertTriangle,
  IconArticle,
  IconBook2,
  IconBooks,
  IconBrandAdobe,
  IconCalendarCog,
  IconCalendarEvent,
  IconCategory,
  IconChartBar,
  IconChartLine,
  IconChartPie,
  IconGift,
  IconHeartHandshake,
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
    ],
  },
  { key: 'orders', items: [{ page: 'orders', icon: IconReceipt }] },
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
    ],
  },
];

/** Only the links the role may open; sections left empty disappear. */
export const getNavSections = (role: Role): NavSection[] =>
  navSections
    .map((section) => ({
      ...section,
      items: section.items.filter(({ page }) => {
        const rule = pages[page].access;
        return rule !== undefined && canAccess(rule, role);
      }),
    }))
    .filter((section) => section.items.length > 0);
