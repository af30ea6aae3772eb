import { TITLE_SUFFIX } from '@esd/shared/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type Params, useLocation, useMatches } from 'react-router';
import { type PageName, pages } from '@/config/paths';
import { useTitleOverrideFor } from '@/lib/page-title-override';

/** What a route declares about itself in its `handle`. */
export type RouteHandle = { page?: PageName };

export const useCurrentPage = (): { name: PageName; params: Params } | undefined => {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.page) return { name: handle.page, params: match.params };
  }
  return undefined;
};

export type Crumb = { key: string; label: string; href?: string };

/** Section (label), parent page (link), then the page itself: its title is the last crumb. */
export const useBreadcrumbs = (): Crumb[] => {
  const { t } = useTranslation();
  const current = useCurrentPage();
  const override = useTitleOverrideFor(useLocation().pathname);
  if (!current) return [];
  const page = pages[current.name];
  const parent = page.parent ? pages[page.parent] : undefined;
  const section = page.section ?? parent?.section;
  const crumbs: Crumb[] = [];
  if (section) crumbs.push({ key: section, label: t(`nav.${section}`) });
  if (page.parent && parent) {
    crumbs.push({ key: page.parent, label: t(parent.titleKey), href: parent.getHref() });
  }
  if (override?.via) {
    crumbs.push({ key: `${current.name}-via`, label: override.via.label, href: override.via.href });
  }
  // a page named by its data (a product) overrides its route title once it is known
  crumbs.push({ key: current.name, label: override?.title ?? t(page.titleKey) });
  return crumbs;
};

/** Spec 2: '<last breadcrumb> | ESD', or 'ESD' when there is no breadcrumb. */
export const useDocumentTitle = () => {
  const title = useBreadcrumbs().at(-1)?.label;
  useEffect(() => {
    document.title = title ? `${title} | ${TITLE_SUFFIX}` : TITLE_SUFFIX;
  }, [title]);
};
