import type { Database } from '../db/client';
import type { Clock } from '../lib/clock';
import { createNotifiedCache } from './notified-cache';

/** Migration 0015's trigger sends a user's id here whenever its row changes or goes. */
const USERS_CHANGED_CHANNEL = 'esd_users_changed';

export type UserCache<T> = {
  read: (id: number, load: () => Promise<T | undefined>) => Promise<T | undefined>;
  /** Forgets every user: after a write of this process, before its answer leaves. */
  clear: () => void;
  /** whether change notifications arrive (users are cached only then) */
  isListening: () => boolean;
  close: () => Promise<void>;
};

/**
 * Signed-in users for a few seconds per process, dropped at once when any process changes
 * them (LISTEN/NOTIFY from a trigger on users). Without a working listener nothing is cached.
 */
export const createUserCache = async <T>(
  database: Database,
  ttlMs: number,
  onListenerError: (error: unknown) => void,
  clock?: Clock,
): Promise<UserCache<T>> => {
  const cache = await createNotifiedCache<T>(
    database,
    { channel: USERS_CHANGED_CHANNEL, ttlMs, applicationName: 'esd-user-cache', clock },
    onListenerError,
  );
  return { ...cache, read: (id, load) => cache.read(String(id), load) };
};
