/** Business constants of spec section 9. */
export const MIN_QUANTITY = 1;
/** The most licences one basket line holds (the basket call, the stepper, the database). */
export const MAX_LINE_QUANTITY = 100_000;
/** The most lines one basket holds. */
export const MAX_BASKET_LINES = 200;
export const THREE_YEAR_COMMITMENT_MIN_QUANTITY = 10;
export const PRICE_DECIMALS = 2;
export const PROFILE_POLL_MS = 60_000;
export const TOKEN_EXPIRY_CHECK_MS = 60_000;
export const TOKEN_REFRESH_THRESHOLD_S = 1200;
export const LOGIN_NOTIFICATION_MS = 2500;
export const DEFAULT_LANGUAGE = 'en';
export const DEFAULT_ITEMS_PER_PAGE = 10;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const STARRED_PAGES_MAX = 10;
export const KEY_DELIVERY_PROMISE_S = 180;
export const TITLE_SUFFIX = 'ESD';

export const languages = ['en', 'ru', 'az'] as const;
export type Language = (typeof languages)[number];
export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** Exact user-visible messages the specification fixes (English contract). */
export const specMessages = {
  loginAttemptTitle: 'Login Attempt',
  alreadyLoggedIn: 'You are already logged in!',
  errorTitle: 'Error',
  creditLimitExceeded:
    'Impossible to place order. Order value is greater than remaining credit limit.',
  oidcDetailedError: 'Detailed error can be found in console.',
} as const;
