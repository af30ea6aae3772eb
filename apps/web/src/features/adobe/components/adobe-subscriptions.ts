import { daysBetween } from '@esd/shared/adobe/adobe.rules';
import { bakuWallClock } from '@esd/shared/baku-time';
import { paths } from '@/config/paths';

/** The search parameter that preselects an Adobe customer in a product page's Adobe panel. */
const ADOBE_CUSTOMER_PARAM = 'adobe_customer';

/** "Buy more" of a subscription: the product's page, its Adobe panel on the customer. */
export const buyMoreHref = (productId: number, customerId: number) =>
  `${paths.product.getHref({ id: productId })}?${ADOBE_CUSTOMER_PARAM}=${customerId}`;

/** The customer a link preselected (the list item's id as text), or null for none or junk. */
export const preselectedCustomer = (search: URLSearchParams): string | null => {
  const value = search.get(ADOBE_CUSTOMER_PARAM);
  return value && /^[1-9]\d{0,9}$/.test(value) ? value : null;
};

/** Days from today in Baku to a `YYYY-MM-DD` day (negative once it passed). */
export const daysUntil = (day: string, now: Date) => {
  const clock = bakuWallClock(now);
  return clock ? daysBetween(`${clock.year}-${clock.month}-${clock.day}`, day) : null;
};
