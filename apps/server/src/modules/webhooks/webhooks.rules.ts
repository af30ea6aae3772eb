/** How long a delivery keeps being retried, from its first attempt: then it gives up. */
export const GIVE_UP_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** The longest wait between two attempts. */
const MAX_DELAY_SECONDS = 6 * 60 * 60;

/** How long a rolled secret keeps signing beside the new one. */
export const SECRET_OVERLAP_MS = 24 * 60 * 60 * 1000;

/**
 * The wait before the next attempt after `attempts` failed ones: the base, doubled after each
 * failure, at most six hours (30 s, 1 min, 2 min … then every 6 h until three days are over).
 */
export const retryDelaySeconds = (attempts: number, baseSeconds: number): number =>
  Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), MAX_DELAY_SECONDS);

/** Whether a delivery whose first attempt was at `firstAttemptAt` has tried long enough. */
export const hasTriedLongEnough = (firstAttemptAt: Date, now: Date): boolean =>
  now.getTime() - firstAttemptAt.getTime() >= GIVE_UP_AFTER_MS;

/** The secrets that sign now: the current one, and the previous one during its overlap. */
export const signingSecrets = (
  endpoint: { secret: string; previousSecret: string | null; previousSecretExpiresAt: Date | null },
  now: Date,
): string[] =>
  endpoint.previousSecret &&
  endpoint.previousSecretExpiresAt &&
  endpoint.previousSecretExpiresAt.getTime() > now.getTime()
    ? [endpoint.secret, endpoint.previousSecret]
    : [endpoint.secret];
