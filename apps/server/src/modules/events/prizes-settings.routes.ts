import { envelopeSchema, pageSchema } from '@esd/shared/api';
import { idParamSchema } from '@esd/shared/catalogue/catalogue.schemas';
import {
  type PrizeInput,
  prizeInputSchema,
  prizeSettingsSchema,
  prizesSettingsQuerySchema,
} from '@esd/shared/events/events.schemas';
import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Tx } from '../../db/client';
import { events, prizes, wonPrizes } from '../../db/schema';
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
import { prizeImagesDir, prizeImageUrl } from './events.images';

const wonCount = sql<number>`(select count(*)::int from ${wonPrizes} where ${wonPrizes.prizeId} = ${prizes.id})`;

type Row = { prize: typeof prizes.$inferSelect; eventTitle: string; won: number };

const toSettings = ({ prize: p, eventTitle, won }: Row) => ({
  id: p.id,
  event_id: p.eventId,
  event_title: eventTitle,
  title: { en: p.titleEn, ru: p.titleRu, az: p.titleAz },
  description: { en: p.descriptionEn, ru: p.descriptionRu, az: p.descriptionAz },
  points_needed: p.pointsNeeded,
  rank: p.rank,
  stock: p.stock,
  image_url: prizeImageUrl(p.imagePath),
  won_count: won,
});

const toValues = (input: PrizeInput) => ({
  eventId: input.event_id,
  titleEn: input.title.en,
  titleRu: input.title.ru,
  titleAz: input.title.az,
  descriptionEn: input.description.en,
  descriptionRu: input.description.ru,
  descriptionAz: input.description.az,
  pointsNeeded: input.points_needed,
  rank: input.rank,
  stock: input.stock,
  updatedAt: sql`now()`,
});

export const prizesSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'globalDistrict' as const };
  const response = { 200: envelopeSchema(prizeSettingsSchema) };
  const imagesDir = prizeImagesDir(app.config.dataDir);

  const select = () =>
    app.db
      .select({ prize: prizes, eventTitle: events.titleEn, won: wonCount })
      .from(prizes)
      .innerJoin(events, eq(events.id, prizes.eventId));

  const one = async (id: number) => {
    const [row] = await select().where(eq(prizes.id, id));
    if (!row) throw new AppError('NOT_FOUND', 'This prize does not exist.');
    return row;
  };

  /** Sets the prize's image in `tx` and answers the one it replaced (removed after commit). */
  const setImage = async (tx: Tx, id: number, imagePath: string) => {
    const [before] = await tx
      .select({ imagePath: prizes.imagePath })
      .from(prizes)
      .where(eq(prizes.id, id))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', 'This prize does not exist.');
    await tx.update(prizes).set({ imagePath, updatedAt: sql`now()` }).where(eq(prizes.id, id));
    return before.imagePath;
  };

  const write = async (work: () => Promise<number | undefined>) => {
    try {
      const id = await work();
      if (!id) throw new AppError('NOT_FOUND', 'This prize does not exist.');
      return toSettings(await one(id));
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'The chosen event does not exist.');
      throw error;
    }
  };

  app.get(
    '/settings/prizes',
    {
      config: access,
      schema: {
        tags: ['events'],
        querystring: prizesSettingsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(prizeSettingsSchema)) },
      },
    },
    async ({ query }) => {
      const where = query.event_id ? eq(prizes.eventId, query.event_id) : undefined;
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(
            desc(events.startsAt),
            asc(prizes.rank),
            asc(prizes.pointsNeeded),
            asc(prizes.id),
          )
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        app.db.select({ value: count() }).from(prizes).where(where),
      ]);
      return ok({ items: rows.map(toSettings), total: total?.value ?? 0 });
    },
  );

  app.get(
    '/settings/prizes/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => ok(toSettings(await one(params.id))),
  );

  app.post(
    '/settings/prizes',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        body: prizeInputSchema,
        response,
      },
    },
    async (request) =>
      ok(
        await write(() =>
          writeWithFile({
            db: app.db,
            dir: imagesDir,
            file: pendingImageOf(request),
            write: async (tx, imagePath) => {
              const [row] = await tx
                .insert(prizes)
                .values({ ...toValues(request.body), imagePath })
                .returning({ id: prizes.id });
              return row?.id;
            },
          }),
        ),
        'The prize has been added.',
      ),
  );

  app.put(
    '/settings/prizes/:id',
    {
      config: access,
      preValidation: acceptJsonWithImage,
      schema: {
        tags: ['events'],
        description: jsonWithImageDescription,
        params: idParamSchema,
        body: prizeInputSchema,
        response,
      },
    },
    async (request) => {
      const { params, body } = request;
      let replaced: string | null = null;
      const saved = await write(async () => {
        const current = await one(params.id);
        if (current.won > 0 && current.prize.eventId !== body.event_id) {
          throw new AppError('IN_USE', 'This prize has been won, so it stays in its event.');
        }
        return writeWithFile({
          db: app.db,
          dir: imagesDir,
          file: pendingImageOf(request),
          write: async (tx, imagePath) => {
            const [row] = await tx
              .update(prizes)
              .set(toValues(body))
              .where(eq(prizes.id, params.id))
              .returning({ id: prizes.id });
            if (!row) throw new AppError('NOT_FOUND', 'This prize does not exist.');
            if (imagePath) replaced = await setImage(tx, row.id, imagePath);
            return row.id;
          },
        });
      });
      await removeStoredFile(imagesDir, replaced);
      return ok(saved, 'The prize has been saved.');
    },
  );

  app.delete(
    '/settings/prizes/:id',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async ({ params }) => {
      const current = await one(params.id);
      try {
        await app.db.delete(prizes).where(eq(prizes.id, params.id));
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw new AppError('IN_USE', 'Dealers have won this prize, so it cannot be deleted.');
        throw error;
      }
      await removeStoredFile(imagesDir, current.prize.imagePath);
      return ok(toSettings(current), 'The prize has been deleted.');
    },
  );

  app.post(
    '/settings/prizes/:id/image',
    { config: access, schema: { tags: ['events'], params: idParamSchema, response } },
    async (request) => {
      const { prize } = await one(request.params.id);
      const replaced = await writeWithFile({
        db: app.db,
        dir: imagesDir,
        file: await readImage(request),
        write: (tx, imagePath) => setImage(tx, prize.id, imagePath!),
      });
      await removeStoredFile(imagesDir, replaced);
      return ok(toSettings(await one(prize.id)), 'The image has been saved.');
    },
  );
};
