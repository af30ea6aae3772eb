import { pgErrorCode } from '../lib/pg-errors';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the transaction back whole. */
const RETRYABLE = new Set(['40001', '40P01']);

export const isRetryableConflict = (error: unknown) => RETRYABLE.has(pgErrorCode(error) ?? '');

/**
 * Runs a whole transaction again when PostgreSQL aborted it for a serialization failure or a
 * deadlock (it wrote nothing then), up to `attempts` times with a short random pause, so
 * concurrent checkouts never surface those as 500s. Any other error, and the last attempt's,
 * is thrown as it is. `run` must open its own transaction: a retry starts from scratch.
 */
export const retryConflicts = async <T>(
  run: () => Promise<T>,
  options: { attempts?: number; onRetry?: (error: unknown, attempt: number) => void } = {},
): Promise<T> => {
  const attempts = options.attempts ?? 5;
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isRetryableConflict(error)) throw error;
      options.onRetry?.(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
    }
  }
};
