import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import { eventStatusAt } from '@esd/shared/events/events.rules';
import {
  awardResultSchema,
  type EventInput,
  eventInputSchema,
  eventSettingsSchema,
  eventsSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import { and, count, desc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { eventPoints, eventProducts, events, prizes, products, wonPrizes } from '../../db/schema';
import { auditActor } from '../../lib/audit';
import { AppError, ok } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { writeWithFile } from '../../lib/stored-file-write';
import {
  acceptJsonWithImage,
  jsonWithImageDescription,
  pendingImageOf,
  readImage,
  removeStoredFile,
} from '../../lib/uploads';
import { requireSession } from '../../plugins/auth';
import { eventImagesDir, eventImageUrl, prizeImagesDir } from './events.images';
import { awardRankPrizes } from './events.service';

type EventRow = typeof events.$inferSelect;

const statusCondition = (status: 'current' | 'upcoming' | 'past'): SQL => {
  switch (status) {
    case 'current':
      return sql`${events.startsAt} <= now() and ${events.endsAt} > now()`;
    case 'upcoming':
      return sql`${events.startsAt} > now()`;
    case 'past':
      return sql`${events.endsAt} <= now()`;
  }
};

export const eventStatusCondition = statusCondition;

const toValues = (input: EventInput) => ({
  titleEn: input.title.en,
  titleRu: input.title.ru,
  titleAz: input.title.az,
  descriptionEn: input.description.en,
  descriptionRu: input.description.ru,
  descriptionAz: input.description.az,
  startsAt: new Date(input.starts_at),
  endsAt: new Date(input.ends_at),
  updatedAt: sql`now()`,
});

export const eventsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(eventSettingsSchema) };
  const imagesDir = eventImagesDir(app.config.dataDir);

  const toSettings = async (rows: EventRow[]) => {
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const [lines, prizeCounts, wonCounts] = await Promise.all([
      app.db
        .select({
          eventId: eventProducts.eventId,
          productId: eventProducts.productId,
          points: eventProducts.points,
          sku: products.sku,
          title: products.titleEn,
        })
        .from(eventProducts)
        .innerJoin(products, eq(products.id, eventProducts.productId))
        .where(inArray(eventProducts.eventId, ids))
        .orderBy(products.sku),
      app.db
        .select({
          eventId: prizes.eventId,
          n: count(),
          ranked: sql<number>`count(${prizes.rank})::int`,
        })
        .from(prizes)
        .where(inArray(prizes.eventId, ids))
        .groupBy(prizes.eventId),
      app.db
        .select({ eventId: wonPrizes.eventId, n: count() })
        .from(wonPrizes)
        .where(inArray(wonPrizes.eventId, ids))
        .groupBy(wonPrizes.eventId),
    ]);
    return rows.map((e) => {
      const status = eventStatusAt({ starts_at: e.startsAt, ends_at: e.endsAt });
      const prizeCount = prizeCounts.find((p) => p.eventId === e.id);
      return {
        id: e.id,
        title: { en: e.titleEn, ru: e.titleRu, az: e.titleAz },
        description: { en: e.descriptionEn, ru: e.descriptionRu, az: e.descriptionAz },
        starts_at: e.startsAt.toISOString(),
        ends_at: e.endsAt.toISOString(),
        awarded_at: e.awardedAt?.toISOString() ?? null,
        status,
        image_url: eventImageUrl(e.imagePath),
        products: lines
          .filter((l) => l.eventId === e.id)
          .map((l) => ({ product_id: l.productId, sku: l.sku, title: l.title, points: l.points })),
        prizes_count: prizeCount?.n ?? 0,
        won_count: wonCounts.find((w) => w.eventId === e.id)?.n ?? 0,
        can_award: status === 'past' && !e.awardedAt && (prizeCount?.ranked ?? 0) > 0,
      };
    });
  };

  const one = async (id: number) => {
    const [row] = await app.db.select().from(events).where(eq(events.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'This event does not exist.');
    return row;
  };
  const oneSettings = async (id: number) => (await toSettings([await one(id)]))[0]!;

  /** Sets the event's image in `tx` and answers the one it replaced (removed after commit). */
  const setImage = async (tx: Tx, id: number, imagePath: string) => {
    const [before] = await tx
      .select({ imagePath: events.imagePath })
      .from(events)
      .where(eq(events.id, id))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'This event does not exist.');
    await tx.update(events).set({ imagePath, updatedAt: sql`now()` }).where(eq(events.id, id));
    return before.imagePath;
  };

  const writeProducts = async (tx: Tx, eventId: number, input: EventInput) => {
    await tx.delete(eventProducts).where(eq(eventProducts.eventId, eventId));
    try {
      await tx
        .insert(eventProducts)
        .values(
          input.products.map((p) => ({ eventId, productId: p.product_id, points: p.points })),
        );
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'One of the chosen products does not exist.');
      throw error;
    }
  };

  app.get(
    '/settings/events',
    {
      config: access,
      schema: {
        tags: ['events'],
        querystring: eventsSettingsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(eventSettingsSchema)) },
      },
    },
    async ({ query }) => {
      const like = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        like
          ? or(
              ilike(events.titleEn, like),
              ilike(events.titleRu, like),
              ilike(events.titleAz, like),
            )
          : undefined,
        query.status ? statusCondition(query.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(events)
          .where(where)
          .orderBy(desc(events.startsAt), desc(events.id))
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        app.db.select({ value: count() }).from(events).where(where),
      ]);
      return ok({ items: await toSettings(rows), total: total?.value ?? 0 });
    },
  );

  app.get(
    '/settings/events/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => ok(await oneSettings(params.id)),
  );

  app.post(
    '/settings/events',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        body: eventInputSchema,
        response,
      },
    },
    async (request) => {
      const { body } = request;
      const id = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: pendingImageOf(request),
        write: async (tx, imagePath) => {
          const [row] = await tx
            .insert(events)
            .values({ ...toValues(body), imagePath })
            .returning({ id: events.id });
          await writeProducts(tx, row!.id, body);
          return row!.id;
        },
      });
      return ok(await oneSettings(id), 'The event has been added.');
    },
  );

  app.put(
    '/settings/events/:id',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        params: idParamSchema,
        body: eventInputSchema,
        response,
      },
    },
    async (request) => {
      const { params, body } = request;
      const replaced = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: pendingImageOf(request),
        write: async (tx, imagePath) => {
          const [row] = await tx
            .update(events)
            .set(toValues(body))
            .where(eq(events.id, params.id))
            .returning({ id: events.id });
          if (!row) throw new AppError('NOT_FOUND', 'This event does not exist.');
          await writeProducts(tx, row.id, body);
          return imagePath ? setImage(tx, row.id, imagePath) : null;
        },
      });
      await removeStoredFile(imagesDir, replaced);
      return ok(await oneSettings(params.id), 'The event has been saved.');
    },
  );

  app.delete(
    '/settings/events/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => {
      const event = await oneSettings(params.id);
      const imagePath = await app.db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(events)
          .where(eq(events.id, params.id))
          .for('update');
        if (!locked) throw new AppError('NOT_FOUND', 'This event does not exist.');
        const [used] = await tx
          .select({ n: count() })
          .from(eventPoints)
          .where(eq(eventPoints.eventId, params.id));
        const [won] = await tx
          .select({ n: count() })
          .from(wonPrizes)
          .where(eq(wonPrizes.eventId, params.id));
        if ((used?.n ?? 0) > 0 || (won?.n ?? 0) > 0) {
          throw new AppError(
            'IN_USE',
            'Dealers have points or prizes in this event, so it cannot be deleted.',
          );
        }
        const prizeImages = await tx
          .delete(prizes)
          .where(and(eq(prizes.eventId, params.id), isNotNull(prizes.imagePath)))
          .returning({ imagePath: prizes.imagePath });
        await tx.delete(events).where(eq(events.id, params.id));
        return { event: locked.imagePath, prizes: prizeImages.map((p) => p.imagePath) };
      });
      await removeStoredFile(imagesDir, imagePath.event);
      for (const name of imagePath.prizes)
        await removeStoredFile(prizeImagesDir(app.config.dataDir), name);
      return ok(event, 'The event has been deleted.');
    },
  );

  app.post(
    '/settings/events/:id/image',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async (request) => {
      const event = await one(request.params.id);
      const replaced = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: await readImage(request),
        write: (tx, imagePath) => setImage(tx, event.id, imagePath!),
      });
      await removeStoredFile(imagesDir, replaced);
      return ok(await oneSettings(event.id), 'The image has been saved.');
    },
  );

  app.post(
    '/settings/events/:id/award',
    {
      config: access,
      schema: {
        tags: ['events'],
        params: idParamSchema,
        response: { 200: envelopeSchema(awardResultSchema) },
      },
    },
    async (request) => {
      const result = await awardRankPrizes(app.db, request.params.id, {
        actor: auditActor(request),
        actorId: requireSession(request).user.id,
      });
      return ok(
        result,
        result.awarded === 1
          ? 'One prize has been awarded.'
          : `${result.awarded} prizes have been awarded.`,
      );
    },
  );
};
