import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export type AuditEntry = {
  /** e.g. user.create, user.update, user.deactivate, markup.update, rate.create, target.create */
  action: string;
  entityType: string;
  entityId?: number | null;
  before?: unknown;
  after?: unknown;
};

/** The acting user and address of a request, for `writeAudit`. */
export type AuditActor = { actorId: number | null; ip: string | null };

export const auditActor = (request: FastifyRequest): AuditActor => ({
  actorId: request.session?.user.id ?? null,
  ip: request.ip ?? null,
});

/**
 * Records a change in the audit log. Call it with the transaction that makes the change, so the
 * entry is written exactly when the change is. Only the fields that changed are worth passing
 * as before/after; secrets (password hashes, tokens) never go in.
 */
export const writeAudit = async (
  db: DbOrTx,
  actor: { actorId: number | null; ip: string | null },
  entry: AuditEntry,
) => {
  await db.insert(auditLog).values({
    actorId: actor.actorId,
    ip: actor.ip,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
};

/**
 * The fields whose values differ (compared as JSON), as the before/after of an audit entry;
 * null when nothing changed, so callers write no entry for a save that changed nothing.
 */
export const changedFields = <T extends Record<string, unknown>>(before: T, after: T) => {
  const was: Partial<T> = {};
  const is: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      was[key] = before[key];
      is[key] = after[key];
    }
  }
  return Object.keys(is).length > 0 ? { before: was, after: is } : null;
};
