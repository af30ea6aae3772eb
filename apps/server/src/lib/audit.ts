import type {
  AuditAction,
  AuditField,
  AuditRecordType,
  AuditValues,
} from '@esd/shared/users/users.audit-codes';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

/**
 * One change. Its action, record type and fields are the shared audit codes, so the web app
 * has words for each: a new one goes into `AUDIT_ACTIONS`, `AUDIT_RECORD_TYPES` or
 * `AUDIT_FIELDS` first.
 */
export type AuditEntry = {
  action: AuditAction;
  entityType: AuditRecordType;
  entityId?: number | null;
  before?: AuditValues | null;
  after?: AuditValues | null;
};

/**
 * `T` with every key outside the audit fields turned to `never`, at any depth (a list's
 * items too): an entry with an unknown field fails to compile.
 */
type KnownFields<T> = T extends readonly (infer Item)[]
  ? readonly KnownFields<Item>[]
  : T extends Date
    ? T
    : T extends object
      ? { readonly [K in keyof T]: K extends AuditField ? KnownFields<T[K]> : never }
      : T;
type OnlyAuditFields<T> = T extends null | undefined ? T : T & KnownFields<T>;

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
export const writeAudit = async <
  B extends AuditValues | null | undefined,
  A extends AuditValues | null | undefined,
>(
  db: DbOrTx,
  actor: { actorId: number | null; ip: string | null },
  entry: Omit<AuditEntry, 'before' | 'after'> & {
    before?: OnlyAuditFields<B>;
    after?: OnlyAuditFields<A>;
  },
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
