import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePoller } from './profile-poller';

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

const MINUTE = 60_000;

describe('ProfilePoller', () => {
  let poller: ProfilePoller<{ name: string }> | undefined;

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    poller?.stop();
    vi.useRealTimers();
  });

  const create = (fetchProfile: () => Promise<{ name: string }>) => {
    const onProfile = vi.fn();
    const onUnauthorized = vi.fn();
    poller = new ProfilePoller({
      fetchProfile,
      onProfile,
      onUnauthorized,
      isUnauthorized: (error) => error instanceof HttpError && error.status === 401,
    });
    return { onProfile, onUnauthorized };
  };

  it('polls every 60 s and hands over the profile', async () => {
    const fetchProfile = vi.fn(async () => ({ name: 'Dealer' }));
    const { onProfile } = create(fetchProfile);
    poller!.start();
    await vi.advanceTimersByTimeAsync(MINUTE - 1);
    expect(fetchProfile).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchProfile).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(2 * MINUTE);
    expect(fetchProfile).toHaveBeenCalledTimes(3);
    expect(onProfile).toHaveBeenLastCalledWith({ name: 'Dealer' });
  });

  it('polls at once when asked to', async () => {
    const fetchProfile = vi.fn(async () => ({ name: 'Dealer' }));
    create(fetchProfile);
    poller!.start({ immediate: true });
    expect(fetchProfile).toHaveBeenCalledTimes(1);
  });

  it('forces logout on 401', async () => {
    const { onUnauthorized, onProfile } = create(() => Promise.reject(new HttpError(401)));
    poller!.start({ immediate: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onProfile).not.toHaveBeenCalled();
  });

  it.each([403, 429, 500, 503, 0])('does nothing on %i', async (status) => {
    const { onUnauthorized, onProfile } = create(() => Promise.reject(new HttpError(status)));
    poller!.start({ immediate: true });
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(onProfile).not.toHaveBeenCalled();
  });

  it('stops polling after stop()', async () => {
    const fetchProfile = vi.fn(async () => ({ name: 'Dealer' }));
    create(fetchProfile);
    poller!.start();
    poller!.stop();
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(fetchProfile).not.toHaveBeenCalled();
  });
});
