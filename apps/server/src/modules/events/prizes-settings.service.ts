import type { PrizeInput } from '@esd/shared/events/events.schemas';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { type CheckedFile, removeStoredFile } from '../../lib/uploads';
import { prizeImagesDir } from './events.images';
import * as repo from './prizes-settings.repository';

const notFound = () => new AppError('NOT_FOUND', 'This prize does not exist.');

/** Prizes of events: claimable for points or ranked, with a stock and a picture. */
export const createPrizesSettingsService = ({ db, dataDir }: { db: Db; dataDir: string }) => {
  const imagesDir = prizeImagesDir(dataDir);

  const one = async (id: number) => {
    const row = await repo.findPrize(db, id);
    if (!row) throw notFound();
    return row;
  };

  /** Sets the prize's image in `tx` and answers the one it replaced (removed after commit). */
  const replaceImage = async (tx: Tx, id: number, imagePath: string) => {
    const before = await repo.lockPrizeImage(tx, id);
    if (!before) throw notFound();
    await repo.setPrizeImage(tx, id, imagePath);
    return before.imagePath;
  };

  const write = async (work: () => Promise<number | undefined>) => {
    try {
      const id = await work();
      if (!id) throw notFound();
      return repo.toPrizeSettings(await one(id));
    } catch (error) {
      if (isForeignKeyViolation(error))
        throw new AppError('VALIDATION_FAILED', 'The chosen event does not exist.');
      throw error;
    }
  };

  return {
    list: (query: Parameters<typeof repo.findPrizesPage>[1]) => repo.findPrizesPage(db, query),
    get: async (id: number) => repo.toPrizeSettings(await one(id)),

    add: (input: PrizeInput, image: CheckedFile | undefined) =>
      write(() =>
        writeWithFile({
          db,
          dir: imagesDir,
          file: image,
          write: (tx, imagePath) => repo.insertPrize(tx, input, imagePath),
        }),
      ),

    /** A prize someone has won stays in its event. */
    update: async (id: number, input: PrizeInput, image: CheckedFile | undefined) => {
      let replaced: string | null = null;
      const saved = await write(async () => {
        const current = await one(id);
        if (current.won > 0 && current.prize.eventId !== input.event_id) {
          throw new AppError('IN_USE', 'This prize has been won, so it stays in its event.');
        }
        return writeWithFile({
          db,
          dir: imagesDir,
          file: image,
          write: async (tx, imagePath) => {
            const prizeId = await repo.updatePrize(tx, id, input);
            if (!prizeId) throw notFound();
            if (imagePath) replaced = await replaceImage(tx, prizeId, imagePath);
            return prizeId;
          },
        });
      });
      await removeStoredFile(imagesDir, replaced);
      return saved;
    },

    remove: async (id: number) => {
      const current = await one(id);
      try {
        await repo.deletePrize(db, id);
      } catch (error) {
        if (isForeignKeyViolation(error))
          throw new AppError('IN_USE', 'Dealers have won this prize, so it cannot be deleted.');
        throw error;
      }
      await removeStoredFile(imagesDir, current.prize.imagePath);
      return repo.toPrizeSettings(current);
    },

    /** `readImage` runs once the prize is known to exist. */
    setImage: async (id: number, readImage: () => Promise<CheckedFile>) => {
      const { prize } = await one(id);
      const replaced = await writeWithFile({
        db,
        dir: imagesDir,
        file: await readImage(),
        write: (tx, imagePath) => replaceImage(tx, prize.id, imagePath!),
      });
      await removeStoredFile(imagesDir, replaced);
      return repo.toPrizeSettings(await one(prize.id));
    },
  };
};
