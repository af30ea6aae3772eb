import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** A crumb between the route's parent and the page: a prize's event. */
type Via = { label: string; href?: string };
type TitleOverride = { pathname: string; title: string; via?: Via };

let current: TitleOverride | null = null;
const listeners = new Set<() => void>();

const setCurrent = (next: TitleOverride | null) => {
  current = next;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * A page whose title comes from its data (a product's name) gives it to the breadcrumb and
 * so to the document title; until the data arrives the route's own title stays. `via` adds the
 * page it belongs to (a prize's event) as a crumb before it.
 */
export const usePageTitleOverride = (title: string | undefined, via?: Via) => {
  const { pathname } = useLocation();
  const viaLabel = via?.label;
  const viaHref = via?.href;
  useEffect(() => {
    if (!title) return;
    const entry: TitleOverride = {
      pathname,
      title,
      ...(viaLabel ? { via: { label: viaLabel, href: viaHref } } : {}),
    };
    setCurrent(entry);
    return () => {
      if (current === entry) setCurrent(null);
    };
  }, [pathname, title, viaLabel, viaHref]);
};

/** The title (and the crumb before it) the page at `pathname` gave itself, if any. */
export const useTitleOverrideFor = (pathname: string): { title: string; via?: Via } | undefined => {
  const override = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return override?.pathname === pathname ? override : undefined;
};
