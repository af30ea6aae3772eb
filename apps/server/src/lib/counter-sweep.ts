import { sql } from 'drizzle-orm';
import type { Config } from '../config/env';
import type { DbOrTx } from '../db/client';
import type { Clock } from './clock';
import { timestampOf } from './sql';

const SWEEP_EVERY_MS = 5 * 60 * 1000;
const DAY_SECONDS = 24 * 60 * 60;

/**
 * Drops counters long over, at most once every five minutes per process: the anonymous
 * per-minute counts an hour after their window, and failed sign-ins once neither their run,
 * their wait nor the day of their owner's mail can matter any more. Concurrent sweeps of
 * several processes delete the same rows; that is harmless.
 */
export const createCounterSweep = (
  db: DbOrTx,
  clock: Clock,
  config: Pick<Config, 'LOGIN_FAILURE_WINDOW_SECONDS' | 'LOGIN_MAX_DELAY_SECONDS'>,
  onError: (error: unknown) => void,
) => {
  let nextAt = 0;
  const keepSeconds =
    Math.max(config.LOGIN_FAILURE_WINDOW_SECONDS, DAY_SECONDS) + config.LOGIN_MAX_DELAY_SECONDS;
  return async () => {
    const now = clock.now();
    if (now.getTime() < nextAt) return;
    nextAt = now.getTime() + SWEEP_EVERY_MS;
    try {
      await db.execute(
        sql`delete from usage_counters where key like 'rate:%' and window_start < now() - interval '1 hour'`,
      );
      const before = new Date(now.getTime() - keepSeconds * 1000);
      await db.execute(
        sql`delete from login_failures where last_failure_at < ${timestampOf(before)}`,
      );
    } catch (error) {
      onError(error);
    }
  };
};
