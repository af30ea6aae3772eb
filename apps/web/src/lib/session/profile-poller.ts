import { PROFILE_POLL_MS } from '@esd/shared/constants';

export type ProfilePollerOptions<T> = {
  fetchProfile: () => Promise<T>;
  onProfile: (profile: T) => void;
  /** spec 8: a 401 from the profile refresh forces logout; other failures do nothing */
  onUnauthorized: () => void;
  isUnauthorized: (error: unknown) => boolean;
  intervalMs?: number;
};

/** Polls the signed-in user's profile every minute (spec 7 "Timing"). */
export class ProfilePoller<T> {
  readonly #options: ProfilePollerOptions<T>;
  #timer: ReturnType<typeof setInterval> | undefined;
  #isPolling = false;

  constructor(options: ProfilePollerOptions<T>) {
    this.#options = options;
  }

  /** `immediate` polls once right away, so a dead token is noticed at start, not a minute on. */
  start({ immediate = false }: { immediate?: boolean } = {}) {
    if (this.#timer !== undefined) return;
    if (immediate) void this.poll();
    this.#timer = setInterval(() => void this.poll(), this.#options.intervalMs ?? PROFILE_POLL_MS);
  }

  stop() {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  async poll(): Promise<void> {
    if (this.#isPolling) return;
    this.#isPolling = true;
    try {
      this.#options.onProfile(await this.#options.fetchProfile());
    } catch (error) {
      if (this.#options.isUnauthorized(error)) this.#options.onUnauthorized();
    } finally {
      this.#isPolling = false;
    }
  }
}
