import { eventStatusAt } from '@esd/shared/events/events.rules';
import type { EventInput } from '@esd/shared/events/events.schemas';
import type { Db, Tx } from '../../db/client';
import type { AuditActor } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { type CheckedFile, removeStoredFile } from '../../lib/uploads';
import { eventImagesDir, eventImageUrl, prizeImagesDir } from './events.images';
import { awardRankPrizes } from './events.service';
import * as repo from './events-settings.repository';

const notFound = () => new AppError('NOT_FOUND', 'This event does not exist.');

/**
 * Events as the admin runs them (spec 5): dates, texts in three languages, products with
 * points, a picture stored with the row, and the award of the ranked prizes once it is over.
 */
export const createEventsSettingsService = ({
  db,
  dataDir,
  clock,
}: {
  db: Db;
  dataDir: string;
  clock: Clock;
}) => {
  const imagesDir = eventImagesDir(dataDir);

  const toSettings = async (rows: repo.EventRow[], now: Date) => {
    const ids = rows.map((r) => r.id);
    if (ids.length === 0) return [];
    const { lines, prizeCounts, wonCounts } = await repo.findEventDetails(db, ids);
    return rows.map((e) => {
      const status = eventStatusAt({ starts_at: e.startsAt, ends_at: e.endsAt }, now);
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
    const row = await repo.findEvent(db, id);
    if (!row) throw notFound();
    return row;
  };
  const oneSettings = async (id: number) => (await toSettings([await one(id)], clock.now()))[0]!;

  /** Sets the event's image in `tx` and answers the one it replaced (removed after commit). */
  const replaceImage = async (tx: Tx, id: number, imagePath: string) => {
    const before = await repo.lockEvent(tx, id);
    if (!before) throw notFound();
    await repo.setEventImage(tx, id, imagePath);
    return before.imagePath;
  };

  const writeProducts = async (tx: Tx, eventId: number, input: EventInput) => {
    try {
      await repo.replaceEventProducts(tx, eventId, input);
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'One of the chosen products does not exist.');
      throw error;
    }
  };

  return {
    list: async (query: Omit<Parameters<typeof repo.findEventsPage>[1], 'now'>) => {
      const now = clock.now();
      const { rows, total } = await repo.findEventsPage(db, { ...query, now });
      return { items: await toSettings(rows, now), total };
    },
    get: oneSettings,

    add: async (input: EventInput, image: CheckedFile | undefined) => {
      const id = await writeWithFile({
        db,
        dir: imagesDir,
        file: image,
        write: async (tx, imagePath) => {
          const eventId = await repo.insertEvent(tx, input, imagePath);
          await writeProducts(tx, eventId, input);
          return eventId;
        },
      });
      return oneSettings(id);
    },

    update: async (id: number, input: EventInput, image: CheckedFile | undefined) => {
      const replaced = await writeWithFile({
        db,
        dir: imagesDir,
        file: image,
        write: async (tx, imagePath) => {
          const eventId = await repo.updateEvent(tx, id, input);
          if (!eventId) throw notFound();
          await writeProducts(tx, eventId, input);
          return imagePath ? replaceImage(tx, eventId, imagePath) : null;
        },
      });
      await removeStoredFile(imagesDir, replaced);
      return oneSettings(id);
    },

    /** Deletes an event no dealer has points or prizes in, with its prizes and pictures. */
    remove: async (id: number) => {
      const event = await oneSettings(id);
      const images = await db.transaction(async (tx) => {
        const locked = await repo.lockEvent(tx, id);
        if (!locked) throw notFound();
        const use = await repo.countEventUse(tx, id);
        if (use.points > 0 || use.won > 0) {
          throw new AppError(
            'IN_USE',
            'Dealers have points or prizes in this event, so it cannot be deleted.',
          );
        }
        const prizeImages = await repo.deleteEventWithPrizes(tx, id);
        return { event: locked.imagePath, prizes: prizeImages };
      });
      await removeStoredFile(imagesDir, images.event);
      for (const name of images.prizes) await removeStoredFile(prizeImagesDir(dataDir), name);
      return event;
    },

    /** `readImage` runs once the event is known to exist. */
    setImage: async (id: number, readImage: () => Promise<CheckedFile>) => {
      const event = await one(id);
      const replaced = await writeWithFile({
        db,
        dir: imagesDir,
        file: await readImage(),
        write: (tx, imagePath) => replaceImage(tx, event.id, imagePath!),
      });
      await removeStoredFile(imagesDir, replaced);
      return oneSettings(event.id);
    },

    award: (id: number, actor: AuditActor, actorId: number) =>
      awardRankPrizes({ db, clock }, id, { actor, actorId }),
  };
};
