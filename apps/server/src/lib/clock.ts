/**
 * The time the rules read (a quote's day, a return window, an event's end, a link's expiry):
 * the app builds one real clock and hands it to the services; a test passes a clock it sets.
 * Caches' lifetimes and the database's own `now()` do not read it.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
