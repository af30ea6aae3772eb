import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type RefreshResult, shouldRefreshToken, TokenRefresher } from './token-refresher';

const MINUTE = 60_000;
const nowS = () => Math.floor(Date.now() / 1000);

const deferred = <T>() => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('shouldRefreshToken', () => {
  it('refreshes only when fewer than 1200 s remain', () => {
    expect(shouldRefreshToken({ expiry: 10_000 + 1201, nowS: 10_000 })).toBe(false);
    expect(shouldRefreshToken({ expiry: 10_000 + 1200, nowS: 10_000 })).toBe(false);
    expect(shouldRefreshToken({ expiry: 10_000 + 1199, nowS: 10_000 })).toBe(true);
    expect(shouldRefreshToken({ expiry: 9_000, nowS: 10_000 })).toBe(true);
  });

  it('does nothing when the expiry is unknown', () => {
    expect(shouldRefreshToken({ expiry: undefined, nowS: 10_000 })).toBe(false);
  });
});

describe('TokenRefresher', () => {
  let expiry: number | undefined;
  let refresher: TokenRefresher | undefined;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2025-01-01T00:00:00Z'));
  });

  afterEach(() => {
    refresher?.stop();
    vi.useRealTimers();
  });

  const create = (refresh: () => Promise<RefreshResult>) => {
    const onRefreshed = vi.fn((result: RefreshResult) => {
      expiry = result.token_expired;
    });
    const onFailed = vi.fn();
    refresher = new TokenRefresher({ getExpiry: () => expiry, refresh, onRefreshed, onFailed });
    return { onRefreshed, onFailed, refresher };
  };

  it('checks at start and refreshes a token that is about to expire', async () => {
    expiry = nowS() + 600;
    const refresh = vi.fn(async () => ({ token: 'new', token_expired: nowS() + 3600 }));
    const { onRefreshed } = create(refresh);
    refresher!.start();
    expect(refresh).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(onRefreshed).toHaveBeenCalledWith({ token: 'new', token_expired: expiry });
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('checks every 60 s and refreshes once the 1200 s threshold is crossed', async () => {
    expiry = nowS() + 1200 + 150;
    const refresh = vi.fn(async () => ({ token: 'new', token_expired: nowS() + 3600 }));
    create(refresh);
    refresher!.start();
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refresh).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('keeps only one refresh in flight until an answer arrives', async () => {
    expiry = nowS() + 60;
    const pending = deferred<RefreshResult>();
    const refresh = vi.fn(() => pending.promise);
    const { onRefreshed } = create(refresh);
    refresher!.start();
    await vi.advanceTimersByTimeAsync(30 * MINUTE);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresher!.isRefreshing).toBe(true);

    pending.resolve({ token: 'late', token_expired: nowS() + 3600 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refresher!.isRefreshing).toBe(false);
    expect(onRefreshed).toHaveBeenCalledTimes(1);
  });

  it('does not end the session on failure and tries again at the next check', async () => {
    expiry = nowS() + 60;
    const refresh = vi
      .fn<() => Promise<RefreshResult>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValueOnce({ token: 'ok', token_expired: nowS() + 3600 });
    const { onFailed, onRefreshed } = create(refresh);
    refresher!.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(onFailed).toHaveBeenCalledTimes(1);
    expect(onRefreshed).not.toHaveBeenCalled();
    expect(refresher!.isRefreshing).toBe(false);

    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(onRefreshed).toHaveBeenCalledTimes(1);
  });

  it('stops checking after stop()', async () => {
    expiry = nowS() + 1200 + 30;
    const refresh = vi.fn(async () => ({ token: 'new', token_expired: nowS() + 3600 }));
    create(refresh);
    refresher!.start();
    refresher!.stop();
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(refresh).not.toHaveBeenCalled();
  });
});
