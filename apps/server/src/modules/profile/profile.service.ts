import type { StarredPages, UpdateProfileInput } from '@esd/shared/auth/auth.schemas';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { writeWithFile } from '../../lib/stored-file-write';
import { type CheckedFile, removeStoredFile } from '../../lib/uploads';
import { requireSignIn, type Session } from '../../plugins/auth';
import { toProfile } from '../auth';
import * as repo from './profile.repository';

const accountNotFound = () => new AppError('NOT_FOUND', 'Account not found.');

/** The signed-in account's own information, photo and starred pages. */
export const createProfileService = ({ db, avatarsDir }: { db: Db; avatarsDir: string }) => {
  const update = async (id: number, values: Parameters<typeof repo.updateAccount>[2]) => {
    const user = await repo.updateAccount(db, id, values);
    if (!user) throw accountNotFound();
    return user;
  };

  return {
    update: async (session: Session, input: UpdateProfileInput) =>
      toProfile(await update(session.user.id, input), requireSignIn(session).claims),

    /** Stores the new photo with the account, then removes the one it replaced. */
    setPhoto: async (session: Session, photo: CheckedFile) => {
      const { user, claims } = requireSignIn(session);
      const { updated, replaced } = await writeWithFile({
        db,
        dir: avatarsDir,
        file: photo,
        write: async (tx, photoPath) => {
          const before = await repo.lockPhoto(tx, user.id);
          if (!before) throw accountNotFound();
          const row = await repo.updateAccount(tx, user.id, { photoPath });
          return { updated: row!, replaced: before.photoPath };
        },
      });
      // the old photo goes only once the new one is committed
      await removeStoredFile(avatarsDir, replaced);
      return toProfile(updated, claims);
    },

    /** Keeps one entry per path. */
    setStarred: async ({ user }: Session, pages: StarredPages) => {
      const unique = [...new Map(pages.map((page) => [page.path, page])).values()];
      return (await update(user.id, { starredPages: unique })).starredPages;
    },
  };
};
