import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { userGroupMembers, userGroups, users } from '../../db/schema';

/** The dealer's groups (or one of them), by name. */
export const findUserGroups = (db: DbOrTx, dealerId: number, groupId?: number) =>
  db
    .select()
    .from(userGroups)
    .where(and(eq(userGroups.dealerId, dealerId), groupId ? eq(userGroups.id, groupId) : undefined))
    .orderBy(asc(userGroups.name));

export const findGroupMembers = (db: DbOrTx, groupIds: number[]) =>
  db.select().from(userGroupMembers).where(inArray(userGroupMembers.userGroupId, groupIds));

const ownGroup = (dealerId: number, groupId: number) =>
  and(eq(userGroups.id, groupId), eq(userGroups.dealerId, dealerId));

/** The dealer's group, locked until commit. */
export const lockUserGroup = async (db: DbOrTx, dealerId: number, groupId: number) => {
  const [row] = await db.select().from(userGroups).where(ownGroup(dealerId, groupId)).for('update');
  return row;
};

type GroupValues = { name: string; markupPercent: string };

export const insertUserGroup = async (db: DbOrTx, dealerId: number, values: GroupValues) => {
  const [row] = await db
    .insert(userGroups)
    .values({ ...values, dealerId })
    .returning({ id: userGroups.id });
  return row!.id;
};

/** Rewrites the dealer's group; undefined when it has no such group. */
export const updateUserGroup = async (
  db: DbOrTx,
  dealerId: number,
  groupId: number,
  values: GroupValues,
) => {
  const [row] = await db
    .update(userGroups)
    .set(values)
    .where(ownGroup(dealerId, groupId))
    .returning({ id: userGroups.id });
  return row?.id;
};

export const deleteUserGroup = (db: DbOrTx, dealerId: number, groupId: number) =>
  db.delete(userGroups).where(ownGroup(dealerId, groupId));

/** How many of `userIds` are end users of this dealer. */
export const countOwnUsers = async (db: DbOrTx, dealerId: number, userIds: number[]) => {
  const own = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), eq(users.dealerId, dealerId), eq(users.typeId, 4)));
  return own.length;
};

/**
 * Makes the group's members exactly `userIds`; a user belongs to one group, so adding it
 * here moves it from its old one.
 */
export const replaceGroupMembers = async (db: DbOrTx, groupId: number, userIds: number[]) => {
  await db
    .delete(userGroupMembers)
    .where(
      userIds.length > 0
        ? and(
            eq(userGroupMembers.userGroupId, groupId),
            notInArray(userGroupMembers.userId, userIds),
          )
        : eq(userGroupMembers.userGroupId, groupId),
    );
  if (userIds.length > 0) {
    await db
      .insert(userGroupMembers)
      .values(userIds.map((userId) => ({ userId, userGroupId: groupId })))
      .onConflictDoUpdate({
        target: userGroupMembers.userId,
        set: { userGroupId: sql`excluded.user_group_id` },
      });
  }
};

/** The dealer's end users with the group each is in, by name. */
export const findDealerUsers = (db: DbOrTx, dealerId: number) =>
  db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      user_group_id: userGroupMembers.userGroupId,
    })
    .from(users)
    .leftJoin(userGroupMembers, eq(userGroupMembers.userId, users.id))
    .where(and(eq(users.dealerId, dealerId), eq(users.typeId, 4)))
    .orderBy(asc(users.name));
