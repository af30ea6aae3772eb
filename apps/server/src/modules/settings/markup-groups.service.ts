import type {
  MarkupGroup,
  MarkupGroupInput,
  SettingsListQuery,
} from '@esd/shared/catalogue/settings.schemas';
import { fromCents, toCents } from '@esd/shared/shop/money';
import type { Db, Tx } from '../../db/client';
import { type AuditActor, type AuditEntry, changedFields, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/pg-errors';
import { forgetMarkupCache } from '../catalogue';
import * as repo from './markup-groups.repository';

/** A group as the audit log compares it: exact 2-decimal percents, overrides by category. */
const auditedGroup = (group: Pick<MarkupGroup, 'name' | 'percent' | 'categories'>) => ({
  name: group.name,
  percent: fromCents(toCents(group.percent)),
  categories: [...group.categories]
    .sort((a, b) => a.category_id - b.category_id)
    .map((c) => ({ category_id: c.category_id, percent: fromCents(toCents(c.percent)) })),
});

const notFound = () => new AppError('NOT_FOUND', 'This markup group does not exist.');

/**
 * Markup groups (spec 5): a dealer's markup on the base price, with overrides per category.
 * Every change is a price setting: audited, and the cached markups are forgotten.
 */
export const createMarkupGroupsService = ({ db }: { db: Db }) => {
  const one = async (id: number) => {
    const group = await repo.findMarkupGroup(db, id);
    if (!group) throw notFound();
    return group;
  };

  /** Writes the group and its audit entry in one transaction. */
  const save = async (
    input: MarkupGroupInput,
    audit: { actor: AuditActor; action: AuditEntry['action']; before?: MarkupGroup },
    work: (tx: Tx) => Promise<number | undefined>,
  ) => {
    try {
      const id = await db.transaction(async (tx) => {
        const groupId = await work(tx);
        if (!groupId) throw notFound();
        await repo.replaceOverrides(tx, groupId, input);
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
      forgetMarkupCache(db);
      return one(id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', `A markup group named "${input.name}" already exists.`);
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'One of the chosen categories does not exist.');
      throw error;
    }
  };

  return {
    list: (query: SettingsListQuery) => repo.findMarkupGroups(db, query),

    add: (input: MarkupGroupInput, actor: AuditActor) =>
      save(input, { actor, action: 'markup_group.create' }, (tx) =>
        repo.insertMarkupGroup(tx, input),
      ),

    update: async (id: number, input: MarkupGroupInput, actor: AuditActor) => {
      const before = await one(id);
      return save(input, { actor, action: 'markup_group.update', before }, (tx) =>
        repo.updateMarkupGroup(tx, id, input),
      );
    },

    /** Deletes a group no dealer belongs to. */
    remove: async (id: number, actor: AuditActor) => {
      const group = await one(id);
      const inUse = () =>
        new AppError(
          'IN_USE',
          `${group.name} cannot be deleted: ${group.dealers_count} dealers belong to it.`,
        );
      if (group.dealers_count > 0) throw inUse();
      try {
        await db.transaction(async (tx) => {
          await repo.deleteMarkupGroup(tx, id);
          await writeAudit(tx, actor, {
            action: 'markup_group.delete',
            entityType: 'markup_group',
            entityId: id,
            before: auditedGroup(group),
          });
        });
      } catch (error) {
        if (isForeignKeyViolation(error)) throw inUse();
        throw error;
      }
      return group;
    },
  };
};
