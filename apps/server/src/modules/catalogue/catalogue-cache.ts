import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createNotifiedCache, type NotifiedCache } from '../../plugins/notified-cache';

/** Migration 0017's triggers notify here after every statement that changes products or categories. */
const CATALOGUE_CHANGED_CHANNEL = 'esd_catalogue_changed';

/** Shop pages (rows without prices: those are the reader's own) and catalogue totals. */
export type CatalogueCache = NotifiedCache<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    catalogueCache: CatalogueCache;
  }
}

/** Kept at most this long even while notifications arrive. */
const CATALOGUE_CACHE_MS = 30_000;

/**
 * The catalogue as the shop lists it, kept per process until any process changes products or
 * categories (LISTEN/NOTIFY). Prices are computed per reader from the cached rows, so one page
 * serves every dealer. This process's own admin writes empty it before their answer leaves, so
 * the admin's next list never waits for the notification.
 */
export const catalogueCachePlugin = fp(
  async (app: FastifyInstance) => {
    const cache = await createNotifiedCache<unknown>(
      app.database,
      {
        channel: CATALOGUE_CHANGED_CHANNEL,
        ttlMs: CATALOGUE_CACHE_MS,
        applicationName: 'esd-catalogue-cache',
        maxEntries: 2000,
        clock: app.clock,
      },
      (error) => app.log.warn({ err: error }, 'catalogue cache listener lost; reading afresh'),
    );
    app.decorate('catalogueCache', cache);
    app.addHook('onClose', async () => cache.close());
    app.addHook('onSend', (request, _reply, payload, done) => {
      if (!request.isRead && request.url.startsWith('/api/settings/')) cache.clear();
      done(null, payload);
    });
  },
  { name: 'catalogue-cache', dependencies: ['database', 'auth'] },
);

/** `load` through the cache when there is one. */
export const throughCache = <T>(
  cache: CatalogueCache | undefined,
  key: string,
  load: () => Promise<T>,
): Promise<T> => (cache ? (cache.read(key, load) as Promise<T>) : load());
