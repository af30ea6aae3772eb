import { z } from 'zod';
import { ORDER_DISPLAY_STATUSES } from '../orders/orders.rules';

/** Days of the used-credit series on "My credit": the last 90, Baku days, oldest first. */
export const CREDIT_SERIES_DAYS = 90;
/** The open credit orders listed (newest first). */
export const CREDIT_OPEN_ORDERS_LIMIT = 100;
/** The settlements and refunds listed: the most recent. */
export const CREDIT_MOVEMENTS_LIMIT = 20;

/**
 * A credit order neither settled nor cancelled that still uses some of the dealer's credit (one
 * whose every item came back uses none and is not listed).
 */
export const openCreditOrderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  display_status: z.enum(ORDER_DISPLAY_STATUSES),
  buyer: z.object({ id: z.number().int(), name: z.string() }),
  total_usd: z.string(),
  /** the order's total less its refunds, USD excluding VAT */
  open_usd: z.string(),
});
export type OpenCreditOrder = z.infer<typeof openCreditOrderSchema>;

/**
 * A settlement (`settled`: the dealer paid a credit order) or a refund on a credit order
 * (`credit_restored`: back onto the credit; `refunded`: money given back after settlement).
 */
export const creditMovementSchema = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  kind: z.enum(['settled', 'credit_restored', 'refunded']),
  amount_usd: z.string(),
  amount_azn: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});
export type CreditMovement = z.infer<typeof creditMovementSchema>;

/**
 * GET /api/credit: the caller's dealer's credit (a dealer's own; an end user's dealer's, which
 * its credit orders draw on), in USD excluding VAT. The lists hold the orders the caller may
 * open: a dealer's and its users', an end user's own.
 */
export const dealerCreditSchema = z.object({
  dealer: z.object({ id: z.number().int(), name: z.string() }),
  limit: z.string(),
  used: z.string(),
  /** limit − used; negative only when a limit was lowered below what is used */
  remaining: z.string(),
  open_orders: z.array(openCreditOrderSchema),
  /** the `CREDIT_MOVEMENTS_LIMIT` most recent */
  movements: z.array(creditMovementSchema),
  /** the credit used at the end of each of the last `CREDIT_SERIES_DAYS` Baku days */
  series: z.array(z.object({ date: z.string(), used: z.string() })),
});
export type DealerCredit = z.infer<typeof dealerCreditSchema>;
