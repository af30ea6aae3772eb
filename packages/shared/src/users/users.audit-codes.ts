/**
 * The codes the audit log stores: each action, record type and field the server writes. The
 * server may write no other (lib/audit.ts is typed with them) and the web app has words for
 * each in en/ru/az (a test fails for a code without them).
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.activate',
  'user.deactivate',
  'user.reset_password',
  'user.reset_second_factors',
  'partner_application.approve',
  'partner_application.reject',
  'markup_group.create',
  'markup_group.update',
  'markup_group.delete',
  'user_group.create',
  'user_group.update',
  'user_group.delete',
  'dealer_price.set',
  'dealer_price.reset',
  'product.create',
  'product.price_update',
  'product.low_stock_threshold_update',
  'keys.import',
  'exchange_rate.set',
  'exchange_rate.delete',
  'pricing.update',
  'company.update',
  'target.create',
  'event.award',
  'won_prize.claim',
  'won_prize.update',
  'job.retry',
  // orders: money received and return decisions (issue 33)
  'order.confirm_payment',
  'order.settle_credit',
  'order.return_approve',
  'order.return_reject',
  // a dealer's API keys (issue 34)
  'api_key.create',
  'api_key.revoke',
  // a dealer's webhook endpoints (issue 34)
  'webhook_endpoint.create',
  'webhook_endpoint.delete',
  'webhook_endpoint.roll_secret',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_RECORD_TYPES = [
  'user',
  'partner_application',
  'markup_group',
  'user_group',
  'dealer_price',
  'product',
  'exchange_rate',
  'pricing_settings',
  'company_settings',
  'target',
  'event',
  'won_prize',
  'job',
  'order',
  'api_key',
  'webhook_endpoint',
] as const;
export type AuditRecordType = (typeof AUDIT_RECORD_TYPES)[number];

/** Every key of an entry's before/after, nested ones (a list's items) included. */
export const AUDIT_FIELDS = [
  // accounts
  'name',
  'email',
  'type_id',
  'lang',
  'country_id',
  'countries',
  'dealer_id',
  'markup_group_id',
  'user_group_id',
  'credit_limit',
  'need_azn_cash',
  'need_azn_credit',
  'has_adobe_account',
  'is_active',
  'partner_application_id',
  // partner applications
  'status',
  'user_id',
  'reason',
  // markup and user groups, a dealer's own prices
  'percent',
  'categories',
  'category_id',
  'markup_percent',
  'product_id',
  'mode',
  'value',
  // products
  'sku',
  'dealer_price',
  'unit_price',
  'royalty',
  'bonus',
  // key stock: a product's low-stock threshold, an import (how many keys, from a file or pasted)
  'low_stock_threshold',
  'keys_added',
  'file_name',
  // exchange rates and pricing settings
  'date',
  'rate',
  'source',
  'vat_percent',
  'credit_surcharge_percent',
  // the seller's details on invoices (Settings → Company; `name` above)
  'voen',
  'address',
  'phone',
  'bank_name',
  'iban',
  'swift',
  'payment_days',
  // targets
  'year',
  'quarter',
  'amount_usd',
  'note',
  // events and won prizes
  'awarded',
  'winners',
  'rank',
  'points_spent',
  'contact_name',
  'phone',
  'address',
  // failed jobs
  'queue',
  'failed_job_id',
  'job_id',
  // orders: what was paid or returned (`sku`, `amount_usd`, `rate`, `reason`, `note` above)
  'amount_azn',
  'quantity',
  // API keys (`name` above): never the key itself
  'prefix',
  'scopes',
  'expires_at',
  'revoked_at',
  // webhook endpoints (`status` above)
  'url',
  'events',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

/** The before/after of an entry: known fields only (`writeAudit` checks nested keys too). */
export type AuditValues = { readonly [K in AuditField]?: unknown };

/** The kinds of record the audit log answer names (`names` of an entry). */
export type AuditNameKind =
  | 'user'
  | 'country'
  | 'markup_group'
  | 'user_group'
  | 'product'
  | 'category'
  | 'event'
  | 'won_prize'
  | 'partner_application';

/** Fields whose value is the id (or a list of ids) of a named record. */
export const AUDIT_FIELD_NAMES = {
  country_id: 'country',
  countries: 'country',
  dealer_id: 'user',
  user_id: 'user',
  markup_group_id: 'markup_group',
  user_group_id: 'user_group',
  product_id: 'product',
  category_id: 'category',
  partner_application_id: 'partner_application',
} as const satisfies Partial<Record<AuditField, AuditNameKind>>;

/** Record types whose entity id is the id of a named record. */
export const AUDIT_RECORD_NAMES = {
  user: 'user',
  partner_application: 'partner_application',
  markup_group: 'markup_group',
  user_group: 'user_group',
  // a dealer's own price is kept per product: its entity id is the product's
  dealer_price: 'product',
  product: 'product',
  event: 'event',
  won_prize: 'won_prize',
} as const satisfies Partial<Record<AuditRecordType, AuditNameKind>>;

/** The key of a record's name in an entry's `names`: `country:3`. */
export const auditNameKey = (kind: AuditNameKind, id: number) => `${kind}:${id}`;

const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/**
 * The named records an entry refers to: its own record, and every id under a field of
 * `AUDIT_FIELD_NAMES` in its before and after, at any depth (a markup group's categories,
 * an award's winners).
 */
export const auditReferences = (entry: {
  entity_type: string;
  entity_id: number | null;
  before: unknown;
  after: unknown;
}): { kind: AuditNameKind; id: number }[] => {
  const found = new Map<string, { kind: AuditNameKind; id: number }>();
  const add = (kind: AuditNameKind, value: unknown) => {
    for (const id of Array.isArray(value) ? value : [value])
      if (isId(id)) found.set(auditNameKey(kind, id), { kind, id });
  };
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (typeof value === 'object' && value !== null) {
      for (const [key, inner] of Object.entries(value)) {
        const kind = AUDIT_FIELD_NAMES[key as keyof typeof AUDIT_FIELD_NAMES];
        if (kind) add(kind, inner);
        else walk(inner);
      }
    }
  };
  const own = AUDIT_RECORD_NAMES[entry.entity_type as keyof typeof AUDIT_RECORD_NAMES];
  if (own) add(own, entry.entity_id);
  walk(entry.before);
  walk(entry.after);
  return [...found.values()];
};
