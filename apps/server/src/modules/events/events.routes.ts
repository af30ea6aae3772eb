import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { eventStatusAt } from '@esd/shared/events/events.rules';
import {
  eventCardSchema,
  eventDetailSchema,
  eventPrizeParamsSchema,
  eventsQuerySchema,
  myPrizeSchema,
  prizeDetailSchema,
} from '@esd/shared/events/events.schemas';
import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventProducts, events, prizes, products, users, wonPrizes } from '../../db/schema';
import { AppError, ok } from '../../lib/errors';
import { pick, requestLanguage, titleIn } from '../../lib/language';
import { serveStoredFile, storedNamePattern } from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { productImageUrl } from '../catalogue/products.repository';
import { eventImagesDir, eventImageUrl, prizeImagesDir, prizeImageUrl } from './events.images';
import { findLeaderboard, findPointsByEvent, findStanding } from './events.points';
import { claimPrize, viewerDealerId } from './events.service';
import { eventStatusCondition } from './events-settings.repository';
import { findWonPrizes } from './won-prizes.repository';

type EventRow = typeof events.$inferSelect;
type PrizeRow = typeof prizes.$inferSelect;

const descriptionIn = (
  row: { descriptionEn: string; descriptionRu: string; descriptionAz: string },
  lang: Language,
) => pick({ en: row.descriptionEn, ru: row.descriptionRu, az: row.descriptionAz }, lang);

export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const dealerName = async (dealerId: number) => {
    const [row] = await app.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, dealerId));
    return row?.name ?? '';
  };

  const standingOf = async (eventId: number, dealerId: number | null) =>
    dealerId === null
      ? null
      : {
          dealer_id: dealerId,
          dealer_name: await dealerName(dealerId),
          ...(await findStanding(app.db, eventId, dealerId)),
        };

  const loadEvent = async (id: number) => {
    const [event] = await app.db.select().from(events).where(eq(events.id, id));
    if (!event) throw new AppError('NOT_FOUND', 'This event does not exist.');
    return event;
  };

  /** The prizes of events the viewer's dealer holds (claims not cancelled, rank awards). */
  const wonPrizeIds = async (dealerId: number | null, prizeIds: number[]) => {
    if (dealerId === null || prizeIds.length === 0) return new Set<number>();
    const rows = await app.db
      .select({ prizeId: wonPrizes.prizeId })
      .from(wonPrizes)
      .where(
        and(
          eq(wonPrizes.dealerId, dealerId),
          inArray(wonPrizes.prizeId, prizeIds),
          ne(wonPrizes.status, 'cancelled'),
        ),
      );
    return new Set(rows.map((r) => r.prizeId));
  };

  const toPrizeView = (p: PrizeRow, lang: Language, won: Set<number>) => ({
    id: p.id,
    event_id: p.eventId,
    title: titleIn(p, lang),
    description: descriptionIn(p, lang),
    image_url: prizeImageUrl(p.imagePath),
    points_needed: p.pointsNeeded,
    rank: p.rank,
    stock: p.stock,
    won: won.has(p.id),
  });

  const toCard = (e: EventRow, lang: Language, myPoints: number, prizesCount: number) => ({
    id: e.id,
    title: titleIn(e, lang),
    description: descriptionIn(e, lang),
    image_url: eventImageUrl(e.imagePath),
    starts_at: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    status: eventStatusAt({ starts_at: e.startsAt, ends_at: e.endsAt }),
    my_points: myPoints,
    prizes_count: prizesCount,
  });

  app.get(
    '/events',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['events'],
        querystring: eventsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(eventCardSchema)) },
      },
    },
    async (request) => {
      const { query } = request;
      const lang = requestLanguage(request);
      const dealerId = viewerDealerId(requireSession(request));
      const where = eventStatusCondition(query.status);
      // current and upcoming soonest first; past most recent first
      const order =
        query.status === 'past'
          ? [desc(events.endsAt), desc(events.id)]
          : [asc(events.startsAt), asc(events.id)];
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(events)
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        app.db.select({ value: count() }).from(events).where(where),
      ]);
      const ids = rows.map((r) => r.id);
      const [points, prizeCounts] = await Promise.all([
        dealerId === null ? new Map<number, number>() : findPointsByEvent(app.db, dealerId, ids),
        ids.length === 0
          ? []
          : app.db
              .select({ eventId: prizes.eventId, n: count() })
              .from(prizes)
              .where(inArray(prizes.eventId, ids))
              .groupBy(prizes.eventId),
      ]);
      return ok({
        items: rows.map((e) =>
          toCard(
            e,
            lang,
            points.get(e.id) ?? 0,
            prizeCounts.find((p) => p.eventId === e.id)?.n ?? 0,
          ),
        ),
        total: total?.value ?? 0,
      });
    },
  );

  app.get(
    '/events/:id',
    {
      config: { access: 'dealerOrUser' },
      schema: {
        tags: ['events'],
        params: idParamSchema,
        response: { 200: envelopeSchema(eventDetailSchema) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const lang = requestLanguage(request);
      const dealerId = viewerDealerId(session);
      const event = await loadEvent(request.params.id);
      const [lines, prizeRows, board, me] = await Promise.all([
        app.db
          .select({ line: eventProducts, product: products })
          .from(eventProducts)
          .innerJoin(products, eq(products.id, eventProducts.productId))
          .where(eq(eventProducts.eventId, event.id))
          .orderBy(desc(eventProducts.points), asc(products.sku)),
        app.db
          .select()
          .from(prizes)
          .where(eq(prizes.eventId, event.id))
          .orderBy(asc(prizes.rank), asc(prizes.pointsNeeded), asc(prizes.id)),
        findLeaderboard(app.db, event.id, dealerId),
        standingOf(event.id, dealerId),
      ]);
      const won = await wonPrizeIds(
        dealerId,
        prizeRows.map((p) => p.id),
      );
      return ok({
        ...toCard(event, lang, me?.points ?? 0, prizeRows.length),
        products: lines.map(({ line, product }) => ({
          product_id: product.id,
          sku: product.sku,
          title: titleIn(product, lang),
          points: line.points,
          image_url: productImageUrl(product.imagePath),
        })),
        prizes: prizeRows.map((p) => toPrizeView(p, lang, won)),
        leaderboard: board.leaders.map((l) => ({ ...l, is_me: l.dealer_id === dealerId })),
        participants: board.participants,
        me,
        can_claim: session.role === 'd',
      });
    },
  );

  app.get(
    '/events/:eventId/prizes/:prizeId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        params: eventPrizeParamsSchema,
        response: { 200: envelopeSchema(prizeDetailSchema) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const lang = requestLanguage(request);
      const dealerId = viewerDealerId(session);
      const { eventId, prizeId } = request.params;
      const [prize] = await app.db
        .select()
        .from(prizes)
        .where(and(eq(prizes.id, prizeId), eq(prizes.eventId, eventId)));
      if (!prize) throw new AppError('NOT_FOUND', 'This prize does not exist.');
      const event = await loadEvent(eventId);
      const won = await wonPrizeIds(dealerId, [prize.id]);
      return ok({
        ...toPrizeView(prize, lang, won),
        event: {
          id: event.id,
          title: titleIn(event, lang),
          starts_at: event.startsAt.toISOString(),
          ends_at: event.endsAt.toISOString(),
          status: eventStatusAt({ starts_at: event.startsAt, ends_at: event.endsAt }),
        },
        me: await standingOf(event.id, dealerId),
        can_claim: session.role === 'd',
      });
    },
  );

  app.post(
    '/events/:eventId/prizes/:prizeId/claim',
    {
      config: { access: 'dealer' },
      schema: {
        tags: ['events'],
        params: eventPrizeParamsSchema,
        response: { 200: envelopeSchema(myPrizeSchema) },
      },
    },
    async (request) => {
      const session = requireSession(request);
      const won = await claimPrize(app.db, session, request.params.eventId, request.params.prizeId);
      const [item] = await findWonPrizes(app.db, {
        where: eq(wonPrizes.id, won.id),
        lang: requestLanguage(request),
        limit: 1,
        offset: 0,
      });
      return ok(item!, 'The prize is yours: we will let you know when it ships.');
    },
  );

  app.get(
    '/profile/prizes',
    {
      config: { access: 'public' },
      schema: {
        tags: ['events'],
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          perPage: z.coerce.number().int().min(1).max(100).default(10),
        }),
        response: { 200: envelopeSchema(pageSchema(myPrizeSchema)) },
      },
    },
    async (request) => {
      const dealerId = viewerDealerId(requireSession(request));
      if (dealerId === null) return ok({ items: [], total: 0 });
      const where = eq(wonPrizes.dealerId, dealerId);
      const [items, [total]] = await Promise.all([
        findWonPrizes(app.db, {
          where,
          lang: requestLanguage(request),
          limit: request.query.perPage,
          offset: (request.query.page - 1) * request.query.perPage,
        }),
        app.db.select({ value: count() }).from(wonPrizes).where(where),
      ]);
      return ok({ items, total: total?.value ?? 0 });
    },
  );

  // Event and prize pictures carry random names and are public, like product images.
  for (const [kind, dir] of [
    ['events', eventImagesDir(app.config.dataDir)],
    ['prizes', prizeImagesDir(app.config.dataDir)],
  ] as const) {
    app.get(
      `/files/${kind}/:name`,
      {
        config: { access: 'anonymous' },
        schema: {
          tags: ['events'],
          params: z.object({ name: z.string().regex(storedNamePattern) }),
        },
      },
      async (request, reply) => serveStoredFile(reply, dir, request.params.name),
    );
  }
};
