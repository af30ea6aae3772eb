import { canSeeAdobeSales } from '@esd/shared/access/access.rules';
import type { Language } from '@esd/shared/constants';
import type { AdobeStatistics } from '@esd/shared/statistics/adobe-statistics.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import {
  countCustomersWithoutOrders,
  findMonths,
  findSegments,
  findTopCustomers,
  findTotals,
  type SegmentRow,
} from './adobe-statistics.repository';
import { adobeSheets } from './adobe-statistics.sheets';

const segmentCount = (rows: SegmentRow[], segment: string) =>
  rows.find((r) => r.market_segment === segment)?.customers ?? 0;

/**
 * The Adobe statistics page: monthly sales with empty months, customers by segment, the
 * three-year commitment share and the top customers, all read from one snapshot.
 */
const read = async (db: Db, session: Session, months: number): Promise<AdobeStatistics> => {
  const viewer = { type_id: session.user.typeId, has_adobe_account: session.user.hasAdobeAccount };
  if (!canSeeAdobeSales(viewer)) {
    throw new AppError('FORBIDDEN', 'Adobe sales are shown to dealers with an Adobe account.');
  }
  const lines = { session, months };
  const { monthRows, totals, segments, top, withoutOrders } = await db.transaction(
    async (tx) => ({
      monthRows: await findMonths(tx, lines),
      totals: await findTotals(tx, lines),
      segments: await findSegments(tx, lines),
      top: await findTopCustomers(tx, lines),
      withoutOrders: await countCustomersWithoutOrders(tx, lines),
    }),
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  const licences = totals?.licences ?? 0;
  const threeYear = totals?.three_year_licences ?? 0;
  return {
    months: monthRows,
    customers: {
      total: segments.reduce((sum, r) => sum + r.customers, 0),
      by_segment: {
        COM: segmentCount(segments, 'COM'),
        EDU: segmentCount(segments, 'EDU'),
        GOV: segmentCount(segments, 'GOV'),
      },
      without_orders: withoutOrders,
    },
    commitment: {
      three_year_licences: threeYear,
      other_licences: licences - threeYear,
      three_year_share_percent: totals?.three_year_share_percent ?? '0.0',
    },
    top_customers: top,
    totals: {
      orders: totals?.orders ?? 0,
      licences,
      total_usd: totals?.total_usd ?? '0.00',
    },
  };
};

export const createAdobeStatisticsService = ({ db }: { db: Db }) => ({
  read: (session: Session, months: number) => read(db, session, months),

  /** The page's numbers as sheets for the export, named by the months they cover. */
  sheets: async (session: Session, months: number, lang: Language) => {
    const data = await read(db, session, months);
    const first = data.months[0]?.month;
    const last = data.months.at(-1)?.month;
    return {
      filename: first && last ? `adobe-sales-${first}-${last}` : 'adobe-sales',
      sheets: adobeSheets(lang, data),
    };
  },
});
