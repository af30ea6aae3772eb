import { z } from 'zod';
import { SELL_TYPE } from './pricing.rules';

/** Spec 3 sell type: 1 cash, 2 credit. */
export const sellTypeSchema = z.union([z.literal(SELL_TYPE.cash), z.literal(SELL_TYPE.credit)]);

/** A sell type written in a query string ('1' or '2'). */
export const sellTypeQuerySchema = z.coerce
  .number()
  .pipe(sellTypeSchema)
  // the document says what the pipe accepts, not only its coerced input (issue 34)
  .meta({ type: 'integer', enum: [1, 2] });
