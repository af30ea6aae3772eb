import { canAccess, type Role } from '@esd/shared/access/access.rules';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { type PageConfig, paths } from '../config/paths';
import { getUserRole, isLoggedIn, mustEnrol } from '../lib/storage';

/**
 * The navigation guard of spec 2 as a pure decision: where to send the visitor instead of
 * `page`, or null to let them in. The server enforces access; this only spares dead ends.
 */
export const getGuardRedirect = (options: {
  page: Pick<PageConfig, 'access' | 'guestOnly'>;
  isLoggedIn: boolean;
  role: Role;
  location: { pathname: string; search: string };
  /** a role that requires a second factor without one: only its set-up page opens */
  mustEnrol?: boolean;
}): string | null => {
  const { page, location, role } = options;
  if (page.guestOnly) return options.isLoggedIn ? paths.home.getHref() : null;
  if (!page.access) return null;
  if (!options.isLoggedIn) return paths.login.getHref(location.pathname + location.search);
  if (options.mustEnrol && location.pathname !== paths.secondFactor.path) {
    return paths.secondFactor.getHref();
  }
  return canAccess(page.access, role) ? null : paths.notAuthorized.getHref();
};

/** Route loader running the guard before the page (and its chunk) renders. */
export const createGuardLoader =
  (page: PageConfig) =>
  ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    const target = getGuardRedirect({
      page,
      isLoggedIn: isLoggedIn(),
      role: getUserRole(),
      location: url,
      mustEnrol: mustEnrol(),
    });
    if (target) throw redirect(target);
    return null;
  };
