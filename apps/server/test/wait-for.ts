import { inspect } from 'node:util';

export type WaitForOptions = {
  /** what is awaited, as a failure names it: `order 12 completed` */
  message: string;
  /** gives up after this long; the default stays under the server tests' 30 s test timeout */
  timeoutMs?: number;
  /** the pause between two checks */
  intervalMs?: number;
};

type Falsy = false | 0 | 0n | '' | null | undefined;

const show = (value: unknown) =>
  inspect(value, { depth: 4, breakLength: Number.POSITIVE_INFINITY, maxArrayLength: 20 }).slice(
    0,
    2000,
  );

/**
 * Checks again and again until what a test waits for has happened (a job done, a mail out, a
 * notification heard, another process's state), at most `timeoutMs`: the one way server tests
 * wait, instead of sleeping a guessed time. Answers the first truthy value of `check`, or with
 * `until`, the first value of `read` it accepts. On timeout it fails naming `message` and the
 * last value seen. A check that throws fails at once: a broken query is not waited out.
 */
export function waitFor<T>(
  read: () => T | Promise<T>,
  options: WaitForOptions & { until: (value: T) => boolean },
): Promise<T>;
export function waitFor<T>(
  check: () => T | Promise<T>,
  options: WaitForOptions,
): Promise<Exclude<T, Falsy>>;
export async function waitFor<T>(
  check: () => T | Promise<T>,
  {
    message,
    timeoutMs = 15_000,
    intervalMs = 50,
    until = Boolean,
  }: WaitForOptions & { until?: (value: T) => boolean },
): Promise<T> {
  const started = Date.now();
  for (let checks = 1; ; checks++) {
    const value = await check();
    if (until(value)) return value;
    const left = started + timeoutMs - Date.now();
    if (left <= 0) {
      throw new Error(
        `Timed out after ${timeoutMs} ms (${checks} checks) waiting for ${message}; last value: ${show(value)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(intervalMs, left)));
  }
}
