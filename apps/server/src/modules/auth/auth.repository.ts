import type { PasswordLinkKind } from '@esd/shared/auth/auth.schemas';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, loginFailures, passwordResetTokens, users } from '../../db/schema';

export const findUserByEmail = async (db: DbOrTx, email: string) => {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
};

/** The failures counted for a key within the window (0 when the window has passed). */
export const countRecentFailures = async (db: DbOrTx, key: string, windowSeconds: number) => {
  const [row] = await db
    .select({ failures: loginFailures.failures })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.key, key),
        gt(loginFailures.windowStart, sql`now() - make_interval(secs => ${windowSeconds})`),
      ),
    );
  return row?.failures ?? 0;
};

export const recordFailure = async (db: DbOrTx, key: string, windowSeconds: number) => {
  const expired = sql`${loginFailures.windowStart} <= now() - make_interval(secs => ${windowSeconds})`;
  await db
    .insert(loginFailures)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: loginFailures.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
        windowStart: sql`case when ${expired} then now() else ${loginFailures.windowStart} end`,
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

/** A link's kind and state, read by the database's clock like consumeResetToken; none if unknown. */
export const findResetToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .select({
      kind: passwordResetTokens.kind,
      isUsed: sql<boolean>`${passwordResetTokens.usedAt} is not null`,
      isExpired: sql<boolean>`${passwordResetTokens.expiresAt} <= now()`,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
};

/** Marks a valid token used and returns its user id; a used or expired one gives nothing. */
export const consumeResetToken = async (db: DbOrTx, tokenHash: string) => {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, sql`now()`),
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

/** A new sign-in of the user, ending `maxHours` from now whatever refreshes follow. */
export const startSession = async (
  db: DbOrTx,
  userId: number,
  provider: string,
  maxHours: number,
): Promise<AuthSession> => {
  const [row] = await db
    .insert(authSessions)
    .values({ userId, provider, expiresAt: sql`now() + make_interval(hours => ${maxHours})` })
    .returning();
  // sign-ins long over are not kept: each new one sweeps a few of its own account's
  await db
    .delete(authSessions)
    .where(
      and(
        eq(authSessions.userId, userId),
        sql`${authSessions.expiresAt} < now() - interval '1 day'`,
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
