/**
 * A dealer's shop ordering licence keys from the ESD portal with an API key (docs/api.md).
 *
 * It lists products, puts one in the basket, reviews the order and places it bound to that
 * review with an idempotency key, waits for the signed `order.completed` webhook on its own
 * HTTP receiver (verified with `standardwebhooks`), then fetches the order's keys.
 *
 *   npx tsx examples/dealer-shop.ts
 *
 * Environment:
 *   ESD_BASE_URL        the portal, e.g. http://localhost:3000
 *   ESD_API_KEY         a key of Settings → API keys with catalogue:read, basket:write, orders:read
 *   ESD_WEBHOOK_SECRET  the whsec_… secret of a Settings → Webhooks endpoint that takes
 *                       order.completed and points at this receiver (http://HOST:PORT/)
 *   ESD_WEBHOOK_PORT    the receiver's port (default 8787)
 *   ESD_WEBHOOK_HOST    the address it listens on (default 127.0.0.1)
 *   ESD_PRODUCT_SEARCH  which product to buy: the first one this search finds (default: the first)
 *   ESD_LANGUAGE        en, ru or az: the language of the portal's error messages (default en)
 *   ESD_MAX_TOTAL_USD   the most the shop will pay, with VAT (e.g. 150.00): if a price or the rate
 *                       changes between the review and placing, the new review is placed only
 *                       within it (default: only the review first seen)
 * A portal on your own machine refuses a loopback or plain-http webhook URL unless it runs with
 * WEBHOOK_ALLOW_PRIVATE=true; a real receiver has a public https address.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { createEsdClient, EsdApiError, type EsdLanguage, orThrow, type paths } from '@esd/client';
import { Webhook } from 'standardwebhooks';

/** A verified webhook: `id` is its `webhook-id`, the same on every attempt of one event. */
export type PortalEvent = {
  id: string;
  type: string;
  timestamp: string;
  data: { order_id?: number } & Record<string, unknown>;
};

/**
 * The shop's webhook receiver: answers 204 to a request whose signature verifies with the
 * endpoint's secret, 400 to any other (forged, altered, too old), and keeps each event once.
 */
export const startWebhookReceiver = async (options: {
  secret: string;
  port?: number;
  host?: string;
}) => {
  const webhook = new Webhook(options.secret);
  const events: PortalEvent[] = [];
  const waiters = new Set<() => void>();
  let rejected = 0;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // the portal's payloads are a few hundred bytes: refuse anything large unread
      if (size > 64 * 1024) request.destroy();
      else chunks.push(chunk);
    });
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        // the raw body as received: a parsed and re-serialised one would not verify
        const event = webhook.verify(body, {
          'webhook-id': String(request.headers['webhook-id']),
          'webhook-timestamp': String(request.headers['webhook-timestamp']),
          'webhook-signature': String(request.headers['webhook-signature']),
        }) as Omit<PortalEvent, 'id'>;
        const id = String(request.headers['webhook-id']);
        // delivery is at least once: the same event may come again
        if (!events.some((seen) => seen.id === id)) events.push({ id, ...event });
        for (const wake of waiters) wake();
        response.statusCode = 204;
      } catch {
        rejected += 1;
        response.statusCode = 400;
      }
      response.end();
    });
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 8787, options.host ?? '127.0.0.1', resolve),
  );
  const { address, port } = server.address() as AddressInfo;

  return {
    url: `http://${address}:${port}/`,
    events,
    rejected: () => rejected,
    /** the first verified event that matches, waiting for it up to `timeoutMs` */
    waitFor: (matches: (event: PortalEvent) => boolean, timeoutMs = 60_000) =>
      new Promise<PortalEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (!found) return;
          finish();
          resolve(found);
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching webhook within ${timeoutMs} ms`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/** sell type 2: on the dealer's credit, paid at once (1 is cash, paid later) */
const CREDIT = 2;
/** reviews the shop accepts before it gives up: prices moving under every one is no sale */
const MAX_REVIEWS = 3;

type Review =
  paths['/api/checkout']['get']['responses'][200]['content']['application/json']['data'];
type Placed = paths['/api/checkout']['post']['responses'][200]['content']['application/json'];

/** Money as exact cents: `"150.5"` → 15050n (the portal answers decimal strings, never floats). */
const cents = (amount: string): bigint => {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(amount.trim());
  if (!match) throw new Error(`Not an amount: ${amount}`);
  return BigInt(match[1] ?? '0') * 100n + BigInt((match[2] ?? '').padEnd(2, '0'));
};

/** Whether a new total is one the shop pays: within its limit; with none, never a new total. */
const withinLimit = (total: string, limit: string | undefined) =>
  limit !== undefined && cents(total) <= cents(limit);

/** Orders one licence of the first product found and returns the order and its keys. */
export const orderOneLicence = async (options: {
  baseUrl: string;
  apiKey: string;
  receiver: WebhookReceiver;
  search?: string;
  language?: EsdLanguage;
  /** your own order's reference: sending it again never places a second order */
  idempotencyKey?: string;
  /**
   * The most the shop pays, with VAT, as a decimal string (`"150.00"`). When a price or the rate
   * changed after the review, the portal refuses the order and answers the new review; the shop
   * places that one only if its total is within this. Unset: only the review first seen.
   */
  maxTotalUsd?: string;
  log?: (line: string) => void;
  /** the fetch the client uses (a proxy, a timeout, a test's interleaving) */
  fetch?: typeof fetch;
}) => {
  const log = options.log ?? (() => {});
  const esd = createEsdClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    ...(options.language ? { language: options.language } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  // 1. the catalogue at the dealer's prices
  const products = await orThrow(
    esd.GET('/api/products', {
      params: { query: { page: 1, perPage: 10, ...(options.search ? { q: options.search } : {}) } },
    }),
  );
  const product = products.data.items[0];
  if (!product) throw new Error('No product found to order.');
  log(`product ${product.id} ${product.sku}: ${product.FullTitle}, ${product.Amount} USD`);

  // 2. one licence into the basket, on credit
  await orThrow(
    esd.GET('/api/basket/add/{productId}/{quantity}/{sellType}', {
      params: { path: { productId: String(product.id), quantity: 1, sellType: '2' } },
    }),
  );

  // 3. the review: exactly what placing will charge, and its quote
  const review = await orThrow(
    esd.GET('/api/checkout', { params: { query: { sell_type: CREDIT } } }),
  );
  log(`review: ${review.data.total_usd_with_vat} USD with VAT, ${review.data.total_azn} AZN`);

  // 4. place it, bound to the review and idempotent: charged exactly that review, or refused
  //    with 409 PRICE_CHANGED and the new review, which is placed only within the shop's limit
  //    (a refusal writes nothing, so the same Idempotency-Key is sent again)
  const idempotencyKey = options.idempotencyKey ?? `shop-${randomUUID()}`;
  let confirmed: Review = review.data;
  let placed: Placed | undefined;
  for (let attempt = 1; !placed; attempt += 1) {
    const { data, error, response } = await esd.POST('/api/checkout', {
      body: { sell_type: CREDIT, quote: confirmed.quote },
      headers: { 'Idempotency-Key': idempotencyKey },
    });
    if (data) placed = data;
    else if (error.data.error !== 'PRICE_CHANGED' || attempt === MAX_REVIEWS) {
      throw new EsdApiError(response.status, error);
    } else {
      // PRICE_CHANGED carries the new review, shaped as GET /api/checkout answers it (docs/api.md)
      const changed = error.data.review as Review;
      log(`prices changed: the review now says ${changed.total_usd_with_vat} USD with VAT`);
      if (!withinLimit(changed.total_usd_with_vat, options.maxTotalUsd)) {
        const limit = options.maxTotalUsd
          ? `over the shop's limit of ${options.maxTotalUsd}`
          : `not the ${confirmed.total_usd_with_vat} reviewed, and the shop set no limit`;
        throw new Error(
          `The order now costs ${changed.total_usd_with_vat} USD with VAT, ${limit}: nothing was ordered.`,
        );
      }
      confirmed = changed;
    }
  }
  const orderId = placed.data.id;
  log(`order ${orderId} placed: ${placed.data.status}`);

  // 5. its keys are ready when the portal says so, signed
  const completed = await options.receiver.waitFor(
    (event) => event.type === 'order.completed' && event.data.order_id === orderId,
  );
  log(`webhook ${completed.id}: order ${orderId} completed`);

  // 6. the keys, with the API key (webhooks never carry them)
  const order = await orThrow(
    esd.GET('/api/orders/{id}', { params: { path: { id: String(orderId) } } }),
  );
  const keys = order.data.items.flatMap((item) =>
    item.keys.filter((key) => key.status === 'allocated').map((key) => key.key),
  );
  return { orderId, review: confirmed, order: order.data, completed, keys };
};

const main = async () => {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`Set ${name} (see the top of examples/dealer-shop.ts).`);
    return value;
  };
  const receiver = await startWebhookReceiver({
    secret: env('ESD_WEBHOOK_SECRET'),
    port: Number(process.env.ESD_WEBHOOK_PORT ?? 8787),
    host: process.env.ESD_WEBHOOK_HOST ?? '127.0.0.1',
  });
  console.log(`webhook receiver at ${receiver.url}`);
  try {
    const { orderId, keys } = await orderOneLicence({
      baseUrl: env('ESD_BASE_URL'),
      apiKey: env('ESD_API_KEY'),
      receiver,
      ...(process.env.ESD_PRODUCT_SEARCH ? { search: process.env.ESD_PRODUCT_SEARCH } : {}),
      ...(process.env.ESD_LANGUAGE ? { language: process.env.ESD_LANGUAGE as EsdLanguage } : {}),
      ...(process.env.ESD_MAX_TOTAL_USD ? { maxTotalUsd: process.env.ESD_MAX_TOTAL_USD } : {}),
      log: console.log,
    });
    console.log(`order ${orderId}: ${keys.length} key(s)\n${keys.join('\n')}`);
  } finally {
    await receiver.close();
  }
};

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
