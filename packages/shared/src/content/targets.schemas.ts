import { z } from 'zod';
import { paginationQuerySchema } from '../api';
import { idSchema, idTextSchema } from '../bounds';
import { moneyString } from '../catalogue/catalogue.schemas';

/** Spec 5: the note the targets form shows, and the refusal of every change. */
export const TARGET_IMMUTABLE_MESSAGE = 'After a target is added it cannot be deleted or changed.';

export const targetQuarters = [1, 2, 3, 4] as const;

/** A positive USD amount with at most 2 decimals, no more than its column holds (MONEY_MAX). */
export const targetAmountSchema = moneyString.refine(
  (v) => !v.startsWith('-') && /[1-9]/.test(v),
  'must be greater than 0',
);

export const targetInputSchema = z.object({
  dealer_id: idSchema,
  year: z.number().int().min(2000).max(2100),
  quarter: z.number().int().min(1).max(4),
  amount_usd: targetAmountSchema,
  note: z.string().trim().max(1000).default(''),
});
export type TargetInput = z.input<typeof targetInputSchema>;

export const targetListQuerySchema = paginationQuerySchema.extend({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  quarter: z.coerce.number().int().min(1).max(4).optional(),
  dealer_id: idTextSchema.optional(),
});
export type TargetListQuery = z.infer<typeof targetListQuerySchema>;

export const targetSchema = z.object({
  id: z.number().int(),
  dealer_id: z.number().int(),
  dealer_name: z.string(),
  dealer_email: z.string(),
  year: z.number().int(),
  quarter: z.number().int(),
  amount_usd: z.string(),
  note: z.string(),
  /** USD of the dealer's (and its users') paid orders in that quarter, Baku time */
  achieved_usd: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Target = z.infer<typeof targetSchema>;

/** An active dealer a target may be set for. */
export const targetDealerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
});
export type TargetDealer = z.infer<typeof targetDealerSchema>;
