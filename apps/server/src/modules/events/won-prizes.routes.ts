import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import {
  wonPrizeSchema,
  wonPrizesQuerySchema,
  wonPrizeUpdateSchema,
} from '@esd/shared/events/events.schemas';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DbOrTx } from '../../db/client';
import { events, prizes, users, wonPrizes } from '../../db/schema';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { requestLanguage, titleIn } from '../../lib/language';
import { requireSession } from '../../plugins/auth';
import { prizeImageUrl } from './events.images';
import { updateWonPrize } from './events.service';

const dealers = alias(users, 'dealer');
const claimers = alias(users, 'claimer');

/** Won prizes with their prize, event, dealer and claimer, newest first. */
export const findWonPrizes = async (
  db: DbOrTx,
  options: { where: SQL | undefined; lang: Language; limit: number; offset: number },
) => {
  const rows = await db
    .select({
      won: wonPrizes,
      prize: prizes,
      event: { titleEn: events.titleEn, titleRu: events.titleRu, titleAz: events.titleAz },
      dealerName: dealers.name,
      dealerEmail: dealers.email,
      claimerName: claimers.name,
    })
    .from(wonPrizes)
    .innerJoin(prizes, eq(prizes.id, wonPrizes.prizeId))
    .innerJoin(events, eq(events.id, wonPrizes.eventId))
    .innerJoin(dealers, eq(dealers.id, wonPrizes.dealerId))
    .leftJoin(claimers, eq(claimers.id, wonPrizes.claimedBy))
    .where(options.where)
    .orderBy(desc(wonPrizes.createdAt), desc(wonPrizes.id))
    .limit(options.limit)
    .offset(options.offset);
  return rows.map((r) => ({
    id: r.won.id,
    prize_id: r.won.prizeId,
    prize_title: titleIn(r.prize, options.lang),
    prize_image_url: prizeImageUrl(r.prize.imagePath),
    event_id: r.won.eventId,
    event_title: titleIn(r.event, options.lang),
    dealer_id: r.won.dealerId,
    dealer_name: r.dealerName,
    dealer_email: r.dealerEmail,
    claimed_by_name: r.claimerName,
    source: r.won.source,
    points_spent: r.won.pointsSpent,
    rank: r.won.rank,
    status: r.won.status,
    status_changed_at: r.won.statusChangedAt?.toISOString() ?? null,
    note: r.won.note,
    created_at: r.won.createdAt.toISOString(),
  }));
};

export const wonPrizesRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };

  app.get(
    '/settings/won-prizes',
    {
      config: access,
      schema: {
        tags: ['events'],
        querystring: wonPrizesQuerySchema,
        response: { 200: envelopeSchema(pageSchema(wonPrizeSchema)) },
      },
    },
    async (request) => {
      const { query } = request;
      const where = and(
        query.event_id ? eq(wonPrizes.eventId, query.event_id) : undefined,
        query.dealer_id ? eq(wonPrizes.dealerId, query.dealer_id) : undefined,
        query.status ? eq(wonPrizes.status, query.status) : undefined,
      );
      const [items, [total]] = await Promise.all([
        findWonPrizes(app.db, {
          where,
          lang: requestLanguage(request),
          limit: query.perPage,
          offset: (query.page - 1) * query.perPage,
        }),
        app.db.select({ value: count() }).from(wonPrizes).where(where),
      ]);
      return ok({ items, total: total?.value ?? 0 });
    },
  );

  app.patch(
    '/settings/won-prizes/:id',
    {
      config: access,
      schema: {
        tags: ['events'],
        params: idParamSchema,
        body: wonPrizeUpdateSchema,
        response: { 200: envelopeSchema(wonPrizeSchema) },
      },
    },
    async (request) => {
      const { id } = request.params;
      await updateWonPrize(app.db, id, request.body, {
        actor: auditActor(request),
        actorId: requireSession(request).user.id,
      });
      const [item] = await findWonPrizes(app.db, {
        where: eq(wonPrizes.id, id),
        lang: requestLanguage(request),
        limit: 1,
        offset: 0,
      });
      if (!item) throw new AppError('NOT_FOUND', 'This won prize does not exist.');
      return ok(item, 'The prize status has been saved.');
    },
  );
};
