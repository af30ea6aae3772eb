import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

type TitleOverride = { pathname: string; title: string };

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
 * so to the document title; until the data arrives the route's own title stays.
 */
export const usePageTitleOverride = (title: string | undefined) => {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!title) return;
    const entry = { pathname, title };
    setCurrent(entry);
    return () => {
      if (current === entry) setCurrent(null);
    };
  }, [pathname, title]);
};

/** The title the page at `pathname` gave itself, if any. */
export const useTitleOverrideFor = (pathname: string): string | undefined => {
  const override = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  return override?.pathname === pathname ? override.title : undefined;
};
