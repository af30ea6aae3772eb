import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions } from '../../db/schema';

/** Sign-ins still in force at `now`: not ended, not past their absolute end. */
const activeOf = (userId: number, now: Date) =>
  and(
    eq(authSessions.userId, userId),
    isNull(authSessions.endedAt),
    gt(authSessions.expiresAt, now),
  );

/** The account's active sign-ins, the most recently used first. */
export const listActiveSignIns = (db: DbOrTx, userId: number, now: Date) =>
  db
    .select()
    .from(authSessions)
    .where(activeOf(userId, now))
    .orderBy(
      desc(sql`coalesce(${authSessions.lastSeenAt}, ${authSessions.createdAt})`),
      desc(authSessions.createdAt),
    );

/** Ends one active sign-in of the account; false when it has none with that id. */
export const endActiveSignIn = async (db: DbOrTx, userId: number, id: string, now: Date) => {
  const ended = await db
    .update(authSessions)
    .set({ endedAt: now })
    .where(and(eq(authSessions.id, id), activeOf(userId, now)))
    .returning({ id: authSessions.id });
  return ended.length > 0;
};

/** Ends every active sign-in of the account but `keepId`; answers how many. */
export const endOtherSignIns = async (db: DbOrTx, userId: number, keepId: string, now: Date) => {
  const ended = await db
    .update(authSessions)
    .set({ endedAt: now })
    .where(and(activeOf(userId, now), ne(authSessions.id, keepId)))
    .returning({ id: authSessions.id });
  return ended.length;
};
