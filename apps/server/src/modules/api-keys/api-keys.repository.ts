import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { apiKeys, users } from '../../db/schema';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

/** The dealer's keys, the newest first. */
export const listApiKeys = (db: DbOrTx, dealerId: number) =>
  db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.dealerId, dealerId))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));

/** Holds the dealer's row until the transaction ends: one key creation at a time per dealer. */
export const lockDealer = (db: DbOrTx, dealerId: number) =>
  db.execute(sql`select 1 from ${users} where ${users.id} = ${dealerId} for update`);

/** How many of the dealer's keys still work at `now` (neither revoked nor expired). */
export const countActiveApiKeys = async (db: DbOrTx, dealerId: number, now: Date) => {
  const [row] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(
      and(eq(apiKeys.dealerId, dealerId), isNull(apiKeys.revokedAt), gt(apiKeys.expiresAt, now)),
    );
  return row?.n ?? 0;
};

export const insertApiKey = async (db: DbOrTx, values: typeof apiKeys.$inferInsert) => {
  const [row] = await db.insert(apiKeys).values(values).returning();
  return row!;
};

/** The dealer's key with this id, or undefined. */
export const findOwnApiKey = async (db: DbOrTx, dealerId: number, id: number) => {
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.id, id), eq(apiKeys.dealerId, dealerId)))
    .limit(1);
  return row;
};

/** Revokes the dealer's key unless it already is; the revoked row, or undefined. */
export const revokeApiKey = async (db: DbOrTx, dealerId: number, id: number, now: Date) => {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.dealerId, dealerId), isNull(apiKeys.revokedAt)))
    .returning();
  return row;
};
