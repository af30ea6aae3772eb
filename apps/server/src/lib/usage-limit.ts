import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { AppError } from './errors';

export type UsageLimit = {
  /** what is counted, e.g. `mail:to:someone@example.com` */
  key: string;
  max: number;
  windowSeconds: number;
  /** the refusal's message; `{minutes}` becomes the wait */
  message: string;
};

/**
 * Counts one use of each limit, atomically and across processes, and refuses (429, with
 * `retry_after` in seconds) when any of them is past its maximum in its window. A refused use
 * still counts: hammering does not shorten the wait.
 */
export const takeUses = async (db: DbOrTx, limits: UsageLimit[]) => {
  for (const limit of limits) {
    const result = (await db.execute(sql`
      insert into usage_counters (key, uses, window_start) values (${limit.key}, 1, now())
      on conflict (key) do update set
        uses = case when usage_counters.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
          then 1 else usage_counters.uses + 1 end,
        window_start = case when usage_counters.window_start <= now() - make_interval(secs => ${limit.windowSeconds})
          then now() else usage_counters.window_start end
      returning uses,
        ceil(extract(epoch from (window_start + make_interval(secs => ${limit.windowSeconds}) - now())))::int as wait`)) as unknown as {
      rows: { uses: number; wait: number }[];
    };
    const row = result.rows[0]!;
    if (row.uses > limit.max) {
      const wait = Math.max(1, row.wait);
      throw new AppError(
        'RATE_LIMITED',
        limit.message.replace('{minutes}', String(Math.ceil(wait / 60))),
        { retry_after: wait },
      );
    }
  }
};
