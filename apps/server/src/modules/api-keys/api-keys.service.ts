import {
  type ApiKey,
  type ApiKeyStatus,
  type CreateApiKeyInput,
  type CreatedApiKey,
  MAX_ACTIVE_API_KEYS,
} from '@esd/shared/api-keys/api-keys.schemas';
import type { Db } from '../../db/client';
import { generateApiKey } from '../../lib/api-key-secret';
import { type AuditActor, writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './api-keys.repository';

const DAY_MS = 86_400_000;

const statusOf = (row: repo.ApiKeyRow, now: Date): ApiKeyStatus => {
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'active';
};

const toApiKey = (row: repo.ApiKeyRow, now: Date): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  scopes: row.scopes,
  created_at: row.createdAt.toISOString(),
  expires_at: row.expiresAt.toISOString(),
  revoked_at: row.revokedAt?.toISOString() ?? null,
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
  last_used_ip: row.lastUsedIp,
  status: statusOf(row, now),
});

/**
 * A dealer's API keys (issue 34): the key acts as the dealer within its scopes
 * (plugins/auth.ts). Only the hash of its secret is kept; the whole key is answered once.
 */
export const createApiKeysService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  list: async (dealerId: number): Promise<ApiKey[]> => {
    const now = clock.now();
    return (await repo.listApiKeys(db, dealerId)).map((row) => toApiKey(row, now));
  },

  create: async (
    actor: AuditActor,
    dealerId: number,
    input: CreateApiKeyInput,
  ): Promise<CreatedApiKey> => {
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + input.expires_in_days * DAY_MS);
    // a prefix clash (40 random bits) is all but impossible; one more try settles it
    for (let attempt = 0; ; attempt++) {
      const secret = generateApiKey();
      try {
        const row = await db.transaction(async (tx) => {
          await repo.lockDealer(tx, dealerId);
          if ((await repo.countActiveApiKeys(tx, dealerId, now)) >= MAX_ACTIVE_API_KEYS) {
            throw new AppError(
              'CONFLICT',
              `You already have ${MAX_ACTIVE_API_KEYS} active API keys: revoke one first.`,
              { reason: 'too_many_keys', max: MAX_ACTIVE_API_KEYS },
            );
          }
          const created = await repo.insertApiKey(tx, {
            dealerId,
            name: input.name,
            scopes: input.scopes,
            prefix: secret.prefix,
            secretHash: secret.secretHash,
            createdAt: now,
            expiresAt,
          });
          await writeAudit(tx, actor, {
            action: 'api_key.create',
            entityType: 'api_key',
            entityId: created.id,
            after: {
              name: created.name,
              prefix: created.prefix,
              scopes: created.scopes,
              expires_at: created.expiresAt.toISOString(),
            },
          });
          return created;
        });
        return { ...toApiKey(row, now), key: secret.key };
      } catch (error) {
        if (attempt < 2 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  },

  /** Revokes one of the dealer's keys: every process refuses it from the next request. */
  revoke: async (actor: AuditActor, dealerId: number, id: number): Promise<ApiKey> => {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const revoked = await repo.revokeApiKey(tx, dealerId, id, now);
      if (!revoked) {
        if (await repo.findOwnApiKey(tx, dealerId, id)) {
          throw new AppError('INVALID_STATE', 'This API key has already been revoked.');
        }
        throw new AppError('NOT_FOUND', 'You have no API key with this id.');
      }
      await writeAudit(tx, actor, {
        action: 'api_key.revoke',
        entityType: 'api_key',
        entityId: revoked.id,
        before: { revoked_at: null },
        after: { name: revoked.name, prefix: revoked.prefix, revoked_at: now.toISOString() },
      });
      return toApiKey(revoked, now);
    });
  },
});
