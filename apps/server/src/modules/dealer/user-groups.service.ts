import type { UserGroupInput } from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import type { Db } from '../../db/client';
import { type AuditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './user-groups.repository';

const notFound = () => new AppError('NOT_FOUND', 'This user group does not exist.');

/**
 * A dealer's user groups (spec 5): a markup on the dealer's prices for the end users in the
 * group. Every group and member belongs to the dealer that asks.
 */
export const createUserGroupsService = ({ db }: { db: Db }) => {
  const list = async (dealerId: number, groupId?: number) => {
    const groups = await repo.findUserGroups(db, dealerId, groupId);
    const members = groups.length
      ? await repo.findGroupMembers(
          db,
          groups.map((g) => g.id),
        )
      : [];
    return groups.map((g) => ({
      id: g.id,
      name: g.name,
      markup_percent: g.markupPercent,
      user_ids: members.filter((m) => m.userGroupId === g.id).map((m) => m.userId),
    }));
  };
  const one = async (dealerId: number, groupId: number) => {
    const [group] = await list(dealerId, groupId);
    if (!group) throw notFound();
    return group;
  };

  /** Adds a group (no `groupId`) or rewrites one, with its members and its audit entry. */
  const save = async (
    actor: AuditActor,
    dealerId: number,
    input: UserGroupInput,
    groupId?: number,
  ) => {
    try {
      const id = await db.transaction(async (tx) => {
        const values = { name: input.name, markupPercent: input.markup_percent };
        const previous = groupId ? await repo.lockUserGroup(tx, dealerId, groupId) : undefined;
        const savedId = groupId
          ? await repo.updateUserGroup(tx, dealerId, groupId, values)
          : await repo.insertUserGroup(tx, dealerId, values);
        if (!savedId) throw notFound();
        const members = [...new Set(input.user_ids)];
        if (
          members.length > 0 &&
          (await repo.countOwnUsers(tx, dealerId, members)) !== members.length
        ) {
          throw new AppError('FORBIDDEN', 'A group can only hold your own users.');
        }
        await repo.replaceGroupMembers(tx, savedId, members);
        // the group's markup is a price setting of the dealer's users
        const after = {
          name: input.name,
          markup_percent: fromCents(toCents(input.markup_percent)),
        };
        const diff = previous
          ? changedFields({ name: previous.name, markup_percent: previous.markupPercent }, after)
          : { before: null, after };
        if (diff)
          await writeAudit(tx, actor, {
            action: previous ? 'user_group.update' : 'user_group.create',
            entityType: 'user_group',
            entityId: savedId,
            ...diff,
          });
        return savedId;
      });
      return one(dealerId, id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `You already have a group named "${input.name}".`);
      throw error;
    }
  };

  return {
    list: (dealerId: number) => list(dealerId),
    add: (actor: AuditActor, dealerId: number, input: UserGroupInput) =>
      save(actor, dealerId, input),
    update: (actor: AuditActor, dealerId: number, groupId: number, input: UserGroupInput) =>
      save(actor, dealerId, input, groupId),

    /** Deletes the group; its users pay the default prices again. */
    remove: async (actor: AuditActor, dealerId: number, groupId: number) => {
      const group = await one(dealerId, groupId);
      await db.transaction(async (tx) => {
        await repo.deleteUserGroup(tx, dealerId, group.id);
        await writeAudit(tx, actor, {
          action: 'user_group.delete',
          entityType: 'user_group',
          entityId: group.id,
          before: { name: group.name, markup_percent: group.markup_percent },
        });
      });
      return group;
    },

    users: (dealerId: number) => repo.findDealerUsers(db, dealerId),
  };
};
