import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  mfaRecoveryCodes,
  mfaTickets,
  userPasskeys,
  users,
  userTotp,
  webauthnChallenges,
} from '../../db/schema';

export type PasskeyRow = typeof userPasskeys.$inferSelect;
export type ChallengePurpose = 'register' | 'second-step' | 'sign-in';

export const findTotp = async (db: DbOrTx, userId: number) => {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
};

/** A new unconfirmed secret, replacing an earlier unconfirmed one; none while one is confirmed. */
export const putUnconfirmedTotp = async (db: DbOrTx, userId: number, secret: string) => {
  const rows = await db
    .insert(userTotp)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secret, lastStep: null, createdAt: sql`now()` },
      setWhere: isNull(userTotp.confirmedAt),
    })
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
};

/**
 * Accepts the code of `step` once: only when no code of this step or a later one was accepted
 * before (two requests with the same code: the second finds the step taken). `confirm` is the
 * enrolment's first code, accepted only on the unconfirmed secret.
 */
export const takeTotpStep = async (
  db: DbOrTx,
  input: { userId: number; step: number; confirm: boolean; now: Date },
) => {
  const rows = await db
    .update(userTotp)
    .set(
      input.confirm ? { lastStep: input.step, confirmedAt: input.now } : { lastStep: input.step },
    )
    .where(
      and(
        eq(userTotp.userId, input.userId),
        input.confirm ? isNull(userTotp.confirmedAt) : isNotNull(userTotp.confirmedAt),
        or(isNull(userTotp.lastStep), lt(userTotp.lastStep, input.step)),
      ),
    )
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
};

export const deleteTotp = async (db: DbOrTx, userId: number) => {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
};

export const listPasskeys = (db: DbOrTx, userId: number) =>
  db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(userPasskeys.id);

export const findPasskeyByCredential = async (db: DbOrTx, credentialId: string) => {
  const [row] = await db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.credentialId, credentialId));
  return row;
};

export const insertPasskey = async (
  db: DbOrTx,
  values: Pick<
    PasskeyRow,
    'userId' | 'credentialId' | 'publicKey' | 'counter' | 'transports' | 'name'
  >,
) => {
  await db.insert(userPasskeys).values(values);
};

export const recordPasskeyUse = async (
  db: DbOrTx,
  input: { id: number; counter: number; now: Date },
) => {
  await db
    .update(userPasskeys)
    .set({ counter: input.counter, lastUsedAt: input.now })
    .where(eq(userPasskeys.id, input.id));
};

export const deletePasskey = async (db: DbOrTx, input: { userId: number; id: number }) => {
  const rows = await db
    .delete(userPasskeys)
    .where(and(eq(userPasskeys.id, input.id), eq(userPasskeys.userId, input.userId)))
    .returning({ id: userPasskeys.id });
  return rows.length > 0;
};

export const countRecoveryCodes = async (db: DbOrTx, userId: number) => {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, userId));
  return row?.count ?? 0;
};

export const replaceRecoveryCodes = async (db: DbOrTx, userId: number, hashes: string[]) => {
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.insert(mfaRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
};

/** Uses a recovery code: true once, when it existed; it is gone after. */
export const takeRecoveryCode = async (db: DbOrTx, input: { userId: number; codeHash: string }) => {
  const rows = await db
    .delete(mfaRecoveryCodes)
    .where(
      and(eq(mfaRecoveryCodes.userId, input.userId), eq(mfaRecoveryCodes.codeHash, input.codeHash)),
    )
    .returning({ id: mfaRecoveryCodes.id });
  return rows.length > 0;
};

/** Whether the user has a confirmed factor left, kept on the user row for every request. */
export const syncMfaEnabled = async (db: DbOrTx, userId: number) => {
  const [totp] = await db
    .select({ userId: userTotp.userId })
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
  const [passkey] = await db
    .select({ id: userPasskeys.id })
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .limit(1);
  const isEnabled = Boolean(totp || passkey);
  const [before] = await db
    .select({ mfaEnabled: users.mfaEnabled })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (before && before.mfaEnabled !== isEnabled) {
    await db
      .update(users)
      .set({ mfaEnabled: isEnabled, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
  }
  if (!isEnabled) await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  return { isEnabled, wasEnabled: before?.mfaEnabled ?? false };
};

/** Every factor, code and pending step of the user gone, and its sessions ended. */
export const removeAllFactors = async (db: DbOrTx, userId: number) => {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(userPasskeys).where(eq(userPasskeys.userId, userId));
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId));
  await db.delete(mfaTickets).where(eq(mfaTickets.userId, userId));
  await db
    .update(users)
    .set({
      mfaEnabled: false,
      sessionVersion: sql`${users.sessionVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
};

export const insertTicket = async (
  db: DbOrTx,
  values: { tokenHash: string; userId: number; provider: string; expiresAt: Date; now: Date },
) => {
  // a few expired tickets of anyone go with each new one
  await db.delete(mfaTickets).where(lte(mfaTickets.expiresAt, values.now));
  const { now: _now, ...row } = values;
  await db.insert(mfaTickets).values(row);
};

/** A ticket still good at `now`: not expired and not out of tries. */
export const findTicket = async (
  db: DbOrTx,
  input: { tokenHash: string; now: Date; maxFailures: number },
) => {
  const [row] = await db
    .select()
    .from(mfaTickets)
    .where(
      and(
        eq(mfaTickets.tokenHash, input.tokenHash),
        gt(mfaTickets.expiresAt, input.now),
        lt(mfaTickets.failures, input.maxFailures),
      ),
    );
  return row;
};

export const countTicketFailure = async (db: DbOrTx, tokenHash: string) => {
  await db
    .update(mfaTickets)
    .set({ failures: sql`${mfaTickets.failures} + 1` })
    .where(eq(mfaTickets.tokenHash, tokenHash));
};

/** Uses the ticket: true for the one request that gets it. */
export const takeTicket = async (db: DbOrTx, input: { tokenHash: string; now: Date }) => {
  const rows = await db
    .delete(mfaTickets)
    .where(and(eq(mfaTickets.tokenHash, input.tokenHash), gt(mfaTickets.expiresAt, input.now)))
    .returning({ userId: mfaTickets.userId });
  return rows.length > 0;
};

export const insertChallenge = async (
  db: DbOrTx,
  values: {
    challenge: string;
    purpose: ChallengePurpose;
    userId: number | null;
    expiresAt: Date;
    now: Date;
  },
) => {
  await db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, values.now));
  const { now: _now, ...row } = values;
  const [inserted] = await db
    .insert(webauthnChallenges)
    .values(row)
    .returning({ id: webauthnChallenges.id });
  return inserted!.id;
};

/** Takes the challenge (gone after, whatever the answer): its value while still good. */
export const takeChallenge = async (
  db: DbOrTx,
  input: { id: string; purpose: ChallengePurpose; userId: number | null; now: Date },
) => {
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, input.id),
        eq(webauthnChallenges.purpose, input.purpose),
        input.userId === null
          ? isNull(webauthnChallenges.userId)
          : eq(webauthnChallenges.userId, input.userId),
      ),
    )
    .returning();
  return row && row.expiresAt > input.now ? row.challenge : undefined;
};

export const findUserById = async (db: DbOrTx, id: number) => {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
};
