import type { PasswordLinkKind } from '@esd/shared/auth/auth.schemas';
import { and, eq, gt, isNull, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, loginFailures, passwordResetTokens, users } from '../../db/schema';
import { timestampOf } from '../../lib/sql';

export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
};

type FailureWindow = { key: string; windowSeconds: number; now: Date };

/** The start of the window that holds `now`: failures before it no longer count. */
const windowOpenedAfter = ({ windowSeconds, now }: FailureWindow) =>
  new Date(now.getTime() - windowSeconds * 1000);

/** The failures counted for a key within the window (0 when the window has passed). */
export const countRecentFailures = async (db: DbOrTx, window: FailureWindow) => {
  const [row] = await db
    .select({ failures: loginFailures.failures })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, window.key),
        gt(loginFailures.windowStart, windowOpenedAfter(window)),
      ),
    );
  return row?.failures ?? 0;
};

/** Counts a failure; one after the window has passed starts a new window at `now`. */
export const recordFailure = async (db: DbOrTx, window: FailureWindow) => {
  const expired = lte(loginFailures.windowStart, windowOpenedAfter(window));
  await db
    .insert(loginFailures)
    .values({ key: window.key, failures: 1, windowStart: window.now })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${expired} then ${timestampOf(window.now)} else ${loginFailures.windowStart} end`,
      },
    });
};

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

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new sign-in of the user at `now`, ending `maxHours` later whatever refreshes follow. */
export const startSession = async (
  db: DbOrTx,
  signIn: { userId: number; provider: string; maxHours: number; now: Date },
): Promise<AuthSession> => {
  const { userId, provider, maxHours, now } = signIn;
  const [row] = await db
    .insert(authSessions)
    .values({
      userId,
      provider,
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
