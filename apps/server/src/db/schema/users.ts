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
    /**
     * A dealer's tax id (VÖEN, 10 digits) and street address as its invoices name the buyer
     * (the country is `country_id`). An issued invoice keeps the ones it was issued with.
     */
    voen: varchar('voen', { length: 10 }),
    address: varchar('address', { length: 300 }),
    isActive: boolean('is_active').notNull().default(true),
    /** bumped to end every session of the user at once */
    sessionVersion: integer('session_version').notNull().default(1),
    /** has a confirmed second factor (TOTP or a passkey): the password alone gives no session */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /**
     * The identity provider's `sub` of this account, bound at its first single sign-on: a later
     * ID token for the same e-mail under another subject (an address reassigned at the provider)
     * does not sign in.
     */
    oidcSubject: text('oidc_subject'),
    starredPages: jsonb('starred_pages').$type<StarredPage[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_oidc_subject_unique').on(t.oidcSubject),
    index('users_dealer_idx').on(t.dealerId),
    index('users_country_idx').on(t.countryId),
    check('users_type_id_check', sql`${t.typeId} between 1 and 4`),
    check('users_lang_check', sql`${t.lang} in ('en', 'ru', 'az')`),
    check('users_credit_limit_check', sql`${t.creditLimit} >= 0`),
    check('users_voen_check', sql`${t.voen} ~ '^[0-9]{10}$'`),
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
    /** the browser's User-Agent at sign-in (cut to 400 characters), for the owner's list */
    userAgent: varchar('user_agent', { length: 400 }),
    /** the client address last seen using it */
    ipAddress: varchar('ip_address', { length: 64 }),
    /** when it was last used, written at most once a minute (plugins/auth.ts) */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    index('auth_sessions_user_idx').on(t.userId),
    index('auth_sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failed sign-ins, shared by every server process (issue 32): per client address
 * (`address:<ip>`) and per account and address (`pair:<ip>:<email>`), each with the time its
 * next try is allowed (a delay that doubles past the free failures); per account
 * (`account:<email>`) only to tell the owner, once a day, that it is being guessed at — an
 * account as a whole is never refused.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    failures: integer('failures').notNull().default(0),
    /** the first failure of this run (a run ends after a quiet LOGIN_FAILURE_WINDOW_SECONDS) */
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull().defaultNow(),
    /** no try of this key before then */
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    /** when the owner was last mailed about guessing (account keys) */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (t) => [index('login_failures_last_failure_idx').on(t.lastFailureAt)],
);

/**
 * Uses of a limited action in its current window, shared by every server process: mails a
 * user can make the portal send (issue 18). One row per key (`send-keys:user:7`,
 * `mail:to:someone@example.com`); a use after the window starts a new one.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    key: varchar('key', { length: 300 }).primaryKey(),
    uses: integer('uses').notNull().default(0),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull().defaultNow(),
  },
  // the sweep of old counters (lib/counter-sweep.ts) finds them by their window
  (t) => [index('usage_counters_window_idx').on(t.windowStart)],
);
