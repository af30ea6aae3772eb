import type { Language } from '@esd/shared/constants';
import { quarterReport } from '@esd/shared/statistics/sales-statistics.rules';
import {
  type DistributionSlice,
  type DistributionStatistics,
  rangeProblem,
  type SalesFigures,
  type TopProducts,
  type WeeklyStatistics,
} from '@esd/shared/statistics/sales-statistics.schemas';
import {
  addDays,
  bakuToday,
  type DayRange,
  defaultRange,
  weekStart,
  yearOf,
} from '@esd/shared/statistics/statistics.dates';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { findDistribution, type SliceRow } from './sales-distribution.repository';
import { findQuarterRows } from './sales-quarter.repository';
import { distributionSheets, quarterSheets, weeklySheets } from './sales-statistics.sheets';
import type { FiguresRow } from './sales-summaries.repository';
import { findTopProducts } from './sales-top.repository';
import { findTotals, findWeekKpi, findWeeks } from './sales-weekly.repository';

/** `?date_from&date_to` as the query schemas let it through: either end may be missing. */
type RangeQuery = { date_from?: string; date_to?: string };

/** Fills a missing end with the default range and refuses a backwards or too long one. */
const resolveRange = (query: RangeQuery, now: Date): DayRange => {
  const date_to = query.date_to ?? bakuToday(now);
  const date_from = query.date_from ?? defaultRange(date_to).date_from;
  const problem = rangeProblem(date_from, date_to);
  if (problem)
    throw new AppError('VALIDATION_FAILED', problem, {
      issues: [{ path: ['date_from'], message: problem }],
    });
  return { date_from, date_to };
};

const figures = (row: FiguresRow | undefined): SalesFigures => ({
  orders: row?.orders ?? 0,
  quantity: row?.quantity ?? 0,
  amount_usd: row?.amount_usd ?? '0.00',
  amount_azn: row?.amount_azn ?? '0.00',
});

const otherLabel: Record<Language, string> = { en: 'Other', ru: 'Другие', az: 'Digər' };
const noneLabel: Record<Language, string> = { en: 'None', ru: 'Нет', az: 'Yoxdur' };

const slices = (rows: SliceRow[], lang: Language): DistributionSlice[] =>
  rows.map(({ rn: _rn, ...row }) => ({
    ...row,
    id: row.id === null ? null : Number(row.id),
    name: row.id === null ? `${otherLabel[lang]} (${row.count})` : (row.name ?? noneLabel[lang]),
  }));

/**
 * Sales statistics (issue 7): the weekly, distribution, quarter and top-products reports and
 * their exports, each scoped to the viewer (sales-scope.repository.ts).
 */
export const createSalesStatisticsService = ({ db, clock }: { db: Db; clock: Clock }) => {
  /** Every read of one answer sees the same snapshot. */
  const snapshot = <T>(read: (tx: DbOrTx) => Promise<T>) =>
    db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });

  /** GET /api/statistics/weekly */
  const weekly = async (session: Session, range: DayRange): Promise<WeeklyStatistics> => {
    const thisMonday = weekStart(range.date_to);
    const kpiRange = { date_from: addDays(thisMonday, -28), date_to: range.date_to };
    const { weeks, totals, kpi } = await snapshot(async (tx) => ({
      weeks: await findWeeks(tx, session, range),
      totals: await findTotals(tx, session, range),
      kpi: await findWeekKpi(tx, session, { thisMonday, range: kpiRange }),
    }));
    if (!kpi) throw new Error('weekly KPI query returned no row');
    return {
      ...range,
      weeks,
      totals: figures(totals),
      current: {
        week_start: thisMonday,
        this_week: {
          orders: kpi.this_orders,
          quantity: kpi.this_quantity,
          amount_usd: kpi.this_usd,
          amount_azn: kpi.this_azn,
        },
        last_week: {
          orders: kpi.last_orders,
          quantity: kpi.last_quantity,
          amount_usd: kpi.last_usd,
          amount_azn: kpi.last_azn,
        },
        average_previous_4: {
          orders: kpi.avg_orders,
          quantity: kpi.avg_quantity,
          amount_usd: kpi.avg_usd,
          amount_azn: kpi.avg_azn,
        },
        change_percent: {
          orders: kpi.change_orders,
          amount_usd: kpi.change_usd,
          amount_azn: kpi.change_azn,
        },
      },
    };
  };

  /** GET /api/statistics/distribution */
  const distribution = async (
    session: Session,
    range: DayRange,
    lang: Language,
  ): Promise<DistributionStatistics> => {
    const row = await findDistribution(db, session, range, lang);
    if (!row) throw new Error('distribution query returned no row');
    return {
      ...range,
      totals: figures(row.totals),
      countries: slices(row.countries, lang),
      dealers: slices(row.dealers, lang),
      categories: slices(row.categories, lang),
      products: slices(row.products, lang),
    };
  };

  /**
   * GET /api/statistics/top-products: the top 5 by USD amount (then licences, then the lower
   * id), and the best seller, which is their first row (issue 33: it was ranked by licences
   * and could name another product than the list beside it).
   */
  const topProducts = async (
    session: Session,
    range: DayRange,
    lang: Language,
  ): Promise<TopProducts> => {
    const top = await findTopProducts(db, session, range, lang);
    return { ...range, top, best_seller: top[0] ?? null };
  };

  /** GET /api/statistics/quarter: sales per dealer and quarter against its targets. */
  const quarter = async (session: Session, year: number) =>
    quarterReport(year, await snapshot((tx) => findQuarterRows(tx, session, year)));

  const yearOrThis = (year: number | undefined) => year ?? yearOf(bakuToday(clock.now()));

  return {
    weekly: (session: Session, query: RangeQuery) =>
      weekly(session, resolveRange(query, clock.now())),

    distribution: (session: Session, query: RangeQuery, lang: Language) =>
      distribution(session, resolveRange(query, clock.now()), lang),

    topProducts: (session: Session, query: RangeQuery, lang: Language) =>
      topProducts(session, resolveRange(query, clock.now()), lang),

    quarter: (session: Session, year: number | undefined) => quarter(session, yearOrThis(year)),

    /** The weekly sales and the top products as sheets; the two reads run side by side. */
    weeklySheets: async (session: Session, query: RangeQuery, lang: Language) => {
      const range = resolveRange(query, clock.now());
      const [data, top] = await Promise.all([
        weekly(session, range),
        topProducts(session, range, lang),
      ]);
      return {
        filename: `weekly-sales-${range.date_from}-${range.date_to}`,
        sheets: weeklySheets(lang, data, top),
      };
    },

    distributionSheets: async (session: Session, query: RangeQuery, lang: Language) => {
      const range = resolveRange(query, clock.now());
      const [data, top] = await Promise.all([
        distribution(session, range, lang),
        topProducts(session, range, lang),
      ]);
      return {
        filename: `sales-distribution-${range.date_from}-${range.date_to}`,
        sheets: distributionSheets(lang, data, top),
      };
    },

    quarterSheets: async (session: Session, year: number | undefined, lang: Language) => {
      const chosen = yearOrThis(year);
      return {
        filename: `quarter-sales-${chosen}`,
        sheets: quarterSheets(lang, await quarter(session, chosen)),
      };
    },
  };
};
