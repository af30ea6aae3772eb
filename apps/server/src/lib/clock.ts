/**
 * The time the rules read (a quote's day, a return window, an event's end, a link's expiry, a
 * sign-in's end and its tokens): the app builds one real clock and hands it to the services,
 * which pass its reading to their queries; a test passes a clock it sets. Caches measure their
 * lifetimes on it too, so a test holding the clock still knows a value cannot expire. The
 * database's own `now()` stamps what a write records, and decides only where
 * docs/architecture.md says the code is not there yet.
 */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };
