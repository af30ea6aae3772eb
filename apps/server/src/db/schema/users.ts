import type { PasswordLinkKind, StarredPage } from '@esd/shared/auth/auth.schemas';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { countries, markupGroups } from './catalogue';
import { createdAt, money, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** stored lower-cased; unique */
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash'),
    name: text('name').notNull(),
    /** 1 global district, 2 local district, 3 dealer, 4 user (spec 3) */
    typeId: smallint('type_id').notNull(),
    lang: varchar('lang', { length: 2 }).notNull().default('en'),
    photoPath: text('photo_path'),
    /** USD credit limit of a dealer */
    creditLimit: money('credit_limit').notNull().default('0'),
    needAznCash: boolean('need_azn_cash').notNull().default(false),
    needAznCredit: boolean('need_azn_credit').notNull().default(false),
    hasAdobeAccount: boolean('has_adobe_account').notNull().default(false),
    countryId: integer('country_id').references(() => countries.id),
    /** the dealer an end user (type 4) belongs to */
    dealerId: integer('dealer_id').references((): AnyPgColumn => users.id),
    markupGroupId: integer('markup_group_id').references(() => markupGroups.id),
    isActive: boolean('is_active').notNull().default(true),
    /** bumped to end every session of the user at once */
    sessionVersion: integer('session_version').notNull().default(1),
    starredPages: jsonb('starred_pages').$type<StarredPage[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    index('users_dealer_idx').on(t.dealerId),
    index('users_country_idx').on(t.countryId),
    check('users_type_id_check', sql`${t.typeId} between 1 and 4`),
    check('users_lang_check', sql`${t.lang} in ('en', 'ru', 'az')`),
    check('users_credit_limit_check', sql`${t.creditLimit} >= 0`),
  ],
);

/** The countries a local district admin manages. */
export const localDistrictCountries = pgTable(
  'local_district_countries',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.countryId] })],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 of the token sent by e-mail; the token itself is never stored */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /**
     * `first`: the link of a new account (an admin created it, a partner application was
     * approved), where the person sets a first password; `reset`: a forgotten or admin-reset one.
     */
    kind: varchar('kind', { length: 8 }).$type<PasswordLinkKind>().notNull().default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_unique').on(t.tokenHash),
    check('password_reset_tokens_kind', sql`${t.kind} in ('first', 'reset')`),
  ],
);

/**
 * A sign-in: every token names its session. Sign-out ends it (its tokens are refused at once, on
 * every process: a trigger notifies them, migration 0022); refresh never carries a token past
 * `expires_at`, the absolute lifetime (SESSION_MAX_HOURS) fixed at sign-in.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);

/** Failed sign-ins per account and per address, shared by every server process. */
export const loginFailures = pgTable('login_failures', {
  key: varchar('key', { length: 300 }).primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Uses of a limited action in its current window, shared by every server process: mails a
 * user can make the portal send (issue 18). One row per key (`send-keys:user:7`,
 * `mail:to:someone@example.com`); a use after the window starts a new one.
 */
export const usageCounters = pgTable('usage_counters', {
  key: varchar('key', { length: 300 }).primaryKey(),
  uses: integer('uses').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
});
