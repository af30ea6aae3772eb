import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  TARGET_IMMUTABLE_MESSAGE,
  targetDealerSchema,
  targetInputSchema,
  targetListQuerySchema,
  targetSchema,
} from '@esd/shared/content/targets.schemas';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { targets, users } from '../../db/schema';
import { auditActor, writeAudit } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { containsPattern } from '../../lib/list';
import { isUniqueViolation } from '../../lib/pg-errors';
import { findActiveDealer, findTarget, findTargets } from './targets.repository';

const refuseChange = () => {
  throw new AppError('TARGET_IMMUTABLE', TARGET_IMMUTABLE_MESSAGE);
};

/** Sales targets per dealer and quarter (spec 5): added once, never changed or deleted. */
export const targetsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };

  app.get(
    '/settings/targets',
    {
      config: access,
      schema: {
        tags: ['targets'],
        querystring: targetListQuerySchema,
        response: { 200: envelopeSchema(pageSchema(targetSchema)) },
      },
    },
    async ({ query }) => ok(await findTargets(app.db, query)),
  );

  app.get(
    '/settings/targets/dealers',
    {
      config: access,
      schema: {
        tags: ['targets'],
        querystring: z.object({ q: z.string().trim().max(100).optional() }),
        response: { 200: envelopeSchema(z.array(targetDealerSchema)) },
      },
    },
    async ({ query }) => {
      const pattern = query.q ? containsPattern(query.q) : undefined;
      const rows = await app.db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(
          and(
            eq(users.typeId, 3),
            eq(users.isActive, true),
            pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
          ),
        )
        .orderBy(asc(users.name), asc(users.id))
        .limit(50);
      return ok(rows);
    },
  );

  app.post(
    '/settings/targets',
    {
      config: access,
      schema: {
        tags: ['targets'],
        body: targetInputSchema,
        response: { 200: envelopeSchema(targetSchema) },
      },
    },
    async (request) => {
      const { body } = request;
      const id = await app.db
        .transaction(async (tx) => {
          const dealer = await findActiveDealer(tx, body.dealer_id);
          if (!dealer) {
            throw new AppError(
              'NOT_FOUND',
              'Choose an active dealer: targets are set for dealers.',
            );
          }
          const [row] = await tx
            .insert(targets)
            .values({
              dealerId: dealer.id,
              year: body.year,
              quarter: body.quarter,
              amountUsd: body.amount_usd,
              note: body.note,
              createdBy: request.session?.user.id ?? null,
            })
            .returning({ id: targets.id });
          await writeAudit(tx, auditActor(request), {
            action: 'target.create',
            entityType: 'target',
            entityId: row!.id,
            after: {
              dealer_id: dealer.id,
              year: body.year,
              quarter: body.quarter,
              amount_usd: body.amount_usd,
              note: body.note,
            },
          });
          return row!.id;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) {
            throw new AppError(
              'CONFLICT',
              `This dealer already has a target for Q${body.quarter} ${body.year}; targets cannot be changed once added.`,
            );
          }
          throw error;
        });
      const target = await findTarget(app.db, id);
      return ok(target!, 'The target has been added.');
    },
  );

  // Declared so every change attempt gets the spec 5 answer, not a missing route.
  for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
    app.route({
      method,
      url: '/settings/targets/:id',
      config: access,
      schema: { tags: ['targets'], params: idParamSchema },
      handler: refuseChange,
    });
  }
};
