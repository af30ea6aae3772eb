/**
 * Issue 17: the stateful model test of docs/invariants.md. fast-check draws random sequences of
 * real API calls (the routes the web uses) by random actors — the global admin, two dealers and
 * an end user — and after EVERY command checks, by SQL and through the API:
 *
 * - no answer was a 5xx;
 * - invariant 1: no order item's unit_usd is below its dealer's cost for the product (the cost
 *   at the time — the commands move it — from products.dealer_price and the dealer's markup
 *   group, as `dealerCost` computes it, and from the dealer's own /api/products/{id} Amount);
 * - invariant 2: each order's total_usd is the sum of its items' totals, each item's total_usd
 *   is unit × quantity and its total_azn the AZN unit (`toAzn` at the order's rate, VAT and
 *   surcharge) × quantity, the order's total_azn their sum;
 * - invariant 3: each dealer's open credit (the sum `sumUnpaidCredit` reads) is within its
 *   limit, and GET /api/checkout's credit.remaining is not negative;
 * - invariant 4: no order was placed while the buyer's dealer was inactive (every order in the
 *   database is one the model saw answered 200 while its dealer was active);
 * - invariant 6: the pricing settings and the rates stored are within bounds, and an
 *   out-of-range value is refused (400) while an in-range one is stored;
 * - invariant 8: available + allocated + revoked = imported for every product, each item holds
 *   exactly its delivered keys, no key is allocated twice;
 * - invariant 10: each order's money trail sums (USD) to what its status says it owes;
 * - nothing answered is lost: every shopper's basket is what the answers it got made it, also
 *   when two basket writes, or a write and a checkout, race (one serial order must explain it);
 * - invariant 2 as the buyer sees it: an order placed with a review's quote charges exactly that
 *   review, or is refused with PRICE_CHANGED and nothing written.
 *
 * Each `npm test` run must draw a credit refusal, a PRICE_CHANGED, a race with a checkout and a
 * cancel after payment, and mostly checkouts with lines: it fails when its generators drift
 * into doing nothing. 16 sequences of up to 50 commands; locally from a fixed seed, under CI from
 * the commit's (printed). FUZZ_SEED, FUZZ_RUNS and FUZZ_COMMANDS explore:
 *   FUZZ_RUNS=100 TEST_DATABASE_URL=… TEST_DB_KINDS=postgres npx vitest run --project server invariants.model
 */

import { execFileSync } from 'node:child_process';
import { standingOf } from '@esd/shared/adobe/adobe.rules';
import type { AdobeSubscription } from '@esd/shared/adobe/adobe.schemas';
import type { ProductInput } from '@esd/shared/catalogue/settings.schemas';
import {
  compareMoney,
  multiplyMoney,
  subtractMoney,
  sumMoney,
  toCents,
} from '@esd/shared/shop/money';
import { toAzn } from '@esd/shared/shop/pricing.rules';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addKeys, createProduct, prizeClaimBody, productInput } from '../../../test/fixtures';
import { bearer, createTestContext, dbKinds, type TestContext } from '../../../test/harness';
import { waitFor } from '../../../test/wait-for';
import { DEMO_PASSWORD } from '../../seed/seed';

/**
 * Locally a fixed seed; under CI one derived from the commit (printed with the results), so each
 * CI run explores new sequences and any failure replays with FUZZ_SEED. FUZZ_SEED and FUZZ_RUNS
 * override to explore.
 */
const commitSeed = () => {
  try {
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
    return Number.parseInt(head.slice(0, 8), 16) % 2_147_483_647;
  } catch {
    return undefined;
  }
};
const SEED = Number(
  process.env.FUZZ_SEED ?? (process.env.CI === 'true' ? commitSeed() : undefined) ?? 17_2026,
);
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const MAX_COMMANDS = Number(process.env.FUZZ_COMMANDS ?? 50);
/** points a unit of the event product earns, and what its two prizes need */
const POINTS_PER_UNIT = 20;
const PRIZE_POINTS = [20, 150] as const;
/**
 * up to 50 commands a run (~25 on average), ~0.03 s each alone; far more on a loaded machine
 * (PostgreSQL at a load average of 17 took over 300 s for 16 runs). A safety net for a hang,
 * not a speed check: 45 s a run.
 */
const TIMEOUT_MS = 60_000 + 45_000 * RUNS;

type Actor = 'gd' | 'dealer' | 'user' | 'dealer2';
const EMAIL: Record<Actor, string> = {
  gd: 'gd@example.com',
  dealer: 'dealer@example.com',
  user: 'user@example.com',
  dealer2: 'dealer2@example.com',
};
/** the dealer whose credit (and activity) an actor's checkout draws on */
const DEALER_OF: Record<Exclude<Actor, 'gd'>, 'dealer' | 'dealer2'> = {
  dealer: 'dealer',
  user: 'dealer',
  dealer2: 'dealer2',
};
type Shopper = keyof typeof DEALER_OF;
const SHOPPERS: Shopper[] = ['dealer', 'user', 'dealer2'];
/** the end user twice as often: its prices go through its dealer's own settings */
const shopperArb = fc.constantFrom<Shopper>('user', 'user', 'dealer', 'dealer2');

type OrderSeen = { id: number; buyer: Shopper; sellType: 1 | 2 };

/**
 * A basket as the model knows it: quantity by line, `product:sellType:lineKey` (the line key is
 * empty for key-stock lines, `adobe:<customer>:<0|1>` for an Adobe line).
 */
type Basket = Map<string, number>;
const lineOf = (productId: number, sellType: number, lineKey = '') =>
  `${productId}:${sellType}:${lineKey}`;
const partsOf = (line: string) => {
  const [productId, sellType, ...key] = line.split(':');
  return { productId: Number(productId), sellType: Number(sellType), lineKey: key.join(':') };
};
const addTo = (basket: Basket, line: string, quantity: number) =>
  basket.set(line, (basket.get(line) ?? 0) + quantity);
/** Spec 7 remove: `count` off a line; the line goes when nothing is left. */
const takeFrom = (basket: Basket, line: string, count: number) => {
  const left = (basket.get(line) ?? 0) - count;
  if (left > 0) basket.set(line, left);
  else basket.delete(line);
};
/** Every line to one way of paying; lines of one product and key meet in one. */
const movedTo = (basket: Basket, sellType: number): Basket => {
  const moved: Basket = new Map();
  for (const [line, quantity] of basket) {
    const { productId, lineKey } = partsOf(line);
    addTo(moved, lineOf(productId, sellType, lineKey), quantity);
  }
  return moved;
};
const linesPaidBy = (basket: Basket, sellType: number) =>
  [...basket].filter(([line]) => partsOf(line).sellType === sellType);
const basketText = (basket: Basket) => JSON.stringify([...basket].sort());

/** What the model knows of the world; everything else is read back from the app. */
type Model = {
  active: { dealer: boolean; dealer2: boolean };
  /** keys of each test product: what the model put in */
  imported: Map<number, number>;
  /** the orders this run placed, with who bought them */
  orders: Map<number, OrderSeen>;
  /** the last checkout's idempotency key of each buyer (a retry resends it) */
  lastKey: Map<Shopper, { key: string; sellType: 1 | 2; orderId: number | null }>;
  /** each shopper's basket: after every command it must equal the app's (nothing lost) */
  baskets: Record<Shopper, Basket>;
};

/** an answer's JSON, as tests read it (JSON.parse's type) */
type Json = ReturnType<typeof JSON.parse>;
type Response = { status: number; body: Json; text: string };
type DetailItem = { id: number; status: string; return_request: { id: number } | null };
type Detail = { status: string; items: DetailItem[] };

const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

describe.each(dbKinds)(
  '[invariants] model: random sequences of API calls keep every invariant on %s',
  (kind) => {
    let ctx: TestContext;
    const ids = {} as Record<Actor, number>;
    /** the products the commands buy, each with what each dealer pays for it (from its own card) */
    const productIds: number[] = [];
    /** the inputs the products were created with (the dealer-price command edits them) */
    const inputs = new Map<number, ProductInput>();
    const originals = new Map<number, ProductInput>();
    /** orders whose items were compared with their dealer's cost (right after their checkout) */
    const costChecked = new Set<number>();
    /** What a dealer pays for a product now, from its own card. */
    const dealerCostNow = async (dealer: 'dealer' | 'dealer2', productId: number) => {
      const card = await call(dealer, 'GET', `/api/products/${productId}`);
      if (card.status !== 200) throw new Error(`${dealer}'s card of ${productId}: ${card.text}`);
      return card.body.data.Amount as string;
    };
    /** the event whose product (productIds[0]) earns points, and its two prizes */
    let eventId = 0;
    const prizeIds: number[] = [];
    /** an Adobe product, the dealer's Adobe customers (dealer2 has no Adobe account) */
    let adobeId = 0;
    /** a product without keys (never imported): its orders wait, paid, until cancelled */
    let waitingId = 0;
    /** the dealer's first two Adobe customers: the portal's id and Adobe's */
    let adobeCustomers: { id: number; adobeId: string }[] = [];
    /** the dealers' markup group as seeded (the markup command edits its percent) */
    let markupGroup: { id: number; name: string; percent: string; categories: object[] };
    let baselineOrderId = 0;
    let keySeq = 0;
    let runSeq = 0;
    const tokens = new Map<Actor, string>();
    /** every 5xx any command got, with its request */
    const serverErrors: string[] = [];
    const stats = { runs: 0, commands: 0, requests: 0, checks: 0, assertions: 0 };
    const seen = new Map<string, number>();
    const saw = (what: string) => {
      seen.set(what, (seen.get(what) ?? 0) + 1);
    };
    /** every order a checkout answered 200 for (over all runs): invariant 4 */
    const placed = new Set<number>();
    /** orders whose AZN amounts are already checked (items never change after checkout) */
    const aznChecked = new Set<number>();

    const rowsOf = async <T>(query: ReturnType<typeof sql>) =>
      ((await ctx.db.execute(query)) as unknown as { rows: T[] }).rows;

    const inject = async (
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      headers: Record<string, string>,
      payload?: object | string,
    ): Promise<Response> => {
      stats.requests++;
      const response = await ctx.app.inject({
        method,
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      if (response.statusCode >= 500)
        serverErrors.push(`${method} ${url} → ${response.statusCode}: ${response.body}`);
      let body: Json = null;
      try {
        body = response.json();
      } catch {
        body = null;
      }
      return { status: response.statusCode, body, text: response.body };
    };

    /** Signs in through POST /api/auth/login; null when refused (a deactivated dealer). */
    const tokenOf = async (actor: Actor, fresh = false) => {
      if (!fresh && tokens.has(actor)) return tokens.get(actor)!;
      const answer = await inject(
        'POST',
        '/api/auth/login',
        {},
        { email: EMAIL[actor], password: DEMO_PASSWORD },
      );
      if (answer.status !== 200) {
        tokens.delete(actor);
        return null;
      }
      tokens.set(actor, answer.body.data.token as string);
      return tokens.get(actor)!;
    };

    /** One API call as an actor; a session ended by a deactivation signs in again (if it can). */
    const call = async (
      actor: Actor,
      method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
      url: string,
      payload?: object | string,
      headers: Record<string, string> = {},
    ): Promise<Response> => {
      for (let attempt = 0; ; attempt++) {
        const token = await tokenOf(actor, attempt > 0);
        if (!token) return { status: 401, body: null, text: 'login refused' };
        const answer = await inject(method, url, { ...bearer(token), ...headers }, payload);
        if (answer.status !== 401 || attempt > 0) return answer;
      }
    };

    beforeAll(async () => {
      ctx = await createTestContext(kind);
      for (const actor of Object.keys(EMAIL) as Actor[]) {
        const [row] = await rowsOf<{ id: number }>(
          sql`select id from users where email = ${EMAIL[actor]}`,
        );
        ids[actor] = row!.id;
      }
      // dealer2 is active and can buy on credit for the test
      await ctx.db.execute(
        sql`update users set is_active = true, credit_limit = greatest(credit_limit, 3000) where id = ${ids.dealer2}`,
      );
      // two stocked products: a round and an odd dealer price, in different categories
      for (const overrides of [
        { sku: `MODEL-A-${kind}`, dealer_price: '100.00' },
        { sku: `MODEL-B-${kind}`, dealer_price: '37.13', unit_price: '45.99', category_id: 2 },
      ]) {
        const input = productInput(overrides);
        const id = await createProduct(ctx, input);
        productIds.push(id);
        inputs.set(id, input);
        originals.set(id, input);
      }
      for (const productId of productIds) await addKeys(ctx, productId, 40, `MODEL-${kind}`);
      // a product never in stock: an order of it is paid and waits for keys (so it can be
      // cancelled after payment)
      waitingId = await createProduct(ctx, productInput({ sku: `MODEL-WAIT-${kind}` }));
      // invariant 5: the first product earns points in an event with a cheap and a dear prize
      const texts = (en: string) => ({ en, ru: `${en} (ru)`, az: `${en} (az)` });
      const event = await call('gd', 'POST', '/api/settings/events', {
        title: texts(`Model ${kind}`),
        description: texts('Points for the model test.'),
        starts_at: new Date(Date.now() - 3_600_000).toISOString(),
        ends_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        products: [{ product_id: productIds[0], points: POINTS_PER_UNIT }],
      });
      expect(event.status, event.text).toBe(200);
      eventId = event.body.data.id;
      for (const points_needed of PRIZE_POINTS) {
        const prize = await call('gd', 'POST', '/api/settings/prizes', {
          event_id: eventId,
          title: texts(`${points_needed} points`),
          description: texts(''),
          points_needed,
          rank: null,
          stock: 1000,
        });
        expect(prize.status, prize.text).toBe(200);
        prizeIds.push(prize.body.data.id);
      }
      const [adobe] = await rowsOf<{ id: number }>(
        sql`select id from products where provider_id = 3 and is_active order by id limit 1`,
      );
      adobeId = adobe!.id;
      const listed = await call('dealer', 'GET', '/api/getAdobeCustomerList');
      adobeCustomers = (listed.body.data as { id: number; customer: { customerId: string } }[])
        .slice(0, 2)
        .map((c) => ({ id: c.id, adobeId: c.customer.customerId }));
      expect(adobeCustomers.length).toBeGreaterThan(0);
      const [group] = await rowsOf<{ id: number; name: string; percent: string }>(sql`
        select mg.id, mg.name, mg.percent::text from users u
        join markup_groups mg on mg.id = u.markup_group_id where u.id = ${ids.dealer}`);
      const categories = await rowsOf<{ category_id: number; percent: string }>(sql`
        select category_id, percent::text from markup_group_categories
        where markup_group_id = ${group!.id} order by category_id`);
      markupGroup = { ...group!, categories };
      const [max] = await rowsOf<{ id: number }>(
        sql`select coalesce(max(id), 0)::int as id from orders`,
      );
      baselineOrderId = max!.id;
    }, 120_000);
    afterAll(async () => ctx?.close());

    /** The app's state back to a known start: every run starts from it. */
    const resetWorld = async (model: Model) => {
      // a run (or a shrunk replay of one) is judged by its own answers
      serverErrors.length = 0;
      // each run checks its own orders: those of an earlier (failed) run were reported there
      for (const id of placed) {
        costChecked.add(id);
        aznChecked.add(id);
      }
      const [max] = await rowsOf<{ id: number }>(
        sql`select coalesce(max(id), 0)::int as id from orders`,
      );
      baselineOrderId = max!.id;
      const dealers = [ids.dealer, ids.dealer2];
      await ctx.db.execute(
        sql`update users set is_active = true where id in (${ids.dealer}, ${ids.dealer2})`,
      );
      tokens.clear();
      await ctx.db.execute(
        sql`delete from basket_items where user_id in (${ids.dealer}, ${ids.user}, ${ids.dealer2})`,
      );
      await ctx.db.execute(
        sql`delete from dealer_product_prices where dealer_id in (${ids.dealer}, ${ids.dealer2})`,
      );
      // credit of earlier runs settled, so each run starts with the whole limit
      await ctx.db.execute(
        sql`update orders set credit_settled_at = now() where sell_type = 2 and credit_settled_at is null and dealer_id in (${dealers[0]}, ${dealers[1]})`,
      );
      const group = await call('gd', 'PUT', `/api/settings/markup-groups/${markupGroup.id}`, {
        name: markupGroup.name,
        percent: markupGroup.percent,
        categories: markupGroup.categories,
      });
      expect(group.status, group.text).toBe(200);
      const gd = await call('gd', 'PUT', '/api/settings/pricing', {
        vat_percent: '18.00',
        credit_surcharge_percent: '5.00',
      });
      expect(gd.status).toBe(200);
      const rate = await call('gd', 'POST', '/api/settings/exchange-rates', {
        date: today(),
        rate: '1.7000',
        reason: 'The model starts from a known rate.',
      });
      expect(rate.status).toBe(200);
      for (const productId of productIds) {
        const restored = await call(
          'gd',
          'PUT',
          `/api/settings/products/${productId}`,
          originals.get(productId)!,
        );
        expect(restored.status).toBe(200);
        inputs.set(productId, originals.get(productId)!);
        const [row] = await rowsOf<{ n: number }>(
          sql`select count(*)::int as n from licence_keys where product_id = ${productId}`,
        );
        model.imported.set(productId, row!.n);
      }
    };

    /** Each shopper's basket in the app, as the model keeps it. */
    const appBaskets = async (): Promise<Record<Shopper, Basket>> => {
      const rows = await rowsOf<{
        user_id: number;
        product_id: number;
        sell_type: number;
        line_key: string;
        quantity: number;
      }>(sql`select user_id, product_id, sell_type, line_key, quantity from basket_items
        where user_id in (${ids.dealer}, ${ids.user}, ${ids.dealer2})`);
      const baskets: Record<Shopper, Basket> = {
        dealer: new Map(),
        user: new Map(),
        dealer2: new Map(),
      };
      for (const row of rows) {
        const shopper = SHOPPERS.find((s) => ids[s] === row.user_id)!;
        baskets[shopper].set(lineOf(row.product_id, row.sell_type, row.line_key), row.quantity);
      }
      return baskets;
    };

    /** The model's name of a basket line of the app. */
    const modelLineOf = async (itemId: number) => {
      const [row] = await rowsOf<{ product_id: number; sell_type: number; line_key: string }>(
        sql`select product_id, sell_type, line_key from basket_items where id = ${itemId}`,
      );
      return row ? lineOf(row.product_id, row.sell_type, row.line_key) : '';
    };

    const pick = <T>(list: readonly T[], n: number) =>
      list.length ? list[n % list.length] : undefined;

    // ---------------------------------------------------------------- the invariant checks

    const checkInvariants = async (model: Model, step: string) => {
      stats.checks++;
      const assert = (ok: boolean, what: string, detail?: unknown) => {
        stats.assertions++;
        if (!ok) throw new Error(`${step}: ${what}${detail ? ` ${JSON.stringify(detail)}` : ''}`);
      };
      assert(serverErrors.length === 0, 'an answer was a 5xx', serverErrors);

      // invariant 1: never below cost, checked for each order right after its checkout (so at the
      // cost of the time), by SQL (dealerCost: dealer price + markup group percent, the
      // category's percent first) and against the dealer's own card
      const fresh = [...placed].filter((id) => !costChecked.has(id));
      const belowCost = await rowsOf<{ id: number; unit_usd: string; cost: string }>(sql`
        select i.id, i.unit_usd::text, c.cost::text from order_items i
        join orders o on o.id = i.order_id
        join products p on p.id = i.product_id
        join users d on d.id = o.dealer_id
        left join markup_groups mg on mg.id = d.markup_group_id
        left join markup_group_categories mgc
          on mgc.markup_group_id = d.markup_group_id and mgc.category_id = p.category_id
        cross join lateral (select round(p.dealer_price * (100 + coalesce(mgc.percent, mg.percent, 0)) / 100, 2) as cost) c
        where o.id in (${sql.join(
          [0, ...fresh].map((id) => sql`${id}`),
          sql`, `,
        )})
          and i.adobe is null and i.unit_usd < c.cost`);
      assert(
        belowCost.length === 0,
        'invariant 1: an item sold below its dealer’s cost',
        belowCost,
      );
      const items = await rowsOf<{
        order_id: number;
        dealer_id: number;
        product_id: number;
        adobe: boolean;
        quantity: number;
        unit_usd: string;
        total_usd: string;
        total_azn: string;
        rate: string;
        vat_percent: string;
        surcharge_percent: string;
        order_usd: string;
        order_azn: string;
      }>(sql`
        select i.order_id, o.dealer_id, i.product_id, i.quantity, i.adobe is not null as adobe, i.unit_usd::text, i.total_usd::text,
               i.total_azn::text, o.rate::text, o.vat_percent::text, o.surcharge_percent::text,
               o.total_usd::text as order_usd, o.total_azn::text as order_azn
        from order_items i join orders o on o.id = i.order_id
        where o.id > ${baselineOrderId} order by i.order_id, i.id`);
      for (const item of items) {
        // an Adobe item's cost is Adobe's quote, checked below
        if (costChecked.has(item.order_id) || item.adobe) continue;
        const dealer = item.dealer_id === ids.dealer ? 'dealer' : 'dealer2';
        const paid = await dealerCostNow(dealer, item.product_id);
        assert(
          compareMoney(item.unit_usd, paid) >= 0,
          `invariant 1: order ${item.order_id} charges ${item.unit_usd} for product ${item.product_id}, its dealer pays ${paid}`,
        );
      }
      for (const id of fresh) costChecked.add(id);

      // invariant 2: totals are unit × quantity, summed; AZN the AZN unit × quantity
      const byOrder = new Map<number, typeof items>();
      for (const item of items)
        byOrder.set(item.order_id, [...(byOrder.get(item.order_id) ?? []), item]);
      const orderTotals = await rowsOf<{
        id: number;
        total_usd: string;
        total_azn: string;
        n: number;
      }>(sql`
        select o.id, o.total_usd::text, o.total_azn::text,
          (select count(*)::int from order_items i where i.order_id = o.id) as n
        from orders o where o.id > ${baselineOrderId}`);
      for (const order of orderTotals) {
        const lines = byOrder.get(order.id) ?? [];
        assert(lines.length > 0, `order ${order.id} has no items`);
        assert(
          order.total_usd === sumMoney(lines.map((l) => l.total_usd)),
          `invariant 2: order ${order.id} total_usd ${order.total_usd} is not the sum of its items`,
          lines.map((l) => l.total_usd),
        );
        if (aznChecked.has(order.id)) continue;
        for (const line of lines) {
          assert(
            line.total_usd === multiplyMoney(line.unit_usd, line.quantity),
            `invariant 2: order ${order.id} item total_usd ${line.total_usd} ≠ ${line.unit_usd} × ${line.quantity}`,
          );
          const unitAzn = toAzn({
            usd: line.unit_usd,
            rate: line.rate,
            vatPercent: line.vat_percent,
            surchargePercent: line.surcharge_percent,
          });
          assert(
            line.total_azn === multiplyMoney(unitAzn, line.quantity),
            `invariant 2: order ${order.id} item total_azn ${line.total_azn} ≠ ${unitAzn} × ${line.quantity}`,
          );
        }
        assert(
          order.total_azn === sumMoney(lines.map((l) => l.total_azn)),
          `invariant 2: order ${order.id} total_azn ${order.total_azn} is not the sum of its items`,
        );
        aznChecked.add(order.id);
      }

      // invariant 2 for Adobe: an item is bought in the quantity and at the unit price Adobe
      // quoted (a three-year commitment for 10 licences or more, or any quantity of a customer
      // under its own commitment), and a basket line keeps the quantity of its quote
      const adobeItems = await rowsOf<{
        order_id: number;
        quantity: number;
        unit_usd: string;
        quoted_quantity: number;
        quoted_unit: string;
        three_year: boolean;
        customer_committed: boolean;
      }>(sql`
        select i.order_id, i.quantity, i.unit_usd::text, (i.adobe->>'quantity')::int as quoted_quantity,
          i.adobe->>'unit_usd' as quoted_unit, (i.adobe->>'three_year_commitment')::boolean as three_year,
          coalesce((i.adobe->>'customer_committed')::boolean, false) as customer_committed
        from order_items i where i.order_id > ${baselineOrderId} and i.adobe is not null`);
      for (const item of adobeItems)
        assert(
          item.quantity === item.quoted_quantity &&
            compareMoney(item.unit_usd, item.quoted_unit) === 0 &&
            (!item.three_year || item.quantity >= 10 || item.customer_committed),
          `invariant 2: order ${item.order_id} bought an Adobe item other than quoted`,
          item,
        );
      const [cutLines] = await rowsOf<{ n: number }>(sql`
        select count(*)::int as n from basket_items
        where adobe is not null and quantity <> (adobe->>'quantity')::int`);
      assert(cutLines!.n === 0, 'invariant 2: an Adobe basket line differs from its quote');

      // invariant 5: points never go negative, by SQL and as each dealer's event page shows them;
      // the net points are what the delivered event items of completed orders earned. One
      // statement reads them all (one snapshot): deliveries complete orders in the background.
      const standingsNow = () =>
        rowsOf<{ dealer_id: number; points: number; spent: number; earned: number }>(sql`
          select u.id as dealer_id,
            coalesce((select sum(points) from event_points where event_id = ${eventId} and dealer_id = u.id), 0)::int as points,
            coalesce((select sum(points_spent) from won_prizes where event_id = ${eventId} and dealer_id = u.id
              and source = 'claim' and status <> 'cancelled'), 0)::int as spent,
            coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
              join events e on e.id = ${eventId}
              where o.dealer_id = u.id and i.product_id = ${productIds[0]} and i.status = 'delivered'
                and o.status = 'completed' and o.created_at >= e.starts_at and o.created_at < e.ends_at), 0)::int
              * ${POINTS_PER_UNIT} as earned
          from users u where u.id in (${ids.dealer}, ${ids.dealer2}) order by u.id`);
      // the pages are compared with a state that did not move while they were read
      const { standings, pages } = await waitFor(
        async () => {
          const standings = await standingsNow();
          const pages = new Map<number, { points: number; balance: number }>();
          for (const row of standings) {
            const dealer = row.dealer_id === ids.dealer ? 'dealer' : 'dealer2';
            assert(
              row.points - row.spent >= 0,
              `invariant 5: ${dealer}'s balance is ${row.points - row.spent}`,
              row,
            );
            assert(
              row.points === row.earned,
              `invariant 5: ${dealer} holds ${row.points} points, its completed orders earned ${row.earned}`,
            );
            if (!model.active[dealer]) continue;
            const page = await call(dealer, 'GET', `/api/events/${eventId}`);
            assert(page.status === 200, `GET /api/events/${eventId} as ${dealer} → ${page.status}`);
            pages.set(row.dealer_id, page.body.data.me);
          }
          const again = await standingsNow();
          return { standings, pages, still: JSON.stringify(again) === JSON.stringify(standings) };
        },
        {
          until: (read) => read.still,
          message: `${step}: event standings that hold still while the pages are read`,
        },
      );
      for (const row of standings) {
        const me = pages.get(row.dealer_id);
        if (!me) continue;
        assert(
          me.balance === row.points - row.spent && me.points === row.points,
          `invariant 5: dealer ${row.dealer_id}'s event page shows ${JSON.stringify(me)}`,
          row,
        );
      }

      // invariant 3: open credit within the limit (the sum `sumUnpaidCredit` reads), and as
      // checkout shows it
      const credit = await rowsOf<{ id: number; limit: string; owed: string }>(sql`
        select u.id, u.credit_limit::text as limit,
          (select coalesce(sum(o.total_usd - o.refunded_usd), 0)::numeric(14, 2)::text from orders o
            where o.dealer_id = u.id and o.sell_type = 2 and o.credit_settled_at is null
              and o.status <> 'cancelled') as owed
        from users u where u.id in (${ids.dealer}, ${ids.dealer2})`);
      for (const row of credit) {
        assert(
          toCents(row.owed) <= toCents(row.limit) && toCents(row.owed) >= 0n,
          `invariant 3: dealer ${row.id} owes ${row.owed} on a limit of ${row.limit}`,
        );
      }
      for (const shopper of SHOPPERS) {
        if (!model.active[DEALER_OF[shopper]]) continue;
        const preview = await call(shopper, 'GET', '/api/checkout?sell_type=2');
        assert(
          preview.status === 200,
          `GET /api/checkout as ${shopper} → ${preview.status}`,
          preview.body,
        );
        const remaining = preview.body.data.credit?.remaining as string | undefined;
        assert(
          remaining !== undefined && !remaining.startsWith('-'),
          `invariant 3: ${shopper}'s checkout shows remaining credit ${remaining}`,
        );
        const row = credit.find((c) => c.id === ids[DEALER_OF[shopper]])!;
        assert(
          remaining === subtractMoney(row.limit, row.owed),
          `invariant 3: ${shopper}'s checkout shows ${remaining}, the ledger ${row.limit} − ${row.owed}`,
        );
      }

      // nothing answered is lost: every basket is what the answers said it became
      const app = await appBaskets();
      for (const shopper of SHOPPERS)
        assert(
          basketText(app[shopper]) === basketText(model.baskets[shopper]),
          `nothing lost: ${shopper}'s basket is ${basketText(app[shopper])}, its answers made ${basketText(model.baskets[shopper])}`,
        );

      // invariant 4: every order is one the model saw placed while its dealer was active
      const unknown = await rowsOf<{ id: number; buyer_id: number }>(
        sql`select id, buyer_id from orders where id > ${baselineOrderId} order by id`,
      );
      for (const order of unknown)
        assert(
          placed.has(order.id),
          `invariant 4: order ${order.id} placed but refused (or unseen)`,
          order,
        );

      // invariant 6: bounded settings, in the database and as the API reads them
      const [pricing] = await rowsOf<{
        value: { vat_percent: string; credit_surcharge_percent: string };
      }>(sql`select value from app_settings where key = 'pricing'`);
      const api = await call('gd', 'GET', '/api/settings/pricing');
      assert(api.status === 200, 'GET /api/settings/pricing');
      for (const settings of [pricing!.value, api.body.data]) {
        const vat = Number(settings.vat_percent);
        const surcharge = Number(settings.credit_surcharge_percent);
        assert(vat >= 0 && vat <= 50, `invariant 6: VAT ${settings.vat_percent}`);
        assert(
          surcharge >= 0 && surcharge <= 100,
          `invariant 6: surcharge ${settings.credit_surcharge_percent}`,
        );
      }
      const [rates] = await rowsOf<{ bad: number }>(
        sql`select count(*)::int as bad from exchange_rates where usd_azn < 0.0001 or usd_azn > 1000`,
      );
      assert(rates!.bad === 0, 'invariant 6: a stored rate is out of range');

      // invariant 8: keys add up, each item holds its delivered keys, none twice
      for (const productId of productIds) {
        const [keys] = await rowsOf<{
          available: number;
          allocated: number;
          revoked: number;
          other: number;
          delivered: number;
          wrong_items: number;
          unowned: number;
        }>(sql`
          select
            count(*) filter (where status = 'available')::int as available,
            count(*) filter (where status = 'allocated')::int as allocated,
            count(*) filter (where status = 'revoked')::int as revoked,
            count(*) filter (where status not in ('available', 'allocated', 'revoked'))::int as other,
            (select coalesce(sum(delivered), 0)::int from order_items where product_id = ${productId}) as delivered,
            (select count(*)::int from order_items i where i.product_id = ${productId}
              and (i.delivered > i.quantity
                or i.delivered <> (select count(*) from licence_keys k where k.order_item_id = i.id))) as wrong_items,
            count(*) filter (where status = 'allocated' and order_item_id is null)::int as unowned
          from licence_keys where product_id = ${productId}`);
        const imported = model.imported.get(productId)!;
        assert(
          keys!.available + keys!.allocated + keys!.revoked === imported && keys!.other === 0,
          `invariant 8: product ${productId} keys ≠ imported ${imported}`,
          keys,
        );
        assert(
          keys!.allocated + keys!.revoked === keys!.delivered,
          `invariant 8: product ${productId} keys out ≠ delivered`,
          keys,
        );
        assert(
          keys!.wrong_items === 0 && keys!.unowned === 0,
          `invariant 8: product ${productId}`,
          keys,
        );
      }
      const [twice] = await rowsOf<{ n: number }>(sql`
        select count(*)::int as n from (select key from licence_keys
          where status in ('allocated', 'revoked') group by product_id, key having count(*) > 1) d`);
      assert(twice!.n === 0, 'invariant 8: a key was handed out twice');

      // invariant 10: each order's money trail sums to what its state says it owes
      // (moneyOwed = owedByState of orders.rules.ts, in SQL)
      const unrecorded = await rowsOf<{ id: number; by_trail: string; by_state: string }>(sql`
        select o.id, by_trail::text, by_state::text from (
          select o.id,
            (case when o.status = 'cancelled' then 0 else o.total_usd - o.refunded_usd end)
              - coalesce(sum(m.amount_usd) filter (where m.kind in ('paid', 'settled')), 0)
              + coalesce(sum(m.amount_usd) filter (where m.kind = 'refunded'), 0) as by_trail,
            case
              when o.status = 'cancelled' then 0
              when o.sell_type = 1 and o.status = 'pending' then o.total_usd - o.refunded_usd
              when o.sell_type = 2 and o.credit_settled_at is null then o.total_usd - o.refunded_usd
              else 0 end as by_state
          from orders o left join order_money_movements m on m.order_id = o.id
          where o.id > ${baselineOrderId}
          group by o.id) o
        where by_trail <> by_state`);
      assert(
        unrecorded.length === 0,
        'invariant 10: an order’s money trail does not sum to what it owes',
        unrecorded,
      );
    };

    // ---------------------------------------------------------------- the commands

    type Cmd = fc.AsyncCommand<Model, object>;
    const command = (name: string, run: (model: Model) => Promise<void>): Cmd => ({
      check: () => true,
      run: async (model) => {
        stats.commands++;
        saw(name.split('(')[0]!);
        await run(model);
        await checkInvariants(model, `after ${name}`);
      },
      toString: () => name,
    });
    const expectStatus = (answer: Response, allowed: number[], what: string) => {
      if (!allowed.includes(answer.status))
        throw new Error(
          `${what}: answered ${answer.status}, expected ${allowed.join('/')}: ${answer.text.slice(0, 400)}`,
        );
    };

    /** an own price: below cost, at cost, above, absurd; or a markup, sane to absurd */
    const ownSettingArb = fc.oneof(
      fc.record({
        mode: fc.constant('price' as const),
        value: fc.constantFrom(
          'COST',
          'COST',
          'COST+0.01',
          '0.00',
          '0.01',
          '1.00',
          '38.98',
          '38.99',
          '104.99',
          '105.00',
          '120.00',
          '99999999.99',
          '-5.00',
          '1000000000000.00',
        ),
      }),
      fc.record({
        mode: fc.constant('markup' as const),
        value: fc.constantFrom(
          '0.00',
          '5.00',
          '50.00',
          '1000.00',
          '1000.01',
          '999999.99',
          '-10.00',
          'abc',
        ),
      }),
    );
    const ownPriceCmd = ([dealer, p, setting, remove]: [
      'dealer' | 'dealer2',
      number,
      { mode: 'price' | 'markup'; value: string },
      boolean,
    ]) =>
      command(
        `ownPrice(${dealer}, product ${p}, ${remove ? 'delete' : JSON.stringify(setting)})`,
        async (model) => {
          const productId = productIds[p]!;
          if (remove) {
            const answer = await call(dealer, 'DELETE', `/api/dealer/product-prices/${productId}`);
            expectStatus(answer, model.active[dealer] ? [200, 404] : [401], 'delete own price');
            return;
          }
          // COST: exactly what the dealer pays now (a later rise of the cost leaves it below)
          const paid = model.active[dealer] ? await dealerCostNow(dealer, productId) : '0.00';
          const value =
            setting.value === 'COST'
              ? paid
              : setting.value === 'COST+0.01'
                ? sumMoney([paid, '0.01'])
                : setting.value;
          const answer = await call(dealer, 'PUT', `/api/dealer/product-prices/${productId}`, {
            mode: setting.mode,
            value,
          });
          if (!model.active[dealer]) return expectStatus(answer, [401], 'own price while inactive');
          const valid =
            setting.mode === 'price'
              ? /^\d{1,12}\.\d{2}$/.test(value)
              : /^\d+\.\d{2}$/.test(value) && Number(value) <= 1000;
          if (!valid) return expectStatus(answer, [400], 'an out-of-range own setting');
          if (setting.mode === 'price' && compareMoney(value, paid) < 0) {
            expectStatus(answer, [422], 'an own price below cost');
            if (answer.body.data?.min_price !== paid)
              throw new Error(
                `PRICE_BELOW_COST names ${answer.body.data?.min_price}, the cost is ${paid}`,
              );
            saw('ownPrice refused below cost');
            return;
          }
          expectStatus(answer, [200], 'an allowed own setting');
        },
      );
    const setOwnPrice = fc
      .tuple(
        fc.constantFrom('dealer' as const, 'dealer' as const, 'dealer2' as const),
        fc.nat(1),
        ownSettingArb,
        fc.boolean(),
      )
      .map(ownPriceCmd);

    /** the distributor's price moves: every dealer's cost with it (own prices stay stored) */
    const dealerPriceCmd = ([p, value]: [number, string]) =>
      command(`dealerPrice(product ${p}, ${value})`, async () => {
        const productId = productIds[p]!;
        const input = { ...inputs.get(productId)!, dealer_price: value };
        const answer = await call('gd', 'PUT', `/api/settings/products/${productId}`, input);
        expectStatus(answer, [200, 400, 422], 'product dealer price');
        if (answer.status === 200) inputs.set(productId, input);
      });
    const setDealerPrice = fc
      .tuple(fc.nat(1), fc.constantFrom('20.00', '37.13', '100.00', '104.99', '150.00', '999.99'))
      .map(dealerPriceCmd);

    const setPricing = fc
      .tuple(
        fc.constantFrom('0.00', '18.00', '50.00', '50.01', '150.00', '-1.00'),
        fc.constantFrom('0.00', '5.00', '100.00', '100.01', '250.00', '-3.00'),
      )
      .map(([vat, surcharge]) =>
        command(`pricing(VAT ${vat}, surcharge ${surcharge})`, async () => {
          const answer = await call('gd', 'PUT', '/api/settings/pricing', {
            vat_percent: vat,
            credit_surcharge_percent: surcharge,
          });
          const inRange = (v: string, max: number) => !v.startsWith('-') && Number(v) <= max;
          expectStatus(
            answer,
            inRange(vat, 50) && inRange(surcharge, 100) ? [200] : [400],
            'pricing',
          );
        }),
      );

    const setRate = fc
      .tuple(
        fc.constantFrom(0, 0, 1, 3),
        fc.constantFrom(
          '1.7000',
          '0.0001',
          '1000.0000',
          '2.5',
          '0.0000',
          '1000.0001',
          '0.00001',
          '-1.7',
        ),
      )
      .map(([ago, rate]) =>
        command(`rate(${rate}, ${ago} days ago)`, async () => {
          const answer = await call('gd', 'POST', '/api/settings/exchange-rates', {
            date: daysAgo(ago),
            rate,
            // a stored day's rate changes only with a reason (issue 31)
            reason: 'The bank corrected the rate of the day.',
          });
          const valid =
            /^\d{1,4}(\.\d{1,4})?$/.test(rate) && Number(rate) >= 0.0001 && Number(rate) <= 1000;
          expectStatus(answer, valid ? [200] : [400], 'exchange rate');
        }),
      );

    const addCmd = ([who, p, quantity, sellType]: [Shopper, number, number, 1 | 2]) =>
      command(`add(${who}, product ${p}, ${quantity}, sell type ${sellType})`, async (model) => {
        const answer = await call(
          who,
          'GET',
          `/api/basket/add/${productIds[p]}/${quantity}/${sellType}`,
        );
        const dealerInactive = !model.active[DEALER_OF[who]];
        expectStatus(answer, who === 'user' || !dealerInactive ? [200, 422] : [401], 'basket add');
        if (answer.status === 200)
          addTo(model.baskets[who], lineOf(productIds[p]!, sellType), quantity);
      });
    const addLine = fc
      .tuple(
        shopperArb,
        fc.nat(1),
        fc.constantFrom(1, 1, 2, 3, 7, 40, 60),
        fc.constantFrom(1 as const, 2 as const),
      )
      .map(addCmd);

    const removeSome = fc
      .tuple(shopperArb, fc.nat(), fc.constantFrom(1, 2, 5, 100))
      .map(([who, n, count]) =>
        command(`remove(${who}, line #${n}, ${count})`, async (model) => {
          const basket = await call(who, 'GET', '/api/basket');
          if (basket.status !== 200) return;
          const line = pick(
            basket.body.data.products as { id: number; quantity: number; adobe: object | null }[],
            n,
          );
          if (!line) return;
          const modelLine = await modelLineOf(line.id);
          const answer = await call(who, 'GET', `/api/basket/remove/${line.id}/${count}`);
          // an Adobe line goes whole or not at all: its quote is for its quantity
          if (line.adobe && count < line.quantity) {
            expectStatus(answer, [422], 'an Adobe line cut');
            if (answer.body.data?.error !== 'ADOBE_QUOTE_INVALID')
              throw new Error(`an Adobe line cut answered ${answer.text}`);
            saw('Adobe cut refused');
            return;
          }
          expectStatus(answer, [200], 'basket remove');
          takeFrom(model.baskets[who], modelLine, count);
        }),
      );

    const moveSellType = fc
      .tuple(shopperArb, fc.constantFrom(1 as const, 2 as const))
      .map(([who, sellType]) =>
        command(`sellType(${who}, ${sellType})`, async (model) => {
          const answer = await call(who, 'POST', `/api/basket/sell-type/${sellType}`, {});
          if (who !== 'user' && !model.active[DEALER_OF[who]])
            return expectStatus(answer, [401], 'sell type');
          // two Adobe quotes of one customer, or a line over its limit, cannot be merged
          expectStatus(answer, [200, 422], 'sell type');
          if (answer.status === 200) model.baskets[who] = movedTo(model.baskets[who], sellType);
          else saw(`sellType refused: ${answer.body?.data?.error}`);
        }),
      );

    /** Checkout arguments: buyer, way of paying, a retry with the last key, with the review's quote. */
    type CheckoutArgs = [Shopper, 1 | 2, boolean, boolean?];
    const checkoutCmd = (args: CheckoutArgs) =>
      command(
        `checkout(${args[0]}, sell type ${args[1]}${args[2] ? ', retried' : ''}${args[3] === false ? ', no quote' : ''})`,
        async (model) => {
          const [who, sellType, retry, quote] = withLines(model, args);
          // an empty basket everywhere: a line first, but one in eight stays an empty checkout
          if (!retry && !linesPaidBy(model.baskets[who], sellType).length && keySeq % 8 !== 0)
            await ensureLine(model, who, sellType, productIds[keySeq % 2]!);
          await checkoutRun(model, [who, sellType, retry, quote]);
        },
      );
    /**
     * Most checkouts buy something: a checkout drawn on an empty basket goes to a shopper (this
     * one first) and way of paying that has lines, when there is one.
     */
    const withLines = (model: Model, args: CheckoutArgs): CheckoutArgs => {
      const [who, sellType, retry, quote] = args;
      if (retry || linesPaidBy(model.baskets[who], sellType).length > 0) return args;
      for (const shopper of [who, ...SHOPPERS])
        for (const type of [sellType, sellType === 1 ? 2 : 1] as const)
          if (model.active[DEALER_OF[shopper]] && linesPaidBy(model.baskets[shopper], type).length)
            return [shopper, type, false, quote];
      return args;
    };
    /** Invariant 2: the order charges what the review showed, line by line and in its totals. */
    const expectCharged = (shown: Json, charged: Json, what: string) => {
      const totals = (o: Json) =>
        [o.total_usd, o.total_azn, o.rate, o.vat_percent, o.surcharge_percent].join(' ');
      const lines = (list: Json[]) =>
        list.map((l: Json) => [l.sku, l.quantity, l.unit_usd, l.total_usd, l.total_azn].join(' '));
      const a = { totals: totals(shown), lines: lines(shown.lines) };
      const b = { totals: totals(charged), lines: lines(charged.items) };
      if (JSON.stringify(a) !== JSON.stringify(b))
        throw new Error(
          `invariant 2 (${what}): the review showed ${JSON.stringify(a)}, the order charged ${JSON.stringify(b)}`,
        );
    };
    /** A placed order: the model's, and the basket lines of its way of paying are gone. */
    const orderPlaced = (model: Model, who: Shopper, sellType: 1 | 2, id: number) => {
      model.orders.set(id, { id, buyer: who, sellType });
      placed.add(id);
      for (const [line] of linesPaidBy(model.baskets[who], sellType))
        model.baskets[who].delete(line);
      saw(sellType === 2 ? 'credit order' : 'cash order');
    };
    const orderCount = async () =>
      (await rowsOf<{ n: number }>(sql`select count(*)::int as n from orders`))[0]!.n;

    const checkoutRun = async (
      model: Model,
      [who, sellType, retry, withQuote = true]: CheckoutArgs,
    ) => {
      const last = model.lastKey.get(who);
      const key = retry && last ? last.key : `model-${kind}-${runSeq}-${++keySeq}`;
      const type = retry && last ? last.sellType : sellType;
      // invariant 2: what checkout shows is what it charges (a replayed answer aside)
      const replay = retry && last?.orderId;
      const quoted = replay ? null : await call(who, 'GET', `/api/checkout?sell_type=${type}`);
      const quote = withQuote && quoted?.status === 200 ? quoted.body.data.quote : undefined;
      const answer = await call(
        who,
        'POST',
        '/api/checkout',
        { sell_type: type, ...(quote ? { quote } : {}) },
        { 'idempotency-key': key },
      );
      const dealerActive = model.active[DEALER_OF[who]];
      if (answer.status === 200) {
        const id = answer.body.data.id as number;
        // a retry answers the order its key placed before (the Stripe model), even once the
        // dealer is inactive: no order is placed, so invariant 4 holds
        if (replay && last?.orderId === id) {
          saw('checkout replayed');
          return;
        }
        if (!dealerActive)
          throw new Error(`invariant 4: order ${id} placed while ${who}'s dealer is inactive`);
        if (retry && last?.orderId && last.orderId !== id)
          throw new Error(`a retried checkout made order ${id}, the first made ${last.orderId}`);
        // nothing moved between the review and the order here, quote or not
        if (quoted?.status === 200)
          expectCharged(quoted.body.data, answer.body.data, quote ? 'with its quote' : 'no quote');
        orderPlaced(model, who, type, id);
        model.lastKey.set(who, { key, sellType: type, orderId: id });
        return;
      }
      if (!retry || !last) model.lastKey.set(who, { key, sellType: type, orderId: null });
      if (!dealerActive) {
        expectStatus(
          answer,
          who === 'user' ? [403] : [401],
          'checkout while the dealer is inactive',
        );
        saw('checkout refused: inactive');
        return;
      }
      expectStatus(answer, [422, 409], 'checkout');
      const error = answer.body?.data?.error ?? answer.status;
      // nothing changed between this review and its order: a refusal as changed would be false
      if (error === 'PRICE_CHANGED')
        throw new Error(`a review nothing changed was refused: ${answer.text.slice(0, 600)}`);
      saw(`checkout refused: ${error}`);
    };
    const checkout = fc
      .tuple(
        shopperArb,
        fc.constantFrom(1 as const, 2 as const),
        fc.constantFrom(false, false, false, true),
        fc.constantFrom(true, true, true, false),
      )
      .map(checkoutCmd);

    /** a model order, its state read back from the app */
    const orderDetail = async (model: Model, n: number, filter: (o: Detail) => boolean) => {
      const all = [...model.orders.values()];
      for (let i = 0; i < all.length; i++) {
        const order = all[(n + i) % all.length]!;
        const detail = await call('gd', 'GET', `/api/orders/${order.id}`);
        if (detail.status === 200 && filter(detail.body.data))
          return { order, detail: detail.body.data };
      }
      return undefined;
    };

    const confirmPayment = fc.nat().map((n) =>
      command(`confirm(#${n})`, async (model) => {
        const found = await orderDetail(model, n, (o) => o.status === 'pending');
        if (!found) return;
        const answer = await call(
          'gd',
          'POST',
          `/api/orders/${found.order.id}/confirm-payment`,
          {},
        );
        expectStatus(answer, [200], 'confirm payment');
      }),
    );

    const cancel = fc.tuple(fc.nat(), fc.boolean()).map(([n, byBuyer]) =>
      command(`cancel(#${n}${byBuyer ? ', by its buyer' : ''})`, async (model) => {
        const found = await orderDetail(model, n, (o) => o.status !== 'cancelled');
        if (!found) return;
        const who = byBuyer ? found.order.buyer : 'gd';
        const answer = await call(who, 'POST', `/api/orders/${found.order.id}/cancel`, {});
        expectStatus(answer, [200, 401, 403, 409], 'cancel');
        saw(answer.status === 200 ? 'cancelled' : `cancel refused ${answer.status}`);
      }),
    );

    const returnItem = fc.nat().map((n) =>
      command(`return(#${n})`, async (model) => {
        const found = await orderDetail(model, n, (o) =>
          o.items.some((i: DetailItem) => i.status === 'delivered' && !i.return_request),
        );
        if (!found) return;
        const item = found.detail.items.find(
          (i: DetailItem) => i.status === 'delivered' && !i.return_request,
        );
        const asked = await call(
          found.order.buyer,
          'POST',
          `/api/orders/${found.order.id}/items/${item.id}/return`,
          {
            reason: 'model test',
          },
        );
        if (!model.active[DEALER_OF[found.order.buyer]] && found.order.buyer !== 'user')
          return expectStatus(asked, [401], 'return while inactive');
        expectStatus(asked, [200, 403, 409, 422], 'return request');
        if (asked.status !== 200) return;
        const request = (asked.body.data.items as DetailItem[]).find(
          (i) => i.id === item!.id,
        )?.return_request;
        if (!request)
          throw new Error(`the return of item ${item!.id} answered 200 without a request`);
        const decided = await call(
          'gd',
          'POST',
          `/api/orders/${found.order.id}/returns/${request.id}/decide`,
          {
            approve: true,
          },
        );
        expectStatus(decided, [200], 'approve return');
        saw('returned');
      }),
    );

    const setActive = fc
      .tuple(fc.constantFrom('dealer' as const, 'dealer2' as const), fc.boolean())
      .map(([dealer, active]) =>
        command(`${active ? 'activate' : 'deactivate'}(${dealer})`, async (model) => {
          const answer = await call(
            'gd',
            'POST',
            `/api/settings/users/${ids[dealer]}/${active ? 'activate' : 'deactivate'}`,
            {},
          );
          expectStatus(answer, [200], 'activate/deactivate');
          model.active[dealer] = active;
        }),
      );

    const importKeys = fc
      .tuple(fc.nat(1), fc.integer({ min: 1, max: 4 }), fc.boolean())
      .map(([p, n, repeat]) =>
        command(
          `import(product ${p}, ${n} keys${repeat ? ' + a repeated one' : ''})`,
          async (model) => {
            const productId = productIds[p]!;
            const keys = Array.from({ length: n }, () => `MODEL-${kind}-${runSeq}-${++keySeq}`);
            if (repeat) keys.push(keys[0]!);
            const boundary = 'model-boundary';
            const answer = await call(
              'gd',
              'POST',
              `/api/keys/import/${productId}`,
              `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="keys.csv"\r\nContent-Type: text/csv\r\n\r\n${keys.join('\n')}\n\r\n--${boundary}--\r\n`,
              { 'content-type': `multipart/form-data; boundary=${boundary}` },
            );
            expectStatus(answer, [200], 'key import');
            if (answer.body.data.added !== n)
              throw new Error(`imported ${answer.body.data.added} of ${n} new keys`);
            model.imported.set(productId, model.imported.get(productId)! + answer.body.data.added);
          },
        ),
      );

    /** an Adobe line: quantities around the volume levels, with or without a three-year commitment */
    const addAdobe = fc
      .tuple(
        fc.constantFrom('dealer' as const, 'dealer' as const, 'dealer2' as const),
        fc.nat(1),
        fc.constantFrom(1, 9, 10, 100),
        fc.constantFrom(0 as const, 1 as const),
        fc.constantFrom(1 as const, 2 as const),
      )
      .map(([dealer, c, quantity, commitment, sellType]) =>
        command(
          `addAdobe(${dealer}, customer ${c}, ${quantity}${commitment ? ', three years' : ''}, sell type ${sellType})`,
          async (model) => {
            const answer = await call(dealer, 'POST', '/api/basket/add/adobe', {
              product_id: adobeId,
              customer_id: adobeCustomers[c % adobeCustomers.length]!.id,
              quantity,
              treeYearCommitment: commitment,
              sell_type: sellType,
            });
            if (!model.active[dealer]) return expectStatus(answer, [401], 'Adobe add, inactive');
            // dealer2 has no Adobe account; a three-year commitment needs 10 licences
            if (dealer === 'dealer2') return expectStatus(answer, [403], 'Adobe add, no account');
            const { id: customer, adobeId: adobeCustomerId } =
              adobeCustomers[c % adobeCustomers.length]!;
            // a customer under its own three-year commitment buys any quantity under it (issue
            // 33, Adobe's rule); any other needs 10 licences for one
            const committed = async () => {
              const listed = await call(
                dealer,
                'GET',
                `/api/adobe/customers/${customer}/subscriptions`,
              );
              expect(listed.status, listed.text).toBe(200);
              return standingOf(listed.body.data as AdobeSubscription[]).committed;
            };
            if (commitment && quantity < 10 && answer.status === 400) {
              expect(
                await committed(),
                'a commitment under 10 refused for a committed customer',
              ).toBe(false);
              return saw('a three-year commitment under 10');
            }
            expectStatus(answer, [200, 422], 'Adobe add');
            saw(answer.status === 200 ? 'Adobe line' : 'Adobe add refused');
            // an Adobe line holds one priced request: asking again replaces it. Each customer has
            // its own line, and another under a three-year commitment: the one written carries the
            // commitment asked for (never dropped), or else the customer's own commitment if any
            if (answer.status === 200) {
              const lines = (
                answer.body.data.products as {
                  product_id: number;
                  sell_type: number;
                  quantity: number;
                  adobe: { customer_id: string; three_year_commitment: boolean } | null;
                }[]
              ).filter(
                (p) =>
                  p.product_id === adobeId &&
                  p.sell_type === sellType &&
                  p.adobe?.customer_id === adobeCustomerId,
              );
              const committedNow = commitment === 1 && quantity >= 10 ? false : await committed();
              if (commitment && quantity < 10) {
                expect(committedNow, 'a commitment under 10 without the customer’s own').toBe(true);
              }
              const applied = commitment === 1 || committedNow ? 1 : 0;
              const written = lines.find((p) => p.adobe!.three_year_commitment === (applied === 1));
              expect(
                written?.quantity,
                applied === commitment
                  ? 'the line asked for, at the quantity asked for'
                  : 'a commitment not asked for, from the customer’s own',
              ).toBe(quantity);
              if (applied !== commitment || (commitment && quantity < 10)) {
                saw("Adobe line under the customer's commitment");
              }
              model.baskets[dealer].set(
                lineOf(adobeId, sellType, `adobe:${customer}:${applied}`),
                quantity,
              );
            }
          },
        ),
      );

    /** a prize claimed with the event's points: granted exactly when the balance covers it */
    const claimPrize = fc
      .tuple(fc.constantFrom('dealer' as const, 'dealer2' as const), fc.nat(1))
      .map(([dealer, which]) =>
        command(`claim(${dealer}, ${PRIZE_POINTS[which]} points)`, async (model) => {
          const page = await call(dealer, 'GET', `/api/events/${eventId}`);
          const answer = await call(
            dealer,
            'POST',
            `/api/events/${eventId}/prizes/${prizeIds[which]}/claim`,
            prizeClaimBody,
          );
          if (!model.active[dealer]) return expectStatus(answer, [401], 'claim while inactive');
          const balance = page.body.data.me.balance as number;
          if (answer.status === 200) {
            if (balance < PRIZE_POINTS[which]!)
              throw new Error(
                `invariant 5: a ${PRIZE_POINTS[which]}-point prize granted on ${balance}`,
              );
            saw('prize claimed');
            return;
          }
          expectStatus(answer, [409, 422], 'claim');
          const reason = answer.body.data?.reason as string;
          if (reason === 'not_enough_points' && balance >= PRIZE_POINTS[which]!)
            throw new Error(`a claim of ${PRIZE_POINTS[which]} points refused on ${balance}`);
          saw(`claim refused: ${reason}`);
        }),
      );

    /** an admin cancels a pending claim: its points come back */
    const cancelClaim = fc.nat().map((n) =>
      command(`cancelClaim(#${n})`, async () => {
        const claims = await rowsOf<{ id: number }>(sql`
          select id from won_prizes where event_id = ${eventId} and source = 'claim'
            and status = 'pending' order by id`);
        const claim = pick(claims, n);
        if (!claim) return;
        const answer = await call('gd', 'PATCH', `/api/settings/won-prizes/${claim.id}`, {
          status: 'cancelled',
          note: 'model test',
        });
        expectStatus(answer, [200], 'cancel a claim');
        saw('claim cancelled');
      }),
    );

    /** the dealers' markup group moves (their cost with it): in range and out */
    const setMarkupGroup = fc
      .constantFrom('0.00', '1.50', '12.50', '1000.00', '1000.01', '-1.00')
      .map((percent) =>
        command(`markupGroup(${percent})`, async () => {
          const answer = await call('gd', 'PUT', `/api/settings/markup-groups/${markupGroup.id}`, {
            name: markupGroup.name,
            percent,
            categories: markupGroup.categories,
          });
          const inRange = !percent.startsWith('-') && Number(percent) <= 1000;
          expectStatus(answer, inRange ? [200] : [400], 'markup group');
        }),
      );

    /** two buyers of one dealer check out on its credit at the same moment (invariant 3) */
    const raceCheckout = fc.constantFrom(1 as const, 2 as const).map((sellType) =>
      command(`race(user and dealer, sell type ${sellType})`, async (model) => {
        await Promise.all([
          checkoutRun(model, ['user', sellType, false]),
          checkoutRun(model, ['dealer', sellType, false]),
        ]);
      }),
    );

    /** A line of `productId` for this shopper's way of paying, when its basket has none yet. */
    const ensureLine = async (model: Model, who: Shopper, sellType: 1 | 2, productId: number) => {
      if (linesPaidBy(model.baskets[who], sellType).length > 0) return true;
      const added = await call(who, 'GET', `/api/basket/add/${productId}/1/${sellType}`);
      if (added.status !== 200) return false;
      addTo(model.baskets[who], lineOf(productId, sellType), 1);
      return true;
    };

    type Change = 'none' | 'rate' | 'vat' | 'dealerPrice' | 'ownPrice' | 'markup';
    /** Something the buyer's review covers changes behind its back (or nothing does). */
    const changeBehind = async (change: Change, review: Json) => {
      const productId = productIds.find((id) =>
        (review.lines as Json[]).some((l: Json) => l.product_id === id),
      );
      switch (change) {
        case 'none':
          return;
        case 'rate': {
          const rate = review.rate === '1.7000' ? '1.7123' : '1.7000';
          const answer = await call('gd', 'POST', '/api/settings/exchange-rates', {
            date: today(),
            rate,
            reason: 'The bank corrected the rate of the day.',
          });
          return expectStatus(answer, [200], 'rate');
        }
        case 'vat': {
          const vat = review.vat_percent === '18.00' ? '20.00' : '18.00';
          const now = await call('gd', 'GET', '/api/settings/pricing');
          const answer = await call('gd', 'PUT', '/api/settings/pricing', {
            vat_percent: vat,
            credit_surcharge_percent: now.body.data.credit_surcharge_percent,
          });
          return expectStatus(answer, [200], 'VAT');
        }
        case 'dealerPrice': {
          if (productId === undefined) return;
          const input = inputs.get(productId)!;
          const next = { ...input, dealer_price: sumMoney([input.dealer_price, '1.00']) };
          const answer = await call('gd', 'PUT', `/api/settings/products/${productId}`, next);
          expectStatus(answer, [200], 'dealer price');
          inputs.set(productId, next);
          return;
        }
        case 'ownPrice': {
          if (productId === undefined || !(await tokenOf('dealer'))) return;
          const answer = await call('dealer', 'PUT', `/api/dealer/product-prices/${productId}`, {
            mode: 'markup',
            value: `${10 + (keySeq % 40)}.00`,
          });
          return expectStatus(answer, [200, 401], 'own markup');
        }
        case 'markup': {
          const answer = await call('gd', 'PUT', `/api/settings/markup-groups/${markupGroup.id}`, {
            name: markupGroup.name,
            percent: `${keySeq % 30}.25`,
            categories: markupGroup.categories,
          });
          return expectStatus(answer, [200], 'markup group');
        }
      }
    };

    /**
     * Invariant 2 as the buyer sees it: the buyer opens the review, something it covers changes
     * (or nothing does), the buyer places the order with the review's quote. Charged exactly the
     * review, or refused with PRICE_CHANGED (the new review, nothing written) — and then
     * confirming the new review charges exactly that.
     */
    const reviewChangePlace = fc
      .tuple(
        shopperArb,
        fc.constantFrom(1 as const, 2 as const),
        fc.constantFrom<Change>('none', 'rate', 'vat', 'dealerPrice', 'ownPrice', 'markup'),
        fc.boolean(),
      )
      .map(([who, sellType, change, confirm]) =>
        command(
          `reviewChangePlace(${who}, sell type ${sellType}, ${change}${confirm ? ', confirmed again' : ''})`,
          async (model) => {
            if (!model.active[DEALER_OF[who]]) return;
            if (!(await ensureLine(model, who, sellType, productIds[keySeq % 2]!))) return;
            const review = await call(who, 'GET', `/api/checkout?sell_type=${sellType}`);
            expectStatus(review, [200], 'checkout review');
            await changeBehind(change, review.body.data);
            const before = await orderCount();
            const key = `model-${kind}-${runSeq}-${++keySeq}`;
            const place = (quote: string) =>
              call(
                who,
                'POST',
                '/api/checkout',
                { sell_type: sellType, quote },
                {
                  'idempotency-key': key,
                },
              );
            const answer = await place(review.body.data.quote);
            if (answer.status === 200) {
              expectCharged(review.body.data, answer.body.data, `review, ${change}, place`);
              orderPlaced(model, who, sellType, answer.body.data.id);
              return;
            }
            expectStatus(answer, [409, 422], 'place a review');
            if (answer.body.data.error !== 'PRICE_CHANGED') {
              saw(`checkout refused: ${answer.body.data.error}`);
              return;
            }
            saw('PRICE_CHANGED');
            if (change === 'none')
              throw new Error(`invariant 2: an unchanged review was refused: ${answer.text}`);
            const { review: now, changes } = answer.body.data;
            if (!changes?.length || now.quote === review.body.data.quote)
              throw new Error(`PRICE_CHANGED without a change: ${answer.text.slice(0, 600)}`);
            if ((await orderCount()) !== before)
              throw new Error('PRICE_CHANGED, yet an order was written');
            if (!confirm) return;
            const again = await place(now.quote);
            expectStatus(again, [200, 422], 'confirm the new review');
            if (again.status !== 200) return saw(`checkout refused: ${again.body.data.error}`);
            expectCharged(now, again.body.data, `the new review after ${change}, confirmed`);
            orderPlaced(model, who, sellType, again.body.data.id);
            saw('new review confirmed');
          },
        ),
      );

    /** A credit order over the remaining credit: refused with spec 5's message, nothing written. */
    const overCredit = shopperArb.map((who) =>
      command(`overCredit(${who})`, async (model) => {
        if (!model.active[DEALER_OF[who]]) return;
        const review = await call(who, 'GET', '/api/checkout?sell_type=2');
        expectStatus(review, [200], 'credit review');
        const remaining = toCents(review.body.data.credit.remaining as string);
        const unit = toCents(
          (await call(who, 'GET', `/api/products/${waitingId}`)).body.data.Amount as string,
        );
        const quantity = Number(remaining / unit) + 1;
        if (quantity > 1000) return saw('overCredit skipped: too cheap');
        const added = await call(who, 'GET', `/api/basket/add/${waitingId}/${quantity}/2`);
        expectStatus(added, [200], 'basket add over the credit');
        const line = lineOf(waitingId, 2);
        addTo(model.baskets[who], line, quantity);
        const quote = (await call(who, 'GET', '/api/checkout?sell_type=2')).body.data.quote;
        const before = await orderCount();
        const answer = await call(
          who,
          'POST',
          '/api/checkout',
          { sell_type: 2, quote },
          { 'idempotency-key': `model-${kind}-${runSeq}-${++keySeq}` },
        );
        expectStatus(answer, [422], 'a credit order over the remaining credit');
        if (answer.body.data.error !== 'CREDIT_LIMIT' || (await orderCount()) !== before)
          throw new Error(`invariant 3: over the credit answered ${answer.text.slice(0, 400)}`);
        saw('checkout refused: CREDIT_LIMIT');
        const item = (await call(who, 'GET', '/api/basket')).body.data.products.find(
          (p: Json) => p.product_id === waitingId && p.sell_type === 2,
        );
        const removed = await call(who, 'GET', `/api/basket/remove/${item.id}/${quantity}`);
        expectStatus(removed, [200], 'basket remove');
        takeFrom(model.baskets[who], line, quantity);
      }),
    );

    /**
     * A paid order whose keys are not out (a product never in stock) is cancelled by an admin:
     * a credit order straight away, a cash one once its payment is confirmed.
     */
    const paidThenCancelled = fc
      .tuple(shopperArb, fc.constantFrom(1 as const, 2 as const))
      .map(([drawn, drawnType]) =>
        command(`paidThenCancelled(${drawn}, sell type ${drawnType})`, async (model) => {
          // only the waiting product in the order, so no key of it can be out
          const candidates = [drawn, ...SHOPPERS].flatMap((who) =>
            ([drawnType, drawnType === 1 ? 2 : 1] as const).map((type) => [who, type] as const),
          );
          const found = candidates.find(
            ([who, type]) =>
              model.active[DEALER_OF[who]] && linesPaidBy(model.baskets[who], type).length === 0,
          );
          if (!found) return saw('paidThenCancelled skipped');
          const [who, sellType] = found;
          if (!(await ensureLine(model, who, sellType, waitingId))) return;
          const quote = (await call(who, 'GET', `/api/checkout?sell_type=${sellType}`)).body.data
            .quote;
          const answer = await call(
            who,
            'POST',
            '/api/checkout',
            { sell_type: sellType, quote },
            { 'idempotency-key': `model-${kind}-${runSeq}-${++keySeq}` },
          );
          expectStatus(answer, [200, 422], 'checkout of a waiting product');
          if (answer.status !== 200) return saw(`checkout refused: ${answer.body.data.error}`);
          const id = answer.body.data.id as number;
          orderPlaced(model, who, sellType, id);
          if (sellType === 1) {
            const paid = await call('gd', 'POST', `/api/orders/${id}/confirm-payment`, {});
            expectStatus(paid, [200], 'confirm payment');
          }
          const cancelled = await call('gd', 'POST', `/api/orders/${id}/cancel`, {});
          expectStatus(cancelled, [200], 'cancel a paid order without keys out');
          saw('cancelled after payment');
        }),
      );

    type RaceKind = 'add+checkout' | 'remove+checkout' | 'add+move' | 'add+add' | 'move+move';
    /** One basket write (or checkout) of a race: its request, and its effect when it answered 200. */
    type RaceOp = {
      send: () => Promise<Response>;
      /** the basket after this op answered 200; null when the answer cannot follow from it */
      apply: (basket: Basket, answer: Response) => Basket | null;
    };
    const addOp = (who: Shopper, productId: number, quantity: number, sellType: 1 | 2): RaceOp => ({
      send: () => call(who, 'GET', `/api/basket/add/${productId}/${quantity}/${sellType}`),
      apply: (basket) => {
        const next = new Map(basket);
        addTo(next, lineOf(productId, sellType), quantity);
        return next;
      },
    });
    const moveOp = (who: Shopper, sellType: 1 | 2): RaceOp => ({
      send: () => call(who, 'POST', `/api/basket/sell-type/${sellType}`, {}),
      apply: (basket) => movedTo(basket, sellType),
    });
    const removeOp = (who: Shopper, itemId: number, line: string, count: number): RaceOp => ({
      send: () => call(who, 'GET', `/api/basket/remove/${itemId}/${count}`),
      apply: (basket) => {
        if (!basket.has(line)) return null;
        const next = new Map(basket);
        takeFrom(next, line, count);
        return next;
      },
    });
    /** A checkout with the review's quote: it buys exactly the lines of its way of paying. */
    const checkoutOp = (who: Shopper, sellType: 1 | 2, quote: string): RaceOp => ({
      send: () =>
        call(
          who,
          'POST',
          '/api/checkout',
          { sell_type: sellType, quote },
          { 'idempotency-key': `model-${kind}-${runSeq}-${++keySeq}` },
        ),
      apply: (basket, answer) => {
        const bought = (answer.body.data.items as Json[])
          .map((i: Json) => `${i.product_id}:${i.quantity}`)
          .sort();
        const lines = linesPaidBy(basket, sellType)
          .map(([line, quantity]) => `${partsOf(line).productId}:${quantity}`)
          .sort();
        if (JSON.stringify(bought) !== JSON.stringify(lines)) return null;
        return new Map([...basket].filter(([line]) => partsOf(line).sellType !== sellType));
      },
    });

    /**
     * Nothing answered is lost: two basket writes, or a write and a checkout, at the same moment
     * on one basket. Each answered 200 took effect in one of the two orders (and stays until
     * removed or bought), or answered a 4xx; the basket is what one serial order makes of them.
     */
    const raceBasket = fc
      .tuple(
        shopperArb,
        fc.constantFrom<RaceKind>(
          'add+checkout',
          'add+checkout',
          'remove+checkout',
          'add+move',
          'add+add',
          'move+move',
        ),
        fc.constantFrom(1 as const, 2 as const),
        fc.constantFrom(1, 3, 50),
      )
      .map(([who, race, sellType, quantity]) =>
        command(
          `raceBasket(${who}, ${race}, sell type ${sellType}, ${quantity})`,
          async (model) => {
            if (!model.active[DEALER_OF[who]]) return;
            const other = sellType === 1 ? 2 : 1;
            const [productA, productB] = productIds as [number, number];
            if (!(await ensureLine(model, who, sellType, productA))) return;
            const review = await call(who, 'GET', `/api/checkout?sell_type=${sellType}`);
            expectStatus(review, [200], 'race review');
            const firstLine = (await call(who, 'GET', '/api/basket')).body.data.products.find(
              (p: Json) => p.sell_type === sellType && !p.adobe,
            );
            let ops: [RaceOp, RaceOp];
            switch (race) {
              case 'add+checkout':
                ops = [
                  addOp(who, productB, quantity, keySeq % 2 ? sellType : other),
                  checkoutOp(who, sellType, review.body.data.quote),
                ];
                break;
              case 'remove+checkout': {
                if (!firstLine) return;
                const line = await modelLineOf(firstLine.id);
                ops = [
                  removeOp(who, firstLine.id, line, 1),
                  checkoutOp(who, sellType, review.body.data.quote),
                ];
                break;
              }
              case 'add+move':
                ops = [addOp(who, productB, quantity, other), moveOp(who, sellType)];
                break;
              case 'add+add':
                ops = [
                  addOp(who, productA, quantity, sellType),
                  addOp(who, productA, quantity + 1, sellType),
                ];
                break;
              case 'move+move':
                ops = [moveOp(who, sellType), moveOp(who, other)];
                break;
            }
            const answers = await Promise.all(ops.map((op) => op.send()));
            for (const answer of answers)
              if (
                answer.status !== 200 &&
                (answer.status < 400 || answer.status > 499 || !answer.body?.message)
              )
                throw new Error(`nothing lost (${race}): answered ${answer.status} ${answer.text}`);
            const app = (await appBaskets())[who];
            const serial = [
              [0, 1],
              [1, 0],
            ].map((order) =>
              order.reduce<Basket | null>(
                (basket, i) =>
                  basket && answers[i]!.status === 200
                    ? ops[i]!.apply(basket, answers[i]!)
                    : basket,
                new Map(model.baskets[who]),
              ),
            );
            const matching = serial.find((b) => b && basketText(b) === basketText(app));
            if (!matching)
              throw new Error(
                `nothing lost (${race}): answers ${answers.map((a) => a.status).join(', ')}, basket ${basketText(app)}, serial orders make ${serial.map((b) => (b ? basketText(b) : 'no such order')).join(' or ')} from ${basketText(model.baskets[who])}`,
              );
            model.baskets[who] = matching;
            if (race.endsWith('checkout')) {
              saw('basket race with a checkout');
              if (answers[1]!.body?.data?.error === 'PRICE_CHANGED') saw('PRICE_CHANGED');
            }
            const order =
              race.endsWith('checkout') && answers[1]!.status === 200 ? answers[1]! : null;
            if (order) {
              const id = order.body.data.id as number;
              model.orders.set(id, { id, buyer: who, sellType });
              placed.add(id);
            }
            saw(`race ${race}: ${answers.map((a) => a.body?.data?.error ?? a.status).join(' + ')}`);
          },
        ),
      );

    const commands = fc.commands(
      [
        reviewChangePlace,
        reviewChangePlace,
        reviewChangePlace,
        overCredit,
        overCredit,
        paidThenCancelled,
        paidThenCancelled,
        raceBasket,
        raceBasket,
        raceBasket,
        addAdobe,
        claimPrize,
        cancelClaim,
        setMarkupGroup,
        raceCheckout,
        setOwnPrice,
        setOwnPrice,
        setDealerPrice,
        setPricing,
        setRate,
        addLine,
        addLine,
        addLine,
        addLine,
        addLine,
        removeSome,
        moveSellType,
        checkout,
        checkout,
        checkout,
        confirmPayment,
        confirmPayment,
        cancel,
        returnItem,
        returnItem,
        setActive,
        importKeys,
      ],
      { maxCommands: MAX_COMMANDS, size: 'max' },
    );

    const freshModel = (): Model => ({
      active: { dealer: true, dealer2: true },
      imported: new Map(),
      orders: new Map(),
      lastKey: new Map(),
      baskets: { dealer: new Map(), user: new Map(), dealer2: new Map() },
    });

    it('invariant 1, never below cost: an own price at cost, the cost rises, the end user buys (a sequence the random runs reach only rarely)', async () => {
      const model = freshModel();
      await resetWorld(model);
      const sequence = [
        ownPriceCmd(['dealer', 0, { mode: 'price', value: 'COST' }, false]),
        dealerPriceCmd([0, '150.00']),
        addCmd(['user', 0, 2, 2]),
        checkoutCmd(['user', 2, false]),
        ownPriceCmd(['dealer', 1, { mode: 'price', value: 'COST+0.01' }, false]),
        dealerPriceCmd([1, '999.99']),
        addCmd(['user', 1, 1, 1]),
        checkoutCmd(['user', 1, false]),
      ];
      await fc.asyncModelRun(() => ({ model, real: {} }), sequence);
      // both orders were placed (and checked at the cost of their time)
      expect(model.orders.size).toBe(2);
    }, 60_000);

    it(
      'keeps every invariant after every command',
      async () => {
        const started = Date.now();
        await fc.assert(
          fc.asyncProperty(commands, async (cmds) => {
            runSeq++;
            stats.runs++;
            const model = freshModel();
            await resetWorld(model);
            await fc.asyncModelRun(() => ({ model, real: {} }), cmds);
          }),
          { numRuns: RUNS, seed: SEED },
        );
        console.info(
          `[invariants model] ${kind}: ${stats.runs} runs, ${stats.commands} commands, ${stats.requests} requests, ${stats.checks} invariant checks (${stats.assertions} assertions) in ${((Date.now() - started) / 1000).toFixed(1)} s (FUZZ_SEED=${SEED}, FUZZ_RUNS=${RUNS}); ${JSON.stringify(Object.fromEntries([...seen].sort()))}`,
        );
        // the runs did what matters: a generator that drifts into doing nothing fails here
        const count = (what: string) => seen.get(what) ?? 0;
        const checkouts = [...seen]
          .filter(([what]) =>
            /^(checkout refused|checkout replayed|credit order|cash order)/.test(what),
          )
          .reduce((total, [, n]) => total + n, 0);
        const drawn = {
          orders: count('credit order') + count('cash order'),
          emptyCheckouts: count('checkout refused: BASKET_EMPTY'),
          creditRefusals: count('checkout refused: CREDIT_LIMIT'),
          priceChanged: count('PRICE_CHANGED'),
          racesWithCheckout: count('basket race with a checkout'),
          cancelledAfterPayment: count('cancelled after payment'),
        };
        if (RUNS >= 8) {
          expect(drawn.orders, JSON.stringify(drawn)).toBeGreaterThanOrEqual(RUNS);
          // a third, well above the generator's own rate, so a seed's spread cannot cross it
          expect(drawn.emptyCheckouts * 3, JSON.stringify(drawn)).toBeLessThanOrEqual(checkouts);
          expect(drawn.creditRefusals, JSON.stringify(drawn)).toBeGreaterThan(0);
          expect(drawn.priceChanged, JSON.stringify(drawn)).toBeGreaterThan(0);
          expect(drawn.racesWithCheckout, JSON.stringify(drawn)).toBeGreaterThan(0);
          expect(drawn.cancelledAfterPayment, JSON.stringify(drawn)).toBeGreaterThan(0);
        }
      },
      TIMEOUT_MS,
    );
  },
);
