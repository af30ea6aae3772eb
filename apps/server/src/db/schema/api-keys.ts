import type { ApiKeyScope } from '@esd/shared/api-keys/api-keys.schemas';
import { index, integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A dealer's API keys (issue 34). The key is `prefix` + `_` + a 32-byte random secret; only the
 * SHA-256 of the secret is kept (a high-entropy secret needs no slow hash), compared in constant
 * time. The whole key is shown once, at creation.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    /** the dealer (users.type_id 3) the key acts as */
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    scopes: text('scopes').array().$type<ApiKeyScope[]>().notNull(),
    /** `esd_` + 8 random characters: how a request's key finds its row, and what lists show */
    prefix: varchar('prefix', { length: 16 }).notNull().unique(),
    /** SHA-256 of the secret, hex */
    secretHash: varchar('secret_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** written at most once a minute per key (plugins/auth.ts) */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
  },
  (t) => [index('api_keys_dealer_idx').on(t.dealerId)],
);
