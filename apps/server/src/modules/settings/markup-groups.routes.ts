import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  type MarkupGroup,
  type MarkupGroupInput,
  markupGroupInputSchema,
  markupGroupSchema,
  settingsListQuerySchema,
} from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import { count, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { markupGroupCategories, markupGroups } from '../../db/schema';
import { type AuditEntry, auditActor, changedFields, writeAudit } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { containsPattern, listOrder, offsetOf } from '../../lib/list';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { forgetMarkupCache } from '../catalogue/pricing.context';

// qualified by hand: inside a subquery an unqualified column would bind to the inner table
const dealersCount = sql<number>`(select count(*)::int from users u where u.markup_group_id = "markup_groups"."id")`;
const columns = {
  id: markupGroups.id,
  name: markupGroups.name,
  percent: markupGroups.percent,
  dealersCount,
};

/** A group as the audit log compares it: exact 2-decimal percents, overrides by category. */
const auditedGroup = (group: Pick<MarkupGroup, 'name' | 'percent' | 'categories'>) => ({
  name: group.name,
  percent: fromCents(toCents(group.percent)),
  categories: [...group.categories]
    .sort((a, b) => a.category_id - b.category_id)
    .map((c) => ({ category_id: c.category_id, percent: fromCents(toCents(c.percent)) })),
});

const notFound = () => new AppError('NOT_FOUND', 'This markup group does not exist.');

/** Replaces a group's category overrides with the given ones, in the same transaction. */
const replaceOverrides = async (tx: Tx, groupId: number, input: MarkupGroupInput) => {
  await tx.delete(markupGroupCategories).where(eq(markupGroupCategories.markupGroupId, groupId));
  const unique = [...new Map(input.categories.map((c) => [c.category_id, c])).values()];
  if (unique.length > 0) {
    await tx.insert(markupGroupCategories).values(
      unique.map((c) => ({
        markupGroupId: groupId,
        categoryId: c.category_id,
        percent: c.percent,
      })),
    );
  }
};

export const markupGroupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(markupGroupSchema) };

  const withOverrides = async (
    rows: { id: number; name: string; percent: string; dealersCount: number }[],
  ) => {
    const ids = rows.map((r) => r.id);
    const overrides = ids.length
      ? await app.db
          .select()
          .from(markupGroupCategories)
          .where(inArray(markupGroupCategories.markupGroupId, ids))
      : [];
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      percent: r.percent,
      dealers_count: r.dealersCount,
      categories: overrides
        .filter((o) => o.markupGroupId === r.id)
        .map((o) => ({ category_id: o.categoryId, percent: o.percent })),
    }));
  };
  const one = async (id: number) => {
    const rows = await app.db.select(columns).from(markupGroups).where(eq(markupGroups.id, id));
    const [group] = await withOverrides(rows);
    if (!group) throw notFound();
    return group;
  };
  /** Writes the group and its audit entry (a price setting) in one transaction. */
  const save = async (
    input: MarkupGroupInput,
    audit: { actor: ReturnType<typeof auditActor>; action: string; before?: MarkupGroup },
    work: (tx: Tx) => Promise<number | undefined>,
  ) => {
    try {
      const id = await app.db.transaction(async (tx) => {
        const groupId = await work(tx);
        if (!groupId) throw notFound();
        await replaceOverrides(tx, groupId, input);
        const after = auditedGroup(input);
        const entry: AuditEntry = {
          action: audit.action,
          entityType: 'markup_group',
          entityId: groupId,
          after,
        };
        if (audit.before) {
          const diff = changedFields(auditedGroup(audit.before), after);
          if (diff) await writeAudit(tx, audit.actor, { ...entry, ...diff });
        } else await writeAudit(tx, audit.actor, entry);
        return groupId;
      });
      forgetMarkupCache(app.db);
      return one(id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `A markup group named "${input.name}" already exists.`);
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'One of the chosen categories does not exist.');
      throw error;
    }
  };

  app.get(
    '/settings/markup-groups',
    {
      config: access,
      schema: {
        tags: ['settings'],
        querystring: settingsListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(markupGroupSchema)) },
      },
    },
    async ({ query }) => {
      const where = query.q ? ilike(markupGroups.name, containsPattern(query.q)) : undefined;
      const order = listOrder(
        query,
        { name: markupGroups.name, percent: markupGroups.percent, dealers: dealersCount },
        'name',
        markupGroups.id,
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select(columns)
          .from(markupGroups)
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset(offsetOf(query)),
        app.db.select({ value: count() }).from(markupGroups).where(where),
      ]);
      return ok({ items: await withOverrides(rows), total: total?.value ?? 0 });
    },
  );

  app.post(
    '/settings/markup-groups',
    { config: access, schema: { tags: ['settings'], body: markupGroupInputSchema, response } },
    async (request) => {
      const { body } = request;
      const audit = { actor: auditActor(request), action: 'markup_group.create' };
      const group = await save(body, audit, async (tx) => {
        const [row] = await tx
          .insert(markupGroups)
          .values({ name: body.name, percent: body.percent })
          .returning({ id: markupGroups.id });
        return row?.id;
      });
      return ok(group, 'The markup group has been added.');
    },
  );

  app.put(
    '/settings/markup-groups/:id',
    {
      config: access,
      schema: { tags: ['settings'], params: idParamSchema, body: markupGroupInputSchema, response },
    },
    async (request) => {
      const { params, body } = request;
      const before = await one(params.id);
      const audit = { actor: auditActor(request), action: 'markup_group.update', before };
      const group = await save(body, audit, async (tx) => {
        const [row] = await tx
          .update(markupGroups)
          .set({ name: body.name, percent: body.percent })
          .where(eq(markupGroups.id, params.id))
          .returning({ id: markupGroups.id });
        return row?.id;
      });
      return ok(group, 'The markup group has been saved.');
    },
  );

  app.delete(
    '/settings/markup-groups/:id',
    { config: access, schema: { tags: ['settings'], params: idParamSchema, response } },
    async (request) => {
      const { params } = request;
      const group = await one(params.id);
      const inUse = () =>
        new AppError(
          'IN_USE',
          `${group.name} cannot be deleted: ${group.dealers_count} dealers belong to it.`,
        );
      if (group.dealers_count > 0) throw inUse();
      try {
        await app.db.transaction(async (tx) => {
          await tx.delete(markupGroups).where(eq(markupGroups.id, params.id));
          await writeAudit(tx, auditActor(request), {
            action: 'markup_group.delete',
            entityType: 'markup_group',
            entityId: params.id,
            before: auditedGroup(group),
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
      return ok(group, 'The markup group has been deleted.');
    },
  );
};
