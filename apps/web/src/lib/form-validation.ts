import type { z } from 'zod';

/** A Mantine form rule backed by the shared zod schema the server validates with. */
export const matchesSchema =
  (schema: z.ZodType, message: string) =>
  (value: unknown): string | null =>
    schema.safeParse(value).success ? null : message;
