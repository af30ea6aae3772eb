import pg from 'pg';
import type { Database } from '../db/client';

/** Migration 0015's trigger sends a user's id here whenever its row changes or goes. */
export const USERS_CHANGED_CHANNEL = 'esd_users_changed';

export type UserCache<T> = {
  /**
   * The row through the cache. A row is kept only while this process hears the database's
   * change notifications, and only if no change was announced while it was being read.
   */
  read: (id: number, load: () => Promise<T | undefined>) => Promise<T | undefined>;
  /** Forgets every row: after a write of this process, before its answer leaves. */
  clear: () => void;
  /** whether change notifications arrive (rows are cached only then) */
  isListening: () => boolean;
  close: () => Promise<void>;
};

const MAX_ENTRIES = 10_000;
const RECONNECT_MS = 1000;

/**
 * Signed-in users for a few seconds per process, dropped at once when any process changes
 * them (LISTEN/NOTIFY from a trigger on users). Without a working listener nothing is cached.
 */
export const createUserCache = async <T>(
  database: Database,
  ttlMs: number,
  onListenerError: (error: unknown) => void,
): Promise<UserCache<T>> => {
  const rows = new Map<number, { row: T; until: number }>();
  const loading = new Map<number, { epoch: number; row: Promise<T | undefined> }>();
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
    const id = Number(payload);
    if (Number.isSafeInteger(id)) rows.delete(id);
    else rows.clear();
  };

  let stopListening: () => Promise<void> = async () => {};
  if (database.pglite) {
    const unlisten = await database.pglite.listen(USERS_CHANGED_CHANNEL, forget);
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
        application_name: 'esd-user-cache',
      });
      next.on('error', (error) => lost(error));
      next.on('end', () => lost());
      next.on('notification', (message) => forget(message.payload));
      client = next;
      try {
        await next.connect();
        await next.query(`LISTEN ${USERS_CHANGED_CHANNEL}`);
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
    read: async (id, load) => {
      const hit = rows.get(id);
      if (hit && hit.until > Date.now() && listening) return hit.row;
      // many requests of one user at once (a page's parallel calls, the entry just expired)
      // share one read, unless a change was announced since it began
      const running = loading.get(id);
      if (running && running.epoch === epoch && listening) return running.row;
      const startedAt = epoch;
      const row = load();
      loading.set(id, { epoch: startedAt, row });
      try {
        const loaded = await row;
        if (loaded !== undefined && listening && epoch === startedAt) {
          if (rows.size >= MAX_ENTRIES) rows.clear();
          rows.set(id, { row: loaded, until: Date.now() + ttlMs });
        }
        return loaded;
      } finally {
        if (loading.get(id)?.row === row) loading.delete(id);
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
