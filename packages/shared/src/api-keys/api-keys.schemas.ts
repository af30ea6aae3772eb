import { z } from 'zod';
import { idTextSchema } from '../bounds';

/**
 * What a dealer's API key may do (issue 34). A route names the one scope that opens it to keys
 * (`config.apiScope` on the server); a route that names none refuses every key.
 */
export const API_KEY_SCOPES = [
  /** the catalogue: products, categories, prices */
  'catalogue:read',
  /** the basket, the checkout review and placing orders */
  'basket:write',
  /** orders, their licence keys and invoices */
  'orders:read',
  /** Adobe customers, price previews and subscriptions */
  'adobe',
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** How long a new key lives: the presets of the create form; never more than a year. */
export const API_KEY_EXPIRY_DAYS = [30, 90, 180, 365] as const;
export type ApiKeyExpiryDays = (typeof API_KEY_EXPIRY_DAYS)[number];

/** A key reads `esd_` + 8 characters (its prefix, shown in lists) + `_` + the secret. */
export const API_KEY_MARK = 'esd_';
export const API_KEY_PREFIX_LENGTH = API_KEY_MARK.length + 8;

/** A dealer may hold this many keys that are neither revoked nor expired. */
export const MAX_ACTIVE_API_KEYS = 20;

export const apiKeyStatusSchema = z.enum(['active', 'expired', 'revoked']);
export type ApiKeyStatus = z.infer<typeof apiKeyStatusSchema>;

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** the key's first characters, enough to recognise it; the rest is never stored */
  prefix: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  created_at: z.string(),
  expires_at: z.string(),
  revoked_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  status: apiKeyStatusSchema,
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeysSchema = z.array(apiKeySchema);

export const createApiKeyInputSchema = z.object({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, 'Each scope once.'),
  expires_in_days: z.union(API_KEY_EXPIRY_DAYS.map((days) => z.literal(days))),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** The new key's record and, this once, the whole key. */
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ id: idTextSchema });
