import { z } from 'zod';

/** Every answer of the API: the HTTP status equals `code`. */
export type ApiEnvelope<T> = { code: number; message: string; data: T };

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number().int(), message: z.string(), data });

export { type AppErrorCode, appErrorCodes } from './api-codes';

export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  perPage: z.coerce.number().int().min(1).max(100).default(10),
});
/** A page and its size, as the server reads them. */
export type PaginationQuery = z.output<typeof paginationQuerySchema>;

export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int() });

/** A page of a list, as `pageSchema` describes it (for code that needs the type, not zod). */
export type Page<T> = { items: T[]; total: number };
