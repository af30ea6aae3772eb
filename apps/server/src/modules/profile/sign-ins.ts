import { type ActiveSignIn, deviceOf } from '@esd/shared/auth/sign-ins';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import * as repo from './sign-ins.repository';

/**
 * The account's own sign-ins (issue 32): the owner sees where and how each signed in and ends
 * any of them; an ended one's tokens are refused at once on every process (the trigger of
 * migration 0022 tells their session caches, as sign-out does).
 */
export const createSignInsService = ({ db, clock }: { db: Db; clock: Clock }) => ({
  list: async (session: Session): Promise<ActiveSignIn[]> => {
    const rows = await repo.listActiveSignIns(db, session.user.id, clock.now());
    return rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      ...deviceOf(row.userAgent),
      user_agent: row.userAgent,
      ip: row.ipAddress,
      started_at: row.createdAt.toISOString(),
      last_seen_at: row.lastSeenAt?.toISOString() ?? null,
      current: row.id === session.signIn.id,
    }));
  },

  /** Ends one of the account's active sign-ins (this one too: that is signing out). */
  end: async (session: Session, id: string) => {
    if (!(await repo.endActiveSignIn(db, session.user.id, id, clock.now()))) {
      throw new AppError('NOT_FOUND', 'No active sign-in of your account has this id.');
    }
  },

  /** Ends every active sign-in of the account but the one asking; answers how many. */
  endOthers: (session: Session) =>
    repo.endOtherSignIns(db, session.user.id, session.signIn.id, clock.now()),
});
