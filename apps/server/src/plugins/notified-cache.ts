import pg from 'pg';
import type { Database } from '../db/client';
import { type Clock, systemClock } from '../lib/clock';

export type NotifiedCache<T> = {
  /**
   * The value through the cache. A value is kept only while this process hears the database's
   * change notifications, and only if no change was announced while it was being read.
   */
  read: (key: string, load: () => Promise<T | undefined>) => Promise<T | undefined>;
  /** Forgets every value: after a write of this process, before its answer leaves. */
  clear: () => void;
  /** whether change notifications arrive (rows are cached only then) */
  isListening: () => boolean;
  close: () => Promise<void>;
};

export type NotifiedCacheOptions = {
  /** the channel a trigger notifies on every change of what is cached */
  channel: string;
  /** how long a value is kept at most, even while notifications arrive */
  ttlMs: number;
  /** the listener connection's application_name (seen in pg_stat_activity) */
  applicationName: string;
  maxEntries?: number;
  /** the time a value's `ttlMs` is measured on (the app's clock: a test may hold it still) */
  clock?: Clock;
};

const RECONNECT_MS = 1000;

/**
 * Values read from the database, kept per process for a while and dropped at once when any
 * process changes their rows: a trigger notifies `channel` (LISTEN/NOTIFY) with the key that
 * changed, or an empty payload for "everything". Without a working listener nothing is cached.
 */
export const createNotifiedCache = async <T>(
  database: Database,
  {
    channel,
    ttlMs,
    applicationName,
    maxEntries = 10_000,
    clock = systemClock,
  }: NotifiedCacheOptions,
  onListenerError: (error: unknown) => void,
): Promise<NotifiedCache<T>> => {
  const rows = new Map<string, { row: T; until: number }>();
  const loading = new Map<string, { epoch: number; row: Promise<T | undefined> }>();
  // bumped by every forget: a read that overlapped a change does not keep what it read
  let epoch = 0;
  let listening = false;
  let closed = false;
  const clear = () => {
    epoch++;
    rows.clear();
  };
  const forget = (payload: string | undefined) => {
    epoch++;
    if (payload) rows.delete(payload);
    else rows.clear();
  };

  let stopListening: () => Promise<void> = async () => {};
  if (database.pglite) {
    const unlisten = await database.pglite.listen(channel, forget);
    listening = true;
    stopListening = async () => {
      listening = false;
      // the database may already be closed when the app closes after it
      await unlisten().catch(() => {});
    };
  } else if (database.pool) {
    const options = database.pool.options;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const lost = (error?: unknown) => {
      if (!listening && !client) return;
      listening = false;
      clear();
      const old = client;
      client = undefined;
      old?.end().catch(() => {});
      if (error) onListenerError(error);
      if (!closed) retry = setTimeout(connect, RECONNECT_MS);
    };
    const connect = async () => {
      retry = undefined;
      const next = new pg.Client({
        connectionString: options.connectionString,
        host: options.host,
        port: options.port,
        user: options.user,
        password: options.password,
        database: options.database,
        ssl: options.ssl,
        application_name: applicationName,
      });
      next.on('error', (error) => lost(error));
      next.on('end', () => lost());
      next.on('notification', (message) => forget(message.payload));
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${channel}`);
        if (closed) {
          await next.end();
          return;
        }
        clear(); // whatever changed while nobody listened
        listening = true;
      } catch (error) {
        lost(error);
      }
    };
    await connect();
    stopListening = async () => {
      listening = false;
      if (retry) clearTimeout(retry);
      const old = client;
      client = undefined;
      await old?.end().catch(() => {});
    };
  }

  return {
    read: async (key, load) => {
      const hit = rows.get(key);
      if (hit && hit.until > clock.now().getTime() && listening) return hit.row;
      // many requests for one key at once (a page's parallel calls, the entry just expired)
      // share one read, unless a change was announced since it began
      const running = loading.get(key);
      if (running && running.epoch === epoch && listening) return running.row;
      const startedAt = epoch;
      const row = load();
      loading.set(key, { epoch: startedAt, row });
      try {
        const loaded = await row;
        if (loaded !== undefined && listening && epoch === startedAt) {
          if (rows.size >= maxEntries) rows.clear();
          rows.set(key, { row: loaded, until: clock.now().getTime() + ttlMs });
        }
        return loaded;
      } finally {
        if (loading.get(key)?.row === row) loading.delete(key);
      }
    },
    clear,
    isListening: () => listening,
    close: async () => {
      closed = true;
      clear();
      await stopListening();
    },
  };
};
