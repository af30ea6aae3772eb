import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, money } from './columns';
import { users } from './users';

/**
 * Every change of a limit, a role, an account or a price setting: who, what, before and after.
 * Written in the same transaction as the change, so the log never misses or invents one.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    /** null when the system acted (e.g. a partner application approved into an account) */
    actorId: integer('actor_id').references(() => users.id),
    /** e.g. user.create, user.update, user.deactivate, markup.update, rate.create */
    action: varchar('action', { length: 60 }).notNull(),
    entityType: varchar('entity_type', { length: 40 }).notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt),
  ],
);

/**
 * A dealer's sales target for a quarter (USD, VAT excluded). Immutable once added: the server
 * never updates or deletes one, and a trigger refuses it in the database too (spec 5).
 */
export const targets = pgTable(
  'targets',
  {
    id: serial('id').primaryKey(),
    dealerId: integer('dealer_id')
      .notNull()
      .references(() => users.id),
    year: smallint('year').notNull(),
    quarter: smallint('quarter').notNull(),
    amountUsd: money('amount_usd').notNull(),
    note: text('note').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('targets_dealer_quarter_unique').on(t.dealerId, t.year, t.quarter),
    index('targets_quarter_idx').on(t.year, t.quarter),
    check('targets_quarter_check', sql`${t.quarter} between 1 and 4`),
    check('targets_year_check', sql`${t.year} between 2000 and 2100`),
    check('targets_amount_check', sql`${t.amountUsd} > 0`),
  ],
);
