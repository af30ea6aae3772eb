import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db, Tx } from '../db/client';
import type { CheckedFile } from './uploads';

/**
 * Writes a row and its file together, or neither (invariant 7, "nothing half-written").
 * The checked bytes go to a temporary name that nothing serves, the row is written in a
 * transaction, and the file is renamed to its stored name before the commit. Any failure
 * (the write, a constraint, the commit itself) rolls the transaction back and removes the
 * file. Without a file, `write` simply runs in a transaction.
 *
 * A file the row replaces must be removed by the caller after this returns: before the
 * commit, a rollback would leave the row pointing at nothing.
 */
export const writeWithFile = async <T>(options: {
  db: Db;
  dir: string;
  file: CheckedFile | undefined;
  write: (tx: Tx, storedName: string | undefined) => Promise<T>;
}): Promise<T> => {
  const { db, dir, file, write } = options;
  if (!file) return db.transaction((tx) => write(tx, undefined));
  await mkdir(dir, { recursive: true });
  const storedName = `${randomBytes(16).toString('hex')}.${file.ext}`;
  const stored = path.join(dir, storedName);
  const temporary = path.join(dir, `.${storedName}.part`);
  await writeFile(temporary, file.bytes, { flag: 'wx' });
  try {
    return await db.transaction(async (tx) => {
      const result = await write(tx, storedName);
      await rename(temporary, stored);
      return result;
    });
  } catch (error) {
    await unlink(temporary).catch(() => {});
    await unlink(stored).catch(() => {});
    throw error;
  }
};
