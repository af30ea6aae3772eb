import { demoAdobeCustomers } from './demo-customers';
import { addYears, DAY, isoDay } from './sandbox-days';

/** Acrobat Pro at commitment level 12, Photoshop at volume level 1 (demo catalogue offers). */
const ACROBAT_PRO_LEVEL_12 = '65304522CA12A12';
const PHOTOSHOP_LEVEL_1 = '65297615CA01A12';

type DemoSubscriptions = {
  cotermDate: string;
  commitment?: {
    type: 'THREE_YEAR_COMMIT';
    commitment: { startDate: string; endDate: string; status: 'COMMITTED' };
  };
  subscriptions: { offerId: string; currentQuantity: number; creationDate: string }[];
};

/**
 * What the demo customers hold at Adobe from before the portal, so the subscriptions page a
 * newcomer opens is not empty: Caspian Design Studio 12 Acrobat Pro licences under a three-year
 * commitment (level 12: its "Buy more" is priced there), Baku State Arts Academy 5 Photoshop
 * licences renewing in 21 days (the renewal reminder's case). Ganja City Administration has none.
 */
export const demoSubscriptionsOf = (customerId: string, now: Date): DemoSubscriptions | null => {
  const daysFrom = (days: number) => isoDay(new Date(now.getTime() + days * DAY));
  const [caspian, academy] = demoAdobeCustomers;
  if (customerId === caspian.customerId) {
    const start = daysFrom(-245);
    return {
      cotermDate: daysFrom(120),
      commitment: {
        type: 'THREE_YEAR_COMMIT',
        commitment: { startDate: start, endDate: addYears(start, 3), status: 'COMMITTED' },
      },
      subscriptions: [
        { offerId: ACROBAT_PRO_LEVEL_12, currentQuantity: 12, creationDate: `${start}T09:00:00Z` },
      ],
    };
  }
  if (customerId === academy.customerId) {
    return {
      cotermDate: daysFrom(21),
      subscriptions: [
        {
          offerId: PHOTOSHOP_LEVEL_1,
          currentQuantity: 5,
          creationDate: `${daysFrom(-344)}T09:00:00Z`,
        },
      ],
    };
  }
  return null;
};
