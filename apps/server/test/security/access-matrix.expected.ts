import type { Role } from '@esd/shared/access/access.rules';
import type { ApiKeyScope } from '@esd/shared/api-keys/api-keys.schemas';

/**
 * Who may call each API route, written from the product specification (sections 1, 2, 6 and
 * 7; it is kept outside this repository) and, where the specification is silent, from
 * docs/architecture.md (its deviations from the specification). Deliberately NOT read
 * from the routes' own `config.access`: this table is the independent expectation the served
 * routes are compared with. `anyone`: no sign-in needed. `scoped`: the route reads or changes
 * records of one dealer or country, so access-matrix.test.ts also proves it with other
 * dealers' and countries' records.
 */
export type Expected = { who: 'anyone' | readonly Role[]; scoped?: true; apiScope?: ApiKeyScope };

const anyone: Expected = { who: 'anyone' };
/** spec 6 "public": all four roles (signed in) */
const everyRole: Expected = { who: ['gd', 'ld', 'd', 'u'] };
/** spec 6 "globalDistrict" */
const gd: Expected = { who: ['gd'] };
/** spec 6 "globalOrLocal" */
const gdLd: Expected = { who: ['gd', 'ld'] };
/** spec 6 "allWithoutUser" */
const notUser: Expected = { who: ['gd', 'ld', 'd'] };
/** spec 6 "dealerOrUser" */
const shopper: Expected = { who: ['d', 'u'] };
/** spec 6 "dealer" */
const dealer: Expected = { who: ['d'] };
const scoped = (expected: Expected): Expected => ({ ...expected, scoped: true });
/**
 * Issue 34: the one scope that opens the route to a dealer's API key (catalogue read, basket
 * and checkout, orders and keys read, Adobe). A route without one refuses every key: key
 * management, profile, passwords, second factors, settings and admin routes never take one.
 */
const key = (apiScope: ApiKeyScope, expected: Expected): Expected => ({ ...expected, apiScope });

/** The settings pages spec 2 gives to the global district only. */
const gdSettings = (resource: string, withGetOne: boolean, extra: string[] = []) => ({
  [`GET /api/settings/${resource}`]: gd,
  [`POST /api/settings/${resource}`]: gd,
  [`PUT /api/settings/${resource}/{id}`]: gd,
  [`DELETE /api/settings/${resource}/{id}`]: gd,
  ...(withGetOne ? { [`GET /api/settings/${resource}/{id}`]: gd } : {}),
  ...Object.fromEntries(extra.map((route) => [route, gd])),
});

export const expectedAccess: Record<string, Expected> = {
  // Liveness and readiness for a load balancer (ARCHITECTURE "Scale"); metrics for the
  // scraper's token or a global admin (README): without the token it is gd only.
  'GET /api/health': anyone,
  'GET /api/ready': anyone,
  'GET /api/metrics': gd,

  // spec 2 public layout (login, forgot-password, reset-password) and spec 7 auth calls;
  // spec 7 identity provider sign-in; spec 4: the profile poll and token refresh need a session.
  'POST /api/auth/login': anyone,
  'POST /api/auth/forgot-password': anyone,
  'POST /api/auth/reset-password': anyone,
  // issue 20: the reset-password page asks what its link is before showing the form
  'GET /api/auth/password-link': anyone,
  'POST /api/auth/oidc': anyone,
  'GET /api/auth/oidc/config': anyone,
  'GET /api/auth/user': everyRole,
  'GET /api/auth/refresh': everyRole,
  'POST /api/auth/logout': everyRole,
  // issue 32: the second step and the password-less passkey sign-in come before any session;
  // each account manages its own second factors
  'POST /api/auth/mfa/verify': anyone,
  'POST /api/auth/mfa/passkey-options': anyone,
  'POST /api/auth/passkey/options': anyone,
  'POST /api/auth/passkey': anyone,
  'GET /api/auth/mfa': everyRole,
  'POST /api/auth/mfa/totp/setup': everyRole,
  'POST /api/auth/mfa/totp/confirm': everyRole,
  'DELETE /api/auth/mfa/totp': everyRole,
  'POST /api/auth/mfa/passkeys/options': everyRole,
  'POST /api/auth/mfa/passkeys': everyRole,
  'DELETE /api/auth/mfa/passkeys/{id}': everyRole,
  'POST /api/auth/mfa/recovery-codes': everyRole,

  // spec 2: /pages/become-a-partner is a public layout page.
  'GET /api/partners/form-options': anyone,
  'POST /api/partners/applications': anyone,

  // Pictures under random names: an <img> sends no token (ARCHITECTURE: files on disk).
  'GET /api/files/avatars/{name}': anyone,
  'GET /api/files/products/{name}': anyone,
  'GET /api/files/prizes/{name}': anyone,
  'GET /api/files/news/{name}': anyone,
  'GET /api/files/events/{name}': anyone,

  // spec 2: /pages/profile for any role (change information and password, my prizes);
  // spec 9: the starred-pages list.
  'PUT /api/profile': everyRole,
  'POST /api/profile/password': everyRole,
  'POST /api/profile/photo': everyRole,
  'GET /api/profile/starred': everyRole,
  'PUT /api/profile/starred': everyRole,
  'GET /api/profile/prizes': scoped(everyRole),
  // issue 32: the account's own sign-ins, listed and ended by their owner only
  'GET /api/profile/sessions': scoped(everyRole),
  'DELETE /api/profile/sessions/{id}': scoped(everyRole),
  'POST /api/profile/sessions/end-others': everyRole,

  // spec 2: /pages/products and /pages/product/{id} for any role.
  'GET /api/products': key('catalogue:read', scoped(everyRole)),
  'GET /api/products/{id}': key('catalogue:read', everyRole),
  'GET /api/categories': key('catalogue:read', everyRole),

  // spec 1 and 6: only types 3 and 4 (d, u) see quantity and basket controls, so only they
  // fill a basket and check out (spec 7 basket calls).
  'GET /api/basket': key('basket:write', scoped(shopper)),
  'GET /api/basket/add/{productId}/{quantity}/{sellType}': key('basket:write', shopper),
  'GET /api/basket/remove/{itemId}': key('basket:write', scoped(shopper)),
  'GET /api/basket/remove/{itemId}/{count}': key('basket:write', scoped(shopper)),
  'POST /api/basket/sell-type/{sellType}': key('basket:write', shopper),
  'GET /api/checkout': key('basket:write', scoped(shopper)),
  // issue 33: "My credit", the caller's dealer's credit and the credit orders it may open
  'GET /api/credit': key('orders:read', scoped(shopper)),
  'POST /api/checkout': key('basket:write', shopper),

  // spec 1: type 3 (dealer) with an Adobe account buys Adobe products for its customers.
  'GET /api/getAdobeCustomerList': key('adobe', scoped(dealer)),
  'POST /api/adobe/customers': key('adobe', dealer),
  'POST /api/getAdobeProductPriceByCustomer': key('adobe', scoped(dealer)),
  'POST /api/basket/add/adobe': key('adobe', scoped(dealer)),
  // the dealer's own Adobe customers and their subscriptions at Adobe (the same account decides)
  'GET /api/adobe/customers': key('adobe', scoped(dealer)),
  'GET /api/adobe/customers/{id}/subscriptions': key('adobe', scoped(dealer)),

  // spec 2: /pages/orders for any role, with filters; spec 1: Excel/CSV export, sending keys
  // by e-mail. ARCHITECTURE: the buyer cancels while awaiting payment, an admin until a key
  // went out.
  'GET /api/orders': key('orders:read', scoped(everyRole)),
  'GET /api/orders/export': key('orders:read', scoped(everyRole)),
  'GET /api/orders/{id}': key('orders:read', scoped(everyRole)),
  // issue 20: "Download keys" of one order, for whoever sees the order's keys on its page
  'GET /api/orders/{id}/keys': key('orders:read', scoped(everyRole)),
  // issue 21: the order's invoice, seen exactly as the order is
  'GET /api/orders/{id}/invoice': key('orders:read', scoped(everyRole)),
  // issue 31: the order's documents of record (proforma, invoice, credit notes), as the order
  'GET /api/orders/{id}/documents': key('orders:read', scoped(everyRole)),
  'GET /api/orders/{id}/documents/{number}': key('orders:read', scoped(everyRole)),
  'POST /api/orders/{id}/cancel': scoped(everyRole),
  'POST /api/orders/{id}/send-keys': scoped(everyRole),
  // ARCHITECTURE: district admins confirm payments, settle credit, enter vendor keys, decide
  // returns and are alerted to late deliveries.
  'GET /api/orders/late-deliveries': scoped(gdLd),
  'POST /api/orders/{id}/confirm-payment': scoped(gdLd),
  'POST /api/orders/{id}/settle-credit': scoped(gdLd),
  'POST /api/orders/{id}/items/{itemId}/deliver': scoped(gdLd),
  // an Adobe item Adobe refused, taken off a paid order by its admins (issue 17's stuck order)
  'POST /api/orders/{id}/items/{itemId}/withdraw': scoped(gdLd),
  'POST /api/orders/{id}/returns/{returnId}/decide': scoped(gdLd),
  // spec 1: key activation and product returns, by the buyer or its dealer (ARCHITECTURE).
  'POST /api/orders/{id}/keys/{keyId}/activate': scoped(shopper),
  'POST /api/orders/{id}/items/{itemId}/return': scoped(shopper),
  // issue 21: "Order again" fills the basket, so only who may shop (spec 6), on orders it sees
  'POST /api/orders/{id}/reorder': scoped(shopper),

  // spec 2: /pages/events and /pages/events/{id} dealer or user; the prize page any role.
  // ARCHITECTURE: dealers earn points and win prizes, so a dealer claims.
  'GET /api/events': shopper,
  'GET /api/events/{id}': scoped(shopper),
  'GET /api/events/{eventId}/prizes/{prizeId}': scoped(everyRole),
  'POST /api/events/{eventId}/prizes/{prizeId}/claim': dealer,

  // spec 2: /pages/news, /pages/news/{id}, /pages/library for any role.
  'GET /api/news': everyRole,
  'GET /api/news/{id}': everyRole,
  'GET /api/library': everyRole,
  'GET /api/library/{id}/download': everyRole,

  // spec 2: weekly and distribution statistics global or local district; quarter and Adobe
  // statistics all except user (the top-5 block sits on the quarter page).
  'GET /api/statistics/weekly': scoped(gdLd),
  'GET /api/statistics/weekly/export': scoped(gdLd),
  'GET /api/statistics/distribution': scoped(gdLd),
  'GET /api/statistics/distribution/export': scoped(gdLd),
  'GET /api/statistics/quarter': scoped(notUser),
  'GET /api/statistics/quarter/export': scoped(notUser),
  'GET /api/statistics/top-products': scoped(notUser),
  'GET /api/statistics/adobe': scoped(notUser),
  'GET /api/statistics/adobe/export': scoped(notUser),

  // spec 2: /pages/settings/users all except user.
  'GET /api/settings/users': scoped(notUser),
  'GET /api/settings/users/options': scoped(notUser),
  'GET /api/settings/users/{id}': scoped(notUser),
  'POST /api/settings/users': scoped(notUser),
  'PATCH /api/settings/users/{id}': scoped(notUser),
  'POST /api/settings/users/{id}/activate': scoped(notUser),
  'POST /api/settings/users/{id}/deactivate': scoped(notUser),
  'POST /api/settings/users/{id}/reset-password': scoped(notUser),
  // issue 32: a lost device; global admins only
  'POST /api/settings/users/{id}/reset-second-factors': gd,

  // spec 2: /pages/settings/product and /pages/settings/groups dealer only.
  'GET /api/dealer/product-prices': scoped(dealer),
  'PUT /api/dealer/product-prices/{productId}': scoped(dealer),
  'DELETE /api/dealer/product-prices/{productId}': scoped(dealer),
  'GET /api/dealer/groups': scoped(dealer),
  'POST /api/dealer/groups': scoped(dealer),
  'PUT /api/dealer/groups/{id}': scoped(dealer),
  'DELETE /api/dealer/groups/{id}': scoped(dealer),
  'GET /api/dealer/users': scoped(dealer),
  // issue 34: a dealer's own API keys, managed signed in (never with a key)
  'GET /api/dealer/api-keys': scoped(dealer),
  'POST /api/dealer/api-keys': dealer,
  'POST /api/dealer/api-keys/{id}/revoke': scoped(dealer),
  // issue 34: a dealer's webhook endpoints, managed in its session like its other settings
  'GET /api/dealer/webhooks': scoped(dealer),
  'POST /api/dealer/webhooks': scoped(dealer),
  'PUT /api/dealer/webhooks/{id}': scoped(dealer),
  'DELETE /api/dealer/webhooks/{id}': scoped(dealer),
  'POST /api/dealer/webhooks/{id}/roll-secret': scoped(dealer),
  'POST /api/dealer/webhooks/{id}/enable': scoped(dealer),
  'POST /api/dealer/webhooks/{id}/ping': scoped(dealer),
  'GET /api/dealer/webhooks/{id}/deliveries': scoped(dealer),
  'POST /api/dealer/webhooks/{id}/deliveries/{deliveryId}/resend': scoped(dealer),

  // spec 2: countries, categories, products, news, prizes, won prizes, events, library,
  // markup, targets settings for the global district only.
  ...gdSettings('countries', false),
  ...gdSettings('categories', false),
  ...gdSettings('products', true, ['POST /api/settings/products/{id}/image']),
  ...gdSettings('news', true, [
    'POST /api/settings/news/{id}/image',
    'DELETE /api/settings/news/{id}/image',
  ]),
  ...gdSettings('prizes', true, ['POST /api/settings/prizes/{id}/image']),
  ...gdSettings('events', true, [
    'POST /api/settings/events/{id}/image',
    'POST /api/settings/events/{id}/award',
  ]),
  ...gdSettings('library', false),
  ...gdSettings('markup-groups', false),
  ...gdSettings('targets', false, [
    'GET /api/settings/targets/dealers',
    'PATCH /api/settings/targets/{id}',
  ]),
  'GET /api/settings/won-prizes': gd,
  'PATCH /api/settings/won-prizes/{id}': gd,

  // Not in the specification; ARCHITECTURE gives them to admins: the bank rate and VAT
  // ("set by admin"), the key pools ("imported by admins"), the return window, the local
  // mailbox ("a global admin can read"), partner applications ("a global admin approves").
  // As every admin settings page but users, they are the global district's; so is the
  // audit log of those settings.
  'GET /api/settings/exchange-rates': gd,
  // issue 21: whether today's rate is in, for the rates page's warning
  'GET /api/settings/exchange-rates/status': gd,
  'POST /api/settings/exchange-rates': gd,
  'POST /api/settings/exchange-rates/import': gd,
  'POST /api/settings/exchange-rates/import/preview': gd,
  'DELETE /api/settings/exchange-rates/{id}': gd,
  // issue 21: Settings → Company, the seller's details on invoices, as the other settings pages
  'GET /api/settings/company': gd,
  'PUT /api/settings/company': gd,
  'GET /api/settings/pricing': gd,
  'PUT /api/settings/pricing': gd,
  'GET /api/settings/orders': gd,
  'PUT /api/settings/orders': gd,
  'GET /api/keys/stock': gd,
  // issue 33: each product's low-stock threshold, edited on Key stock; an import's preview
  'PUT /api/keys/stock/{productId}': gd,
  'POST /api/keys/import/{productId}/preview': gd,
  'POST /api/keys/import/{productId}': gd,
  'GET /api/mailbox': gd,
  'GET /api/settings/partner-applications': gd,
  'GET /api/settings/partner-applications/{id}': gd,
  'POST /api/settings/partner-applications/{id}/approve': gd,
  'POST /api/settings/partner-applications/{id}/reject': gd,
  'GET /api/settings/audit-log': gd,
  'GET /api/settings/audit-log/filters': gd,
  // The dead-letter queue of background jobs (mail, key delivery): an operator's tool, kept
  // with the other admin settings.
  'GET /api/settings/jobs/failed': gd,
  'POST /api/settings/jobs/failed/{id}/retry': gd,

  // Issue 21: what waits for an admin (the navigation's badges), counted in its scope, and the
  // mails it gets about it: spec 1 gives district admins the orders and dealers of their area.
  'GET /api/notifications/waiting': scoped(gdLd),
  'GET /api/profile/notifications': gdLd,
  'PUT /api/profile/notifications': gdLd,
};
