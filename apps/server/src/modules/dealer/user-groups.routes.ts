import { envelopeSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  dealerUserSchema,
  type UserGroupInput,
  userGroupInputSchema,
  userGroupSchema,
} from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client';
import { userGroupMembers, userGroups, users } from '../../db/schema';
import { type AuditActor, auditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import { requireSession } from '../../plugins/auth';

/** Makes the group's members exactly these users, who must all be this dealer's own. */
const setMembers = async (tx: Tx, dealerId: number, groupId: number, userIds: number[]) => {
  const unique = [...new Set(userIds)];
  if (unique.length > 0) {
    const own = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, unique), eq(users.dealerId, dealerId), eq(users.typeId, 4)));
    if (own.length !== unique.length) {
      throw new AppError('FORBIDDEN', 'A group can only hold your own users.');
    }
  }
  await tx
    .delete(userGroupMembers)
    .where(
      unique.length > 0
        ? and(
            eq(userGroupMembers.userGroupId, groupId),
            notInArray(userGroupMembers.userId, unique),
          )
        : eq(userGroupMembers.userGroupId, groupId),
    );
  if (unique.length > 0) {
    // a user belongs to one group: adding it here moves it from its old one
    await tx
      .insert(userGroupMembers)
      .values(unique.map((userId) => ({ userId, userGroupId: groupId })))
      .onConflictDoUpdate({
        target: userGroupMembers.userId,
        set: { userGroupId: sql`excluded.user_group_id` },
      });
  }
};

export const userGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'dealer' as const };
  const response = { 200: envelopeSchema(userGroupSchema) };

  const list = async (dealerId: number, groupId?: number) => {
    const groups = await app.db
      .select()
      .from(userGroups)
      .where(
        and(eq(userGroups.dealerId, dealerId), groupId ? eq(userGroups.id, groupId) : undefined),
      )
      .orderBy(asc(userGroups.name));
    const members = groups.length
      ? await app.db
          .select()
          .from(userGroupMembers)
          .where(
            inArray(
              userGroupMembers.userGroupId,
              groups.map((g) => g.id),
            ),
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
    if (!group) throw new AppError('NOT_FOUND', 'This user group does not exist.');
    return group;
  };
  const save = async (
    actor: AuditActor,
    dealerId: number,
    input: UserGroupInput,
    groupId?: number,
  ) => {
    try {
      const id = await app.db.transaction(async (tx) => {
        const values = { name: input.name, markupPercent: input.markup_percent };
        const [previous] = groupId
          ? await tx
              .select()
              .from(userGroups)
              .where(and(eq(userGroups.id, groupId), eq(userGroups.dealerId, dealerId)))
              .for('update')
          : [];
        const [row] = groupId
          ? await tx
              .update(userGroups)
              .set(values)
              .where(and(eq(userGroups.id, groupId), eq(userGroups.dealerId, dealerId)))
              .returning({ id: userGroups.id })
          : await tx
              .insert(userGroups)
              .values({ ...values, dealerId })
              .returning({ id: userGroups.id });
        if (!row) throw new AppError('NOT_FOUND', 'This user group does not exist.');
        await setMembers(tx, dealerId, row.id, input.user_ids);
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
            entityId: row.id,
            ...diff,
          });
        return row.id;
      });
      return one(dealerId, id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `You already have a group named "${input.name}".`);
      throw error;
    }
  };

  app.get(
    '/dealer/groups',
    {
      config: access,
      schema: { tags: ['dealer'], response: { 200: envelopeSchema(z.array(userGroupSchema)) } },
    },
    async (request) => ok(await list(requireSession(request).user.id)),
  );

  app.post(
    '/dealer/groups',
    { config: access, schema: { tags: ['dealer'], body: userGroupInputSchema, response } },
    async (request) =>
      ok(
        await save(auditActor(request), requireSession(request).user.id, request.body),
        'The group has been added.',
      ),
  );

  app.put(
    '/dealer/groups/:id',
    {
      config: access,
      schema: { tags: ['dealer'], params: idParamSchema, body: userGroupInputSchema, response },
    },
    async (request) =>
      ok(
        await save(
          auditActor(request),
          requireSession(request).user.id,
          request.body,
          request.params.id,
        ),
        'The group has been saved.',
      ),
  );

  app.delete(
    '/dealer/groups/:id',
    { config: access, schema: { tags: ['dealer'], params: idParamSchema, response } },
    async (request) => {
      const dealerId = requireSession(request).user.id;
      const group = await one(dealerId, request.params.id);
      await app.db.transaction(async (tx) => {
        await tx
          .delete(userGroups)
          .where(and(eq(userGroups.id, group.id), eq(userGroups.dealerId, dealerId)));
        await writeAudit(tx, auditActor(request), {
          action: 'user_group.delete',
          entityType: 'user_group',
          entityId: group.id,
          before: { name: group.name, markup_percent: group.markup_percent },
        });
      });
      return ok(group, 'The group has been deleted; its users pay the default prices.');
    },
  );

  app.get(
    '/dealer/users',
    {
      config: access,
      schema: { tags: ['dealer'], response: { 200: envelopeSchema(z.array(dealerUserSchema)) } },
    },
    async (request) => {
      const dealerId = requireSession(request).user.id;
      const rows = await app.db
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
      return ok(rows);
    },
  );
};
