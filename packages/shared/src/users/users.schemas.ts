import { z } from 'zod';
import { userTypeIds } from '../access/access.rules';
import { paginationQuerySchema } from '../api';
import { calendarDateSchema, displayNameSchema, idSchema, idTextSchema } from '../bounds';
import { nonNegativeMoney } from '../catalogue/catalogue.schemas';
import { languages } from '../constants';
import { compareMoney, isMoney } from '../shop/money';

const id = idSchema;
const queryId = idTextSchema;
const queryBoolean = z.enum(['true', 'false']).transform((value) => value === 'true');

export const userTypeIdSchema = z.union(
  userTypeIds.map((typeId) => z.literal(typeId)) as [
    z.ZodLiteral<1>,
    z.ZodLiteral<2>,
    z.ZodLiteral<3>,
    z.ZodLiteral<4>,
  ],
);

export const ACCOUNT_NAME_MAX = 120;
/** A dealer's address as invoices print it (its country is the account's own). */
export const DEALER_ADDRESS_MAX = 300;
/** An Azerbaijani tax id (VÖEN): exactly 10 digits, as the partner application checks it. */
export const VOEN_MESSAGE = 'VÖEN must be exactly 10 digits';
export const voenSchema = z
  .string()
  .trim()
  .regex(/^[0-9]{10}$/, VOEN_MESSAGE);
export const CREDIT_LIMIT_MAX = '999999999999.99';

/**
 * Every field user administration can set. Which ones a role may send for which account
 * type is decided by `editableFields` (users.rules); a field outside them is refused.
 */
const accountShape = {
  name: displayNameSchema(ACCOUNT_NAME_MAX),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email()),
  type_id: userTypeIdSchema,
  lang: z.enum(languages),
  country_id: id.nullable(),
  /** the dealer an end user belongs to */
  dealer_id: id.nullable(),
  markup_group_id: id.nullable(),
  /** one of the dealer's user groups */
  user_group_id: id.nullable(),
  /** USD, exact decimal string */
  credit_limit: nonNegativeMoney.refine(
    (value) => !isMoney(value) || compareMoney(value, CREDIT_LIMIT_MAX) <= 0,
    `must be at most ${CREDIT_LIMIT_MAX}`,
  ),
  need_azn_cash: z.boolean(),
  need_azn_credit: z.boolean(),
  has_adobe_account: z.boolean(),
  is_active: z.boolean(),
  /** the countries a local district admin manages */
  countries: z.array(id).max(300),
  /** a dealer's tax id, printed as the buyer's on every invoice issued after it is set */
  voen: voenSchema.nullable(),
  /** a dealer's street address (its country is `country_id`), printed on invoices likewise */
  address: z.string().trim().min(1).max(DEALER_ADDRESS_MAX).nullable(),
};

/** POST /api/settings/users: type, name and e-mail are needed; the rest is optional. */
export const createUserInputSchema = z.object(accountShape).partial().required({
  name: true,
  email: true,
  type_id: true,
});
export type CreateUserInput = z.infer<typeof createUserInputSchema>;

/** PATCH /api/settings/users/{id}: only the fields sent change. */
export const updateUserInputSchema = z
  .object(accountShape)
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'send at least one field to change');
export type UpdateUserInput = z.infer<typeof updateUserInputSchema>;

export const userSortKeys = ['name', 'email', 'type', 'created', 'active'] as const;
export type UserSort = (typeof userSortKeys)[number];

export const userListQuerySchema = paginationQuerySchema.extend({
  q: z.string().trim().max(100).optional(),
  type_id: z.coerce.number().int().min(1).max(4).optional(),
  country_id: queryId.optional(),
  dealer_id: queryId.optional(),
  is_active: queryBoolean.optional(),
  sort: z.enum(userSortKeys).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
export type UserListParams = z.input<typeof userListQuerySchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** An account as its manager sees it, with money owed and orders still open. */
export const managedUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  type_id: userTypeIdSchema,
  lang: z.enum(languages),
  is_active: z.boolean(),
  /** false while an invited account has not chosen its password yet */
  has_password: z.boolean(),
  /** has a second factor (TOTP or a passkey) a global admin can reset */
  has_second_factor: z.boolean(),
  country: named.nullable(),
  dealer: named.nullable(),
  markup_group: named.extend({ percent: z.string() }).nullable(),
  user_group: named.nullable(),
  credit_limit: z.string(),
  need_azn_cash: z.boolean(),
  need_azn_credit: z.boolean(),
  has_adobe_account: z.boolean(),
  /** a local district admin's countries */
  countries: z.array(named),
  /** a dealer's VÖEN and address for invoices; null when not set (and for other accounts) */
  voen: z.string().nullable(),
  address: z.string().nullable(),
  /** a dealer's credit in USD (VAT excluded): limit − unpaid credit orders; null for others */
  credit: z.object({ limit: z.string(), used: z.string(), remaining: z.string() }).nullable(),
  /** orders this account placed that are pending or in progress, and what it owes on credit */
  outstanding: z.object({
    count: z.number().int(),
    amount_usd: z.string(),
    unpaid_credit_usd: z.string(),
  }),
  created_at: z.string(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const userOptionsQuerySchema = z.object({ dealer_id: queryId.optional() });

/** What the caller may choose in the user form: only records inside its scope. */
export const userOptionsSchema = z.object({
  type_ids: z.array(userTypeIdSchema),
  countries: z.array(named.extend({ code: z.string() })),
  dealers: z.array(named.extend({ country_id: z.number().int().nullable() })),
  markup_groups: z.array(named.extend({ percent: z.string() })),
  /** the user groups of the dealer asked for (a dealer: its own) */
  user_groups: z.array(named),
});
export type UserOptions = z.infer<typeof userOptionsSchema>;

// Audit log

export const auditLogQuerySchema = paginationQuerySchema.extend({
  actor_id: queryId.optional(),
  action: z.string().trim().min(1).max(60).optional(),
  entity_type: z.string().trim().min(1).max(40).optional(),
  entity_id: queryId.optional(),
  /** calendar days in Baku time, inclusive */
  date_from: calendarDateSchema.optional(),
  date_to: calendarDateSchema.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
export type AuditLogParams = z.input<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  actor: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  ip: z.string().nullable(),
  /** the names of the records the entry refers to, by `auditNameKey` (`country:3`) */
  names: z.record(z.string(), z.string()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The values the audit log's filters offer: what occurs in the log. */
export const auditFiltersSchema = z.object({
  actions: z.array(z.string()),
  entity_types: z.array(z.string()),
  actors: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;
