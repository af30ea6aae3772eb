import type { Language } from '@esd/shared/constants';
import type { WonPrizeUpdate } from '@esd/shared/events/events.schemas';
import type { Db } from '../../db/client';
import type { AuditActor } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { updateWonPrize } from './events.service';
import * as repo from './won-prizes.repository';

/** Prizes dealers have won: the admin follows each from claimed to delivered. */
export const createWonPrizesService = ({ db }: { db: Db }) => ({
  list: (query: Parameters<typeof repo.findWonPrizesPage>[1], lang: Language) =>
    repo.findWonPrizesPage(db, query, lang),

  update: async (
    id: number,
    change: WonPrizeUpdate,
    who: { actor: AuditActor; actorId: number },
    lang: Language,
  ) => {
    await updateWonPrize(db, id, change, who);
    const item = await repo.findWonPrize(db, id, lang);
    if (!item) throw new AppError('NOT_FOUND', 'This won prize does not exist.');
    return item;
  },
});
