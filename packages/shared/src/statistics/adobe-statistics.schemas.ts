import { z } from 'zod';
import { statisticsExportFormatSchema } from './sales-statistics.schemas';

/** The months selectable on /pages/statistic/adobe; the API takes any 1..36. */
export const ADOBE_STATISTICS_MONTH_CHOICES = [6, 12, 24] as const;

/** GET /api/statistics/adobe: the last `months` calendar months (Baku time), this one included. */
export const adobeStatisticsQuerySchema = z.object({
  months: z.coerce.number().int().min(1).max(36).default(12),
});
export type AdobeStatisticsQuery = z.input<typeof adobeStatisticsQuerySchema>;

/** GET /api/statistics/adobe/export: the same months as a file, like the other statistics. */
export const adobeStatisticsExportQuerySchema = adobeStatisticsQuerySchema.extend({
  format: statisticsExportFormatSchema.default('xlsx'),
});

/** USD, VAT excluded, as a decimal string with 2 places (summed in SQL numeric). */
const usd = z.string().regex(/^-?\d+\.\d{2}$/);

export const adobeStatisticsMonthSchema = z.object({
  /** 'YYYY-MM' in Baku time; months without sales are listed with zeros */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  orders: z.number().int(),
  licences: z.number().int(),
  total_usd: usd,
});
export type AdobeStatisticsMonth = z.infer<typeof adobeStatisticsMonthSchema>;

export const adobeTopCustomerSchema = z.object({
  /** Adobe's customerId */
  customer_id: z.string(),
  company_name: z.string(),
  /** COM, EDU or GOV; null when the order line did not record it */
  market_segment: z.string().nullable(),
  licences: z.number().int(),
  total_usd: usd,
});
export type AdobeTopCustomer = z.infer<typeof adobeTopCustomerSchema>;

/**
 * Adobe sales (order items of provider 3) of the orders the viewer may see: not cancelled
 * orders, not returned items, in the chosen months.
 */
export const adobeStatisticsSchema = z.object({
  months: z.array(adobeStatisticsMonthSchema),
  /** customers (Adobe customerId) with a counted sale in the months, by their latest segment */
  customers: z.object({
    total: z.number().int(),
    by_segment: z.object({ COM: z.number().int(), EDU: z.number().int(), GOV: z.number().int() }),
    /** the viewer's registered Adobe customers (adobe_customers) without a sale in the months */
    without_orders: z.number().int(),
  }),
  commitment: z.object({
    three_year_licences: z.number().int(),
    other_licences: z.number().int(),
    /** share of the licences bought with a three-year commitment, 1 decimal ('0.0' when none) */
    three_year_share_percent: z.string().regex(/^\d{1,3}\.\d$/),
  }),
  /** the 10 customers with the highest USD total */
  top_customers: z.array(adobeTopCustomerSchema),
  totals: z.object({ orders: z.number().int(), licences: z.number().int(), total_usd: usd }),
});
export type AdobeStatistics = z.infer<typeof adobeStatisticsSchema>;
