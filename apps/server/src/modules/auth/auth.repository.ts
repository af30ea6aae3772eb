import { roleFromTypeId } from '@esd/shared/access/access.rules';
import type { PasswordLinkKind } from '@esd/shared/auth/auth.schemas';
import { and, eq, gt, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, loginFailures, passwordResetTokens, users } from '../../db/schema';
import { violatedConstraint } from '../../lib/pg-errors';
import { timestampOf } from '../../lib/sql';

export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
};

/**
 * The time the next try of any of these keys is allowed, when that is after `now` (one
 * statement, read before the password is checked).
 */
export const blockedUntil = async (db: DbOrTx, keys: string[], now: Date) => {
  const [row] = await db
    .select({ until: sql<Date | string | null>`max(${loginFailures.blockedUntil})` })
    .from(loginFailures)
    .where(and(inArray(loginFailures.key, keys), gt(loginFailures.blockedUntil, now)));
  return row?.until ? new Date(row.until) : undefined;
};

/**
 * Counts a failed sign-in of a throttled key (an address, or an account and address): the first
 * `free` tries of a run need no wait; once they have failed, each next try waits 1 s, then
 * 2 s, 4 s… after each further failure, at most `maxDelaySeconds`. A run ends once no failure came for `windowSeconds`.
 */
export const recordThrottledFailure = async (
  db: DbOrTx,
  f: { key: string; free: number; maxDelaySeconds: number; windowSeconds: number; now: Date },
) => {
  const now = timestampOf(f.now);
  const quietSince = timestampOf(new Date(f.now.getTime() - f.windowSeconds * 1000));
  const failures = sql`(case when ${loginFailures.lastFailureAt} <= ${quietSince} then 1 else ${loginFailures.failures} + 1 end)`;
  const delayAfter = (count: SQL) =>
    sql`case when ${count} >= ${f.free} then ${now} + make_interval(secs => least(${f.maxDelaySeconds}, power(2, least(${count} - ${f.free}, 30)))) end`;
  await db
    .insert(loginFailures)
    .values({
      key: f.key,
      failures: 1,
      windowStart: f.now,
      lastFailureAt: f.now,
      blockedUntil: f.free <= 1 ? new Date(f.now.getTime() + 1000) : null,
    })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures,
        windowStart: sql`case when ${loginFailures.lastFailureAt} <= ${quietSince} then ${now} else ${loginFailures.windowStart} end`,
        lastFailureAt: now,
        blockedUntil: delayAfter(failures),
      },
    });
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** Counts a failed sign-in against an account (never refused on it): its failures this day. */
export const countAccountFailure = async (db: DbOrTx, f: { key: string; now: Date }) => {
  const dayAgo = timestampOf(new Date(f.now.getTime() - DAY_MS));
  const expired = sql`${loginFailures.windowStart} <= ${dayAgo}`;
  const [row] = await db
    .insert(loginFailures)
    .values({ key: f.key, failures: 1, windowStart: f.now, lastFailureAt: f.now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${timestampOf(f.now)} else ${loginFailures.windowStart} end`,
        lastFailureAt: timestampOf(f.now),
      },
    })
    .returning({ failures: loginFailures.failures });
  return row?.failures ?? 0;
};

/**
 * Marks an account's owner as told about guessing at `now`, unless it was told within a day:
 * true for the one call (of any process) that should send the mail.
 */
export const claimGuessingAlert = async (db: DbOrTx, f: { key: string; now: Date }) => {
  const rows = await db
    .update(loginFailures)
    .set({ alertedAt: f.now })
    .where(
      and(
        eq(loginFailures.key, f.key),
        or(
          isNull(loginFailures.alertedAt),
          lte(loginFailures.alertedAt, new Date(f.now.getTime() - DAY_MS)),
        ),
      ),
    )
    .returning({ key: loginFailures.key });
  return rows.length > 0;
};

/** After the right password: the account and address start a fresh run. */
export const clearFailures = async (db: DbOrTx, key: string) => {
  await db.delete(loginFailures).where(eq(loginFailures.key, key));
};

export const insertResetToken = async (
  db: DbOrTx,
  values: { userId: number; tokenHash: string; kind: PasswordLinkKind; expiresAt: Date },
) => {
  await db.insert(passwordResetTokens).values(values);
};

/** A link's kind and state at `now`, as consumeResetToken would judge it; none if unknown. */
export const findResetToken = async (db: DbOrTx, link: { tokenHash: string; now: Date }) => {
  const [row] = await db
    .select({
      kind: passwordResetTokens.kind,
      isUsed: sql<boolean>`${passwordResetTokens.usedAt} is not null`,
      isExpired: sql<boolean>`${lte(passwordResetTokens.expiresAt, link.now)}`,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, link.tokenHash));
  return row;
};

/** Marks a token valid at `now` used and returns its user id; a used or expired one gives nothing. */
export const consumeResetToken = async (db: DbOrTx, link: { tokenHash: string; now: Date }) => {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, link.tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, link.now),
      ),
    )
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
};

export const invalidateResetTokens = async (db: DbOrTx, userId: number) => {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
};

/** Sets a new password hash and ends every session issued before. */
export const setPasswordAndEndSessions = async (
  db: DbOrTx,
  userId: number,
  passwordHash: string,
) => {
  const [row] = await db
    .update(users)
    .set({
      passwordHash,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId))
    .returning({ sessionVersion: users.sessionVersion });
  return row?.sessionVersion;
};

// ------------------------------------------------------------------ sessions (sign-ins)

export type AuthSession = typeof authSessions.$inferSelect;

/** The client of a request: its address (as trusted proxies name it) and User-Agent. */
export type SignInClient = { ip: string; userAgent?: string | undefined };

/** A new sign-in of the user at `now`, ending `maxHours` later whatever refreshes follow. */
export const startSession = async (
  db: DbOrTx,
  signIn: {
    userId: number;
    provider: string;
    maxHours: number;
    now: Date;
    /** where and in what it signed in, for the owner's list of sign-ins */
    client?: SignInClient;
  },
): Promise<AuthSession> => {
  const { userId, provider, maxHours, now, client } = signIn;
  const [row] = await db
    .insert(authSessions)
    .values({
      userId,
      provider,
      userAgent: client?.userAgent?.slice(0, 400) || null,
      ipAddress: client?.ip.slice(0, 64) ?? null,
      lastSeenAt: now,
      createdAt: now,
      expiresAt: new Date(now.getTime() + maxHours * 60 * 60 * 1000),
    })
    .returning();
  // sign-ins long over are not kept: each new one sweeps a few of its own account's
  await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        lt(authSessions.expiresAt, new Date(now.getTime() - DAY_MS)),
      ),
    );
  return row!;
};

/** Sign-out: the session's tokens are refused from now on (every process is told). */
export const endSession = async (db: DbOrTx, id: string) => {
  await db
    .update(authSessions)
    .set({ endedAt: sql`now()` })
    .where(and(eq(authSessions.id, id), isNull(authSessions.endedAt)));
};

/** What a password's strength is measured against: the account's name, e-mail and role. */
export const findAccountForPassword = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ name: users.name, email: users.email, typeId: users.typeId })
    .from(users)
    .where(eq(users.id, userId));
  const role = row ? roleFromTypeId(row.typeId) : undefined;
  return row && role ? { name: row.name, email: row.email, role } : undefined;
};

/**
 * Binds the provider's subject to the account at its first single sign-on, or confirms the one
 * bound before. False when the account is bound to another subject, or the subject to another
 * account (the unique index answers for two first sign-ons at once).
 */
export const bindOidcSubject = async (db: DbOrTx, userId: number, subject: string) => {
  try {
    const bound = await db
      .update(users)
      .set({ oidcSubject: subject })
      .where(
        and(eq(users.id, userId), or(isNull(users.oidcSubject), eq(users.oidcSubject, subject))),
      )
      .returning({ id: users.id });
    return bound.length === 1;
  } catch (error) {
    if (violatedConstraint(error) === 'users_oidc_subject_unique') return false;
    throw error;
  }
};
