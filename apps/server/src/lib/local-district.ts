import { type SQL, sql } from 'drizzle-orm';
import { localDistrictCountries } from '../db/schema';

/**
 * The countries a local district admin manages, as a subquery for `in (...)`: what an `ld`
 * session may see of orders, users, sales and Adobe customers (spec 6).
 */
export const ldCountryIds = (ldId: number): SQL =>
  sql`(select ${localDistrictCountries.countryId} from ${localDistrictCountries}
    where ${localDistrictCountries.userId} = ${ldId})`;
