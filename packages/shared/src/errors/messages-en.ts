import type { AppErrorCode, AppErrorReason } from '../api-codes';

/** The English words of every error code: `{{field}}` names a field of the answer's data. */
export const messages = {
  VALIDATION_FAILED: 'Some of the information is not valid. Check the form and try again.',
  UNAUTHORIZED: 'Your session has ended. Please sign in again.',
  INVALID_CREDENTIALS: 'Wrong e-mail or password.',
  ACCOUNT_DISABLED: 'This account has been deactivated.',
  FORBIDDEN: 'You do not have permission to do this.',
  API_KEY_SCOPE:
    'This API key may not use this request: its scopes do not include it, or no key may (sign in to the portal instead).',
  NOT_FOUND: 'The requested item was not found.',
  CONFLICT: 'This conflicts with an existing record.',
  IDEMPOTENCY_KEY_REUSED:
    'This checkout attempt was already used to place an order paid another way. Reload the checkout page and try again.',
  WRONG_PASSWORD: 'The current password is wrong.',
  WEAK_PASSWORD: 'This password is too common or too short. Choose a stronger one.',
  INVALID_RESET_TOKEN: 'This reset link is invalid, already used or expired. Request a new one.',
  OIDC_REJECTED: "Single sign-on failed: the identity provider's answer was not accepted.",
  MFA_ENROLMENT_REQUIRED:
    'Set up a second factor (an authenticator app or a passkey) before using the portal.',
  INVALID_MFA_CODE: 'The code or passkey was not accepted. Try again.',
  MFA_TICKET_EXPIRED: 'The sign-in took too long or had too many tries. Sign in again.',
  MFA_FACTOR_REQUIRED:
    'Your role requires a second factor: add another one before removing this one.',
  OIDC_DISABLED: 'Single sign-on is not configured on this server.',
  INVALID_FILE: 'The file is too large or not of an allowed type.',
  SPREADSHEET_TOO_LARGE:
    'The spreadsheet is too large to read: at most {{max_columns}} columns and {{max_cells}} cells. Keep the keys in the first column and split a bigger file.',
  TARGET_IMMUTABLE: 'After a target is added it cannot be deleted or changed.',
  RATE_LIMITED: 'Too many attempts. Please wait a moment and try again.',
  UNAVAILABLE: 'The service is temporarily unavailable. Please try again shortly.',
  WEBHOOK_URL_REFUSED:
    'This address cannot receive webhooks: use an https URL that reaches a public address.',
  INTERNAL: 'Something went wrong on our side. Please try again.',
  PRODUCT_UNAVAILABLE: 'This product cannot be bought this way right now.',
  SELL_TYPE_NOT_ALLOWED: 'You cannot pay this way (cash or credit).',
  BASKET_LIMIT: 'The basket cannot hold more lines or a larger quantity.',
  NO_EXCHANGE_RATE:
    'No bank exchange rate is set yet, so AZN amounts cannot be shown. Please contact an administrator.',
  PRIZE_NOT_CLAIMABLE: 'This prize cannot be claimed now.',
  IN_USE: 'This record is still in use and cannot be deleted.',
  PRICE_CHANGED:
    'Prices or your basket changed since you opened the review. Nothing was ordered: check the new review and confirm it.',
  AMOUNT_CHANGED:
    "The bank's rate changed since you opened the order, so the amount to receive changed. Nothing was confirmed: check the new amount and confirm again.",
  BASKET_CHANGED:
    'Your basket changed at the same moment, so nothing was done. Look at the basket and try again.',
  BASKET_EMPTY: 'Your basket is empty: there is nothing to order.',
  // spec 5 writes it out (specMessages.creditLimitExceeded; the test holds them equal)
  CREDIT_LIMIT: 'Impossible to place order. Order value is greater than remaining credit limit.',
  INVALID_STATE:
    'The order has changed in the meantime and this is no longer possible. Reload it and try again.',
  RETURN_WINDOW_CLOSED: 'The period for returning this product has ended.',
  RETURN_POINTS_SPENT:
    'This return would take back {{points_needed}} points of event «{{event_title}}» that were already spent on prizes; cancel the prize claim first.',
  ADOBE_UNAVAILABLE: 'Adobe is not answering right now. Please try again in a few minutes.',
  ADOBE_REJECTED: 'Adobe refused the request.',
  PRICE_BELOW_COST:
    'Your users cannot pay less than you pay for this product: the lowest price you can set is {{min_price}} USD.',
  DEALER_INACTIVE:
    "Your dealer's account is deactivated, so no order can be placed for it. Contact your dealer.",
  ADOBE_QUOTE_INVALID:
    'This Adobe price holds only for the quantity, customer and commitment it was quoted for, on the day it was quoted: remove the line and ask for a new price.',
  COMPANY_DETAILS_MISSING:
    "The seller's details are not entered yet, so no invoice can be made. A global admin enters them on Settings → Company.",
} as const satisfies Record<AppErrorCode, string>;

/** Words for a refusal whose data names a `reason`: its code's words are too general there. */
export const reasons = {
  api_key_invalid:
    'This API key is not valid: it is unknown, revoked or expired, or its dealer account is deactivated.',
} as const satisfies Record<AppErrorReason, string>;
