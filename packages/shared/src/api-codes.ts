// Without zod, so that the web app's first JavaScript can name the errors without loading it.

/**
 * Error names carried in `data.error` of a failed answer; the web app translates them
 * as `errors.<NAME>` and falls back to the server's message.
 */
export const appErrorCodes = {
  /** the request's params, query or body failed validation (data.issues lists them) */
  VALIDATION_FAILED: 400,
  /** no token, or the token is invalid, expired or revoked */
  UNAUTHORIZED: 401,
  /** wrong e-mail or password (one answer for both) */
  INVALID_CREDENTIALS: 401,
  /** the account is deactivated */
  ACCOUNT_DISABLED: 403,
  /** the role may not call this route, or the record is outside the caller's scope */
  FORBIDDEN: 403,
  /** an API key asked for a route its scopes do not open, or one no key may reach (data.scope: the scope needed, or null) */
  API_KEY_SCOPE: 403,
  /** the record does not exist (or is outside the caller's scope where existence leaks) */
  NOT_FOUND: 404,
  /** the record conflicts with an existing one */
  CONFLICT: 409,
  /** an Idempotency-Key sent again with another request body (the Stripe model: 422) */
  IDEMPOTENCY_KEY_REUSED: 422,
  /** the current password given to change it is wrong */
  WRONG_PASSWORD: 422,
  /** the password is too common or out of the allowed length */
  WEAK_PASSWORD: 422,
  /** a password-reset link that is unknown, used or expired */
  INVALID_RESET_TOKEN: 422,
  /** the third-party ID token failed verification or names no known account */
  OIDC_REJECTED: 401,
  /** the role requires a second factor and the account has none: only enrolment is open */
  MFA_ENROLMENT_REQUIRED: 403,
  /** a wrong, reused or expired second-factor code, or a passkey answer that failed */
  INVALID_MFA_CODE: 401,
  /** the second-step ticket is unknown, used, expired or out of tries: sign in again */
  MFA_TICKET_EXPIRED: 401,
  /** the last second factor of a role that requires one cannot be removed */
  MFA_FACTOR_REQUIRED: 409,
  /** third-party sign-in is not configured on this server */
  OIDC_DISABLED: 404,
  /** the product is inactive, or must be bought another way (Adobe goes through a price request) */
  PRODUCT_UNAVAILABLE: 422,
  /** a dealer's own price below what it pays for the product (invariant 1; data.min_price) */
  PRICE_BELOW_COST: 422,
  /** the buyer's dealer account is deactivated: nobody orders on it (invariant 4) */
  DEALER_INACTIVE: 403,
  /** an Adobe line's price was quoted for exactly its quantity, customer and commitment; or the quote expired */
  ADOBE_QUOTE_INVALID: 422,
  /** the user may not pay this way (cash or credit) */
  SELL_TYPE_NOT_ALLOWED: 422,
  /** the basket would hold more lines or a larger quantity than allowed */
  BASKET_LIMIT: 422,
  /** no bank exchange rate is set, so AZN amounts cannot be computed */
  NO_EXCHANGE_RATE: 503,
  /** the review the buyer confirmed (its `quote`) no longer holds: data.review is the new one, data.changes what changed */
  PRICE_CHANGED: 409,
  /** the AZN amount an admin confirmed as received is no longer what the order owes at today's rate (data.payment_due: the amount now) */
  AMOUNT_CHANGED: 409,
  /** the basket changed under a write or a checkout (a line bought, grown or made meanwhile): nothing was written */
  BASKET_CHANGED: 409,
  /** checkout of an empty basket */
  BASKET_EMPTY: 422,
  /** a credit order above the dealer's remaining credit (spec 5 message) */
  CREDIT_LIMIT: 422,
  /** an invoice asked for before a global admin entered the seller's details (Settings → Company) */
  COMPANY_DETAILS_MISSING: 409,
  /** the order or item is not in a state that allows this action */
  INVALID_STATE: 409,
  /** the return window of the item has closed, or its product is not returnable */
  RETURN_WINDOW_CLOSED: 422,
  /** a return would take back event points already spent on prize claims (data: event_id, event_title, points_needed) */
  RETURN_POINTS_SPENT: 409,
  /** Adobe's partner API did not answer (or answered garbage); try again later */
  ADOBE_UNAVAILABLE: 502,
  /** Adobe refused the request (unknown customer, invalid quantity, …); the message says why */
  ADOBE_REJECTED: 422,
  /** a prize cannot be claimed now (data.reason: not_started, rank_prize, out_of_stock, already_claimed, not_enough_points) */
  PRIZE_NOT_CLAIMABLE: 422,
  /** the record is still used by others and cannot be deleted */
  IN_USE: 409,
  /** a change or deletion of a sales target: spec 5 makes them permanent once added */
  TARGET_IMMUTABLE: 409,
  /** an uploaded file is too large or not of an allowed type */
  INVALID_FILE: 415,
  /** an imported spreadsheet is wider or holds more cells than its import reads (data: max_columns, max_cells) */
  SPREADSHEET_TOO_LARGE: 422,
  /** too many attempts; try later */
  RATE_LIMITED: 429,
  /** the server is shutting down or the database does not answer */
  UNAVAILABLE: 503,
  /** a webhook URL that is not https or reaches a private, loopback or link-local address */
  WEBHOOK_URL_REFUSED: 422,
  /** an unexpected failure; details only in the server log */
  INTERNAL: 500,
} as const;

export type AppErrorCode = keyof typeof appErrorCodes;

/**
 * The `data.reason`s (among all those answers carry) whose refusal has words of its own in every
 * language, where its code's words would mislead; the code stays what clients branch on.
 */
export const appErrorReasons = ['api_key_invalid'] as const;
export type AppErrorReason = (typeof appErrorReasons)[number];
