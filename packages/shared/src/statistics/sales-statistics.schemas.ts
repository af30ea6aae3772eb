import { z } from 'zod';
import { calendarDateSchema } from '../bounds';
import { daysBetween } from './statistics.dates';

/**
 * Sales statistics (issue 7): /pages/statistic/weekly, /distribution and /quarter, and the
 * top-5 / best-seller block.
 *
 * A sale counts when its order is paid (credit orders at checkout, cash orders when an admin
 * confirms the payment), on that day in Baku (Asia/Baku). A cancelled paid order is removed;
 * an approved return removes the returned item's amount and licences. Amounts: USD excluding
 * VAT and AZN as paid, exact decimal strings summed in SQL numeric.
 * Scope: a global admin all sales; a local district admin the orders of its countries; a
 * dealer its own orders (and its users').
 */

/** The longest date range one request may cover (three years and a leap day). */
export const STATISTICS_MAX_SPAN_DAYS = 1096;
/** Ranked lists (countries, dealers, categories, products) show this many, the rest as "other". */
export const DISTRIBUTION_TOP = 10;
/** The top-products block. */
export const TOP_PRODUCTS = 5;

/** A calendar day 'YYYY-MM-DD' that exists (2025-02-30 does not), between 2000 and 2100. */
export const isoDaySchema = calendarDateSchema;

/** The checks of a range, shared by the query schema and the server after it fills defaults. */
export const rangeProblem = (from: string, to: string): string | undefined => {
  if (from > to) return 'date_from must be on or before date_to.';
  if (daysBetween(from, to) >= STATISTICS_MAX_SPAN_DAYS)
    return `A range may cover at most ${STATISTICS_MAX_SPAN_DAYS} days.`;
  return undefined;
};

/** `?date_from&date_to` (either may be left out: the default range fills it). */
export const statisticsRangeQuerySchema = z
  .object({ date_from: isoDaySchema.optional(), date_to: isoDaySchema.optional() })
  .superRefine((value, ctx) => {
    if (!value.date_from || !value.date_to) return;
    const problem = rangeProblem(value.date_from, value.date_to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['date_from'] });
  });
export type StatisticsRangeQuery = z.input<typeof statisticsRangeQuerySchema>;

export const statisticsExportFormatSchema = z.enum(['xlsx', 'csv']);
export type StatisticsExportFormat = z.infer<typeof statisticsExportFormatSchema>;

export const statisticsRangeExportQuerySchema = z
  .object({
    date_from: isoDaySchema.optional(),
    date_to: isoDaySchema.optional(),
    format: statisticsExportFormatSchema.default('xlsx'),
  })
  .superRefine((value, ctx) => {
    if (!value.date_from || !value.date_to) return;
    const problem = rangeProblem(value.date_from, value.date_to);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['date_from'] });
  });

/** Money as a decimal string with 2 places. */
const money = z.string().regex(/^-?\d+\.\d{2}$/);
/** A percentage with 1 decimal place. */
const percent = z.string().regex(/^-?\d+\.\d$/);

const rangeSchema = z.object({ date_from: z.string(), date_to: z.string() });

export const salesFiguresSchema = z.object({
  orders: z.number().int(),
  /** licences */
  quantity: z.number().int(),
  amount_usd: money,
  amount_azn: money,
});
export type SalesFigures = z.infer<typeof salesFiguresSchema>;

export const weeklyRowSchema = salesFiguresSchema.extend({
  /** the Monday of the ISO week */
  week_start: z.string(),
  /** ISO week label, e.g. 2026-W07 */
  week: z.string(),
});
export type WeeklyRow = z.infer<typeof weeklyRowSchema>;

/** GET /api/statistics/weekly */
export const weeklyStatisticsSchema = rangeSchema.extend({
  /** every ISO week touching the range, oldest first, counting only days inside it */
  weeks: z.array(weeklyRowSchema),
  totals: salesFiguresSchema,
  /**
   * The week of date_to (from its Monday to date_to) against the whole week before it and
   * the average of the 4 whole weeks before it.
   */
  current: z.object({
    week_start: z.string(),
    this_week: salesFiguresSchema,
    last_week: salesFiguresSchema,
    average_previous_4: z.object({
      orders: percent,
      quantity: percent,
      amount_usd: money,
      amount_azn: money,
    }),
    /** this week against last week; null when last week had none */
    change_percent: z.object({
      orders: percent.nullable(),
      amount_usd: percent.nullable(),
      amount_azn: percent.nullable(),
    }),
  }),
});
export type WeeklyStatistics = z.infer<typeof weeklyStatisticsSchema>;

export const distributionSliceSchema = z.object({
  /** the country, dealer, category or product; null for "other" (the rest summed) */
  id: z.number().int().nullable(),
  /** in the request's language; for "other" e.g. "Other (12)" */
  name: z.string(),
  /** how many entries the slice sums (1, or the size of "other") */
  count: z.number().int(),
  /** paid orders (countries and dealers only; 0 for categories and products) */
  orders: z.number().int(),
  quantity: z.number().int(),
  amount_usd: money,
  amount_azn: money,
  /** share of the USD total */
  share_percent: percent,
});
export type DistributionSlice = z.infer<typeof distributionSliceSchema>;

/** GET /api/statistics/distribution: the top 10 of each, largest USD first, then "other". */
export const distributionStatisticsSchema = rangeSchema.extend({
  totals: salesFiguresSchema,
  countries: z.array(distributionSliceSchema),
  dealers: z.array(distributionSliceSchema),
  categories: z.array(distributionSliceSchema),
  products: z.array(distributionSliceSchema),
});
export type DistributionStatistics = z.infer<typeof distributionStatisticsSchema>;

export const quarterQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export type QuarterQuery = z.input<typeof quarterQuerySchema>;
export const quarterExportQuerySchema = quarterQuerySchema.extend({
  format: statisticsExportFormatSchema.default('xlsx'),
});

export const quarterCellSchema = z.object({
  quarter: z.number().int().min(1).max(4),
  /** USD excluding VAT */
  sales_usd: money,
  /** the dealer's target; null when none was set */
  target_usd: money.nullable(),
  /** sales / target; null without a target */
  percent: percent.nullable(),
});
export type QuarterCell = z.infer<typeof quarterCellSchema>;

/** GET /api/statistics/quarter: per dealer (with sales or a target in the year) and quarter. */
export const quarterStatisticsSchema = z.object({
  year: z.number().int(),
  dealers: z.array(
    z.object({
      dealer_id: z.number().int(),
      dealer_name: z.string(),
      quarters: z.array(quarterCellSchema),
      year: quarterCellSchema.omit({ quarter: true }),
    }),
  ),
  /** the dealers above summed per quarter (targets of dealers without one count as 0) */
  totals: z.array(quarterCellSchema),
});
export type QuarterStatistics = z.infer<typeof quarterStatisticsSchema>;

export const topProductSchema = z.object({
  product_id: z.number().int(),
  sku: z.string(),
  title: z.string(),
  quantity: z.number().int(),
  amount_usd: money,
  amount_azn: money,
});
export type TopProduct = z.infer<typeof topProductSchema>;

/**
 * GET /api/statistics/top-products: the 5 products with the largest USD amount (ties: more
 * licences, then the lower id), and the best seller: the first of them.
 */
export const topProductsSchema = rangeSchema.extend({
  top: z.array(topProductSchema),
  best_seller: topProductSchema.nullable(),
});
export type TopProducts = z.infer<typeof topProductsSchema>;
