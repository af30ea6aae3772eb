import { TOKEN_EXPIRY_CHECK_MS, TOKEN_REFRESH_THRESHOLD_S } from '@esd/shared/constants';

/** Spec 4/9: refresh when fewer than `thresholdS` seconds remain before the token expires. */
export const shouldRefreshToken = (options: {
  expiry: number | undefined;
  nowS: number;
  thresholdS?: number;
}): boolean => {
  const { expiry, nowS, thresholdS = TOKEN_REFRESH_THRESHOLD_S } = options;
  return expiry !== undefined && expiry - nowS < thresholdS;
};

export type RefreshResult = { token: string; token_expired: number };

export type TokenRefresherOptions = {
  /** unix seconds at which the stored token expires, if known */
  getExpiry: () => number | undefined;
  refresh: () => Promise<RefreshResult>;
  onRefreshed: (result: RefreshResult) => void;
  /** a failed refresh is reported here and never ends the session (spec 8) */
  onFailed?: (error: unknown) => void;
  now?: () => number;
  thresholdS?: number;
  intervalMs?: number;
};

/**
 * Checks the token expiry at start and every minute; at most one refresh is in flight.
 * The in-flight flag clears only when the refresh call settles, never on a timer, so a slow
 * answer cannot cause a second, overlapping refresh.
 */
export class TokenRefresher {
  readonly #options: TokenRefresherOptions;
  #timer: ReturnType<typeof setInterval> | undefined;
  #isRefreshing = false;

  constructor(options: TokenRefresherOptions) {
    this.#options = options;
  }

  get isRefreshing() {
    return this.#isRefreshing;
  }

  start() {
    if (this.#timer !== undefined) return;
    this.check();
    this.#timer = setInterval(
      () => this.check(),
      this.#options.intervalMs ?? TOKEN_EXPIRY_CHECK_MS,
    );
  }

  stop() {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Returns true when this check started a refresh. */
  check(): boolean {
    if (this.#isRefreshing) return false;
    const { getExpiry, now = Date.now, thresholdS } = this.#options;
    const nowS = Math.floor(now() / 1000);
    if (!shouldRefreshToken({ expiry: getExpiry(), nowS, thresholdS })) return false;

    this.#isRefreshing = true;
    this.#options.refresh().then(
      (result) => {
        this.#isRefreshing = false;
        this.#options.onRefreshed(result);
      },
      (error: unknown) => {
        this.#isRefreshing = false;
        this.#options.onFailed?.(error);
      },
    );
    return true;
  }
}
