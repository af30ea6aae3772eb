import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/**
 * A user's TOTP authenticator (RFC 6238), one per user. Unconfirmed (`confirmed_at` null) from
 * the QR code until the first code proves the app holds the secret; `last_step` is the 30 s step
 * of the last code accepted, so a code is never accepted twice (nor an older one).
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** base32, as the authenticator app holds it */
  secret: varchar('secret', { length: 64 }).notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** A registered WebAuthn credential (passkey or security key). */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** base64url credential id, as the browser names it */
    credentialId: varchar('credential_id', { length: 1400 }).notNull(),
    /** base64url COSE public key */
    publicKey: text('public_key').notNull(),
    /** the authenticator's signature counter (0 for authenticators that keep none) */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: varchar('name', { length: 60 }).notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_passkeys_credential_unique').on(t.credentialId),
    index('user_passkeys_user_idx').on(t.userId),
  ],
);

/** One-time recovery codes: sha-256 of each (the code itself is shown once and never stored). */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_recovery_codes_user_hash_unique').on(t.userId, t.codeHash)],
);

/**
 * The second-step ticket a correct password (or an SSO sign-in without MFA) gives a user with a
 * second factor: no session, only the right to try the second factor, briefly and a few times.
 */
export const mfaTickets = pgTable(
  'mfa_tickets',
  {
    /** sha-256 of the ticket handed to the browser */
    tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** how the first step was passed: the session's provider once the second is */
    provider: varchar('provider', { length: 20 }).notNull(),
    failures: integer('failures').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mfa_tickets_expires_idx').on(t.expiresAt),
    check('mfa_tickets_provider', sql`${t.provider} in ('password', 'oidc')`),
  ],
);

/**
 * WebAuthn challenges: stored in the database so that any process can check the answer,
 * taken (deleted) by the first check, and short-lived.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: varchar('challenge', { length: 200 }).notNull(),
    /** `register`: a signed-in user adds a passkey; `second-step`: after the password; `sign-in`: password-less */
    purpose: varchar('purpose', { length: 20 }).notNull(),
    /** the registering user, or the ticket's user; null for a password-less sign-in */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check(
      'webauthn_challenges_purpose',
      sql`${t.purpose} in ('register', 'second-step', 'sign-in')`,
    ),
  ],
);
