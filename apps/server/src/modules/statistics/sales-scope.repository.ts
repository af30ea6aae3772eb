import { type SQL, sql } from 'drizzle-orm';
import { ldCountryIds } from '../../lib/local-district';
import type { Session } from '../../plugins/auth';

/*
 * Who sees which sales (spec 2 and 6): a global admin all; a local district admin the orders
 * whose country is one of its countries; a dealer its own orders. A user sees none (the routes
 * refuse it before a query runs).
 */

/** The summaries' rows the viewer may see (alias `s`). */
export const summaryScope = (session: Session): SQL => {
  switch (session.role) {
    case 'gd':
      return sql`true`;
    case 'ld':
      return sql`s.country_id in ${ldCountryIds(session.user.id)}`;
    case 'd':
      return sql`s.dealer_id = ${session.user.id}`;
    case 'u':
      return sql`false`;
  }
};

/** The dealers the viewer may see targets of: ld by the dealer's country (spec 6). */
export const dealerScope = (session: Session, dealerColumn: SQL): SQL => {
  switch (session.role) {
    case 'gd':
      return sql`true`;
    case 'ld':
      return sql`${dealerColumn} in (select u.id from users u where u.country_id in ${ldCountryIds(session.user.id)})`;
    case 'd':
      return sql`${dealerColumn} = ${session.user.id}`;
    case 'u':
      return sql`false`;
  }
};

/** Admins read the per-country product summaries, a dealer its own rows of the per-dealer ones. */
export const readsCountrySummaries = (session: Session) =>
  session.role === 'gd' || session.role === 'ld';
