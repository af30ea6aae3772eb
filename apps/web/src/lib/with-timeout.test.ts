import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimeoutError, withTimeout } from './with-timeout';

describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves with the value when the promise settles in time', async () => {
    const result = withTimeout(Promise.resolve('chunk'), 120_000);
    await expect(result).resolves.toBe('chunk');
  });

  it('rejects with TimeoutError once the limit passes', async () => {
    const never = new Promise<string>(() => {});
    const result = withTimeout(never, 120_000);
    const assertion = expect(result).rejects.toBeInstanceOf(TimeoutError);
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('does not time out one millisecond early', async () => {
    let settled = false;
    withTimeout(new Promise(() => {}), 120_000).catch(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(119_999);
    expect(settled).toBe(false);
  });

  it('passes the original rejection through', async () => {
    const error = new Error('Failed to fetch dynamically imported module');
    await expect(withTimeout(Promise.reject(error), 1000)).rejects.toBe(error);
  });
});
