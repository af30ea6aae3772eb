import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from './sql';

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** What @fastify/rate-limit hands a store's `child`: the route's merged options. */
type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * A store for @fastify/rate-limit that counts in PostgreSQL (`usage_counters`, keys
 * `rate:<route>:<client>`), so every server process shares one count per route and client
 * (issue 32: two processes used to allow twice the limit). One statement per request: an
 * upsert that starts a new window once the last one is over. `sweep` runs now and then on the
 * way (at most once every few minutes per process) and drops what is long over.
 */
export const pgRateLimitStore = (db: DbOrTx, sweep: () => Promise<void>) => {
  class PgRateLimitStore {
    private readonly route: string;

    /** The plugin builds the root store with its options; children name their route. */
    constructor(_options?: unknown, route = 'all') {
      this.route = route;
    }

    incr(key: string, callback: IncrCallback, timeWindow: number) {
      this.count(`rate:${this.route}:${key}`, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    private async count(key: string, windowMs: number) {
      await sweep();
      const [row] = await rowsOf<{ uses: number; ttl: number }>(
        db,
        sql`insert into usage_counters (key, uses, window_start) values (${key}, 1, now())
          on conflict (key) do update set
            uses = case when usage_counters.window_start <= now() - make_interval(secs => ${windowMs / 1000})
              then 1 else usage_counters.uses + 1 end,
            window_start = case when usage_counters.window_start <= now() - make_interval(secs => ${windowMs / 1000})
              then now() else usage_counters.window_start end
          returning uses,
            ceil(extract(epoch from (window_start + make_interval(secs => ${windowMs / 1000}) - now())) * 1000)::int as ttl`,
      );
      return { current: Number(row!.uses), ttl: Math.max(0, Number(row!.ttl)) };
    }

    // typed as the route's options; what the plugin passes is its merged options with `routeInfo`
    child(params: object) {
      const info = (params as RouteParams).routeInfo ?? {};
      const method = [info.method ?? ''].flat().join(',');
      return new PgRateLimitStore(undefined, `${method} ${info.url ?? ''}`.trim() || 'all');
    }
  }
  return PgRateLimitStore;
};
