import type { Role } from '@esd/shared/access/access.rules';
import type { PaginationQuery } from '@esd/shared/api';
import type { Language } from '@esd/shared/constants';
import type { NewsInput, NewsSettingsQuery } from '@esd/shared/content/news.schemas';
import type { Db, Tx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { type CheckedFile, removeStoredFile } from '../../lib/uploads';
import * as repo from './news.repository';

const notFound = () => new AppError('NOT_FOUND', 'This article does not exist.');

/**
 * News: the global admin writes articles in three languages, each with an optional image
 * stored with its row (or neither); every signed-in role reads the published ones.
 */
export const createNewsService = ({
  db,
  imagesDir,
  clock,
}: {
  db: Db;
  imagesDir: string;
  clock: Clock;
}) => {
  const one = async (id: number) => {
    const row = await repo.findNewsRow(db, id);
    if (!row) throw notFound();
    return row;
  };
  const settingsOf = async (id: number) => repo.toNewsSettings(await one(id));

  /** Sets the article's image in `tx` and answers the one it replaced (removed after commit). */
  const replaceImage = async (tx: Tx, id: number, imagePath: string) => {
    const before = await repo.lockNewsImage(tx, id);
    if (!before) throw notFound();
    await repo.setNewsImage(tx, id, imagePath);
    return before.imagePath;
  };

  return {
    listForSettings: (query: NewsSettingsQuery) => repo.findNewsForSettings(db, query),
    get: settingsOf,

    create: async (input: NewsInput, image: CheckedFile | undefined, authorId: number | null) => {
      const id = await writeWithFile({
        db,
        dir: imagesDir,
        file: image,
        write: (tx, imagePath) =>
          repo.insertNews(tx, { ...repo.toNewsValues(input), imagePath, authorId }),
      });
      return settingsOf(id);
    },

    update: async (id: number, input: NewsInput, image: CheckedFile | undefined) => {
      const replaced = await writeWithFile({
        db,
        dir: imagesDir,
        file: image,
        write: async (tx, imagePath) => {
          if (!(await repo.updateNews(tx, id, repo.toNewsValues(input)))) throw notFound();
          return imagePath ? replaceImage(tx, id, imagePath) : null;
        },
      });
      await removeStoredFile(imagesDir, replaced);
      return settingsOf(id);
    },

    remove: async (id: number) => {
      const article = await one(id);
      await repo.deleteNews(db, id);
      await removeStoredFile(imagesDir, article.imagePath);
      return repo.toNewsSettings(article);
    },

    /** `readImage` runs once the article is known to exist. */
    setImage: async (id: number, readImage: () => Promise<CheckedFile>) => {
      const article = await one(id);
      const replaced = await writeWithFile({
        db,
        dir: imagesDir,
        file: await readImage(),
        write: (tx, imagePath) => replaceImage(tx, article.id, imagePath!),
      });
      await removeStoredFile(imagesDir, replaced);
      return settingsOf(article.id);
    },

    removeImage: async (id: number) => {
      const article = await one(id);
      await repo.setNewsImage(db, article.id, null);
      await removeStoredFile(imagesDir, article.imagePath);
      return settingsOf(article.id);
    },

    published: (query: PaginationQuery, lang: Language) =>
      repo.findPublishedNews(db, { ...query, lang, now: clock.now() }),

    /** A published article; drafts and future ones exist only for the global admin (who previews them). */
    article: async (id: number, lang: Language, role: Role | undefined) => {
      const row = await repo.findNewsRow(db, id);
      const isVisible = row && row.status === 'published' && row.publishAt <= clock.now();
      if (!row || (!isVisible && role !== 'gd')) throw notFound();
      return repo.toNewsArticle(row, lang);
    },
  };
};
