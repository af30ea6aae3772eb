import { stat } from 'node:fs/promises';
import type { LibraryMeta, LibraryQuery } from '@esd/shared/content/library.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { writeWithFile } from '../../lib/stored-file-write';
import * as repo from './library.repository';
import { type CheckedLibraryFile, libraryFilePath, removeLibraryFile } from './library.storage';

const notFound = () => new AppError('NOT_FOUND', 'This document does not exist.');

type Meta = LibraryMeta & { description: string };

/**
 * Library: the global admin uploads documents (each row and its file stored together, or
 * neither); every signed-in role lists and downloads them.
 */
export const createLibraryService = ({ db, dir }: { db: Db; dir: string }) => {
  const one = async (id: number) => {
    const row = await repo.findLibraryDocument(db, id);
    if (!row) throw notFound();
    return row;
  };

  return {
    list: (query: LibraryQuery) => repo.findLibraryDocuments(db, query),
    /** refuses an unknown id before the request's body is read */
    requireDocument: one,

    upload: async (meta: Meta, checked: CheckedLibraryFile, uploadedBy: number | null) => {
      const row = await writeWithFile({
        db,
        dir,
        file: checked.file,
        write: (tx, storedName) =>
          repo.insertLibraryDocument(tx, {
            ...meta,
            ...checked.fields,
            storedName: storedName!,
            uploadedBy,
          }),
      });
      return repo.toLibraryDocument(row);
    },

    update: async (id: number, meta: Meta, checked: CheckedLibraryFile | undefined) => {
      const { updated, replaced } = await writeWithFile({
        db,
        dir,
        file: checked?.file,
        write: async (tx, storedName) => {
          const before = await repo.lockLibraryDocument(tx, id);
          if (!before) throw notFound();
          const row = await repo.updateLibraryDocument(tx, id, {
            ...meta,
            ...checked?.fields,
            storedName,
          });
          return { updated: row, replaced: storedName ? before.storedName : undefined };
        },
      });
      // the replaced file goes only once the new one is committed
      if (replaced) await removeLibraryFile(dir, replaced);
      return repo.toLibraryDocument(updated);
    },

    remove: async (id: number) => {
      const row = await repo.deleteLibraryDocument(db, id);
      if (!row) throw notFound();
      // the row goes first: a failed delete never leaves a row without its file
      await removeLibraryFile(dir, row.storedName);
      return repo.toLibraryDocument(row);
    },

    /** The document's row, the path of its file and the file's size. */
    download: async (id: number) => {
      const row = await one(id);
      const file = libraryFilePath(dir, row.storedName);
      const info = file ? await stat(file).catch(() => undefined) : undefined;
      if (!file || !info?.isFile())
        throw new AppError('NOT_FOUND', 'The file of this document is missing.');
      return { row, file, size: info.size };
    },
  };
};
