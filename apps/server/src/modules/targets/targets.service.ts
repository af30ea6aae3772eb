import type { TargetListQuery, targetInputSchema } from '@esd/shared/content/targets.schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { type AuditActor, writeAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import * as repo from './targets.repository';

/** Sales targets per dealer and quarter (spec 5): added once, never changed or deleted. */
export const createTargetsService = ({ db }: { db: Db }) => ({
  list: (query: TargetListQuery) => repo.findTargets(db, query),
  dealers: (q: string | undefined) => repo.findActiveDealers(db, q),

  /** Adds a dealer's target for a quarter; a second one for the same quarter is refused. */
  add: async (input: z.output<typeof targetInputSchema>, actor: AuditActor) => {
    const id = await db
      .transaction(async (tx) => {
        const dealer = await repo.findActiveDealer(tx, input.dealer_id);
        if (!dealer) {
          throw new AppError('NOT_FOUND', 'Choose an active dealer: targets are set for dealers.');
        }
        const targetId = await repo.insertTarget(tx, {
          dealerId: dealer.id,
          year: input.year,
          quarter: input.quarter,
          amountUsd: input.amount_usd,
          note: input.note,
          createdBy: actor.actorId,
        });
        await writeAudit(tx, actor, {
          action: 'target.create',
          entityType: 'target',
          entityId: targetId,
          after: {
            dealer_id: dealer.id,
            year: input.year,
            quarter: input.quarter,
            amount_usd: input.amount_usd,
            note: input.note,
          },
        });
        return targetId;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) {
          throw new AppError(
            'CONFLICT',
            `This dealer already has a target for Q${input.quarter} ${input.year}; targets cannot be changed once added.`,
          );
        }
        throw error;
      });
    return (await repo.findTarget(db, id))!;
  },
});
