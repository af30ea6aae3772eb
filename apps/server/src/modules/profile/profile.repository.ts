import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';

/** Rewrites fields of an account; undefined when it does not exist. */
export const updateAccount = async (
  db: DbOrTx,
  id: number,
  values: Partial<typeof users.$inferInsert>,
) => {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return user;
};

/** The account's photo name, its row locked until commit. */
export const lockPhoto = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ photoPath: users.photoPath })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return row;
};
