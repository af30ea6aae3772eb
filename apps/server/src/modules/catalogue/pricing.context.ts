import type { Role } from '@esd/shared/access/access.rules';
import type { PricingSettings } from '@esd/shared/catalogue/settings.schemas';
import {
  type OwnPriceSetting,
  priceFor,
  SELL_TYPE,
  type SellType,
  toAzn,
} from '@esd/shared/shop/pricing.rules';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import {
  dealerProductPrices,
  markupGroupCategories,
  markupGroups,
  products,
  userGroupMembers,
  userGroups,
  users,
} from '../../db/schema';
import type { Session } from '../../plugins/auth';
import {
  cachedCurrentRate,
  cachedPricingSettings,
  readRateAndPricingSettings,
} from './pricing-settings';

/** Everything the pricing chain needs to know about one viewer, loaded once per request. */
export type PricingContext = {
  role: Role;
  /** the dealer whose markup group applies: the viewer itself, or an end user's dealer */
  dealerId: number | null;
  markupGroupId: number | null;
  groupPercent: string | null;
  categoryPercents: Map<number, string>;
  userGroupPercent: string | null;
  rate: string | undefined;
  /** the day of `rate`: today (Baku), or an earlier day while today's rate is not in */
  rateDate: string | undefined;
  settings: PricingSettings;
  showCash: boolean;
  showCredit: boolean;
};

/** The dealer's markup group and its category overrides, in one round trip. */
const loadDealerMarkup = async (db: DbOrTx, dealerId: number) => {
  const statement = preparedFor(db, 'pricing_dealer_markup', (d) =>
    d
      .select({
        groupId: users.markupGroupId,
        percent: markupGroups.percent,
        categoryId: markupGroupCategories.categoryId,
        categoryPercent: markupGroupCategories.percent,
      })
      .from(users)
      .leftJoin(markupGroups, eq(markupGroups.id, users.markupGroupId))
      .leftJoin(markupGroupCategories, eq(markupGroupCategories.markupGroupId, users.markupGroupId))
      .where(eq(users.id, sql.placeholder('dealerId')))
      .prepare('pricing_dealer_markup'),
  );
  const rows = await statement.execute({ dealerId });
  const first = rows[0];
  if (!first?.groupId) {
    return { markupGroupId: null, groupPercent: null, categoryPercents: new Map<number, string>() };
  }
  const overrides = rows.flatMap((r) =>
    r.categoryId !== null && r.categoryPercent !== null
      ? [[r.categoryId, r.categoryPercent] as const]
      : [],
  );
  return {
    markupGroupId: first.groupId,
    groupPercent: first.percent,
    categoryPercents: new Map(overrides),
  };
};

type DealerMarkup = Awaited<ReturnType<typeof loadDealerMarkup>>;

/**
 * A dealer's markup is read on every shop request; each process keeps it for a few seconds,
 * like the rate (checkout reads afresh). Saving a markup group clears it in that process.
 */
const MARKUP_CACHE_MS = 3000;
const markupCache = new WeakMap<object, Map<number, { value: DealerMarkup; until: number }>>();

const cachedDealerMarkup = async (db: DbOrTx, dealerId: number): Promise<DealerMarkup> => {
  const forDb = markupCache.get(db) ?? new Map();
  markupCache.set(db, forDb);
  const hit = forDb.get(dealerId);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await loadDealerMarkup(db, dealerId);
  forDb.set(dealerId, { value, until: Date.now() + MARKUP_CACHE_MS });
  return value;
};

export const forgetMarkupCache = (db: DbOrTx) => markupCache.delete(db);

/**
 * The pricing chain of one viewer. The shop reads rate, settings and markup from short
 * per-process caches; checkout passes `fresh` to read them inside its transaction.
 */
export const loadPricingContext = async (
  db: DbOrTx,
  session: Session,
  options: { fresh?: boolean } = {},
): Promise<PricingContext> => {
  const { user, role } = session;
  const dealerId = role === 'd' ? user.id : role === 'u' ? user.dealerId : null;
  const fresh = options.fresh ?? false;
  const noMarkup: DealerMarkup = {
    markupGroupId: null,
    groupPercent: null,
    categoryPercents: new Map(),
  };
  const loadMarkup = () =>
    dealerId
      ? fresh
        ? loadDealerMarkup(db, dealerId)
        : cachedDealerMarkup(db, dealerId)
      : Promise.resolve(noMarkup);
  const loadUserGroup = () =>
    role === 'u'
      ? db
          .select({ percent: userGroups.markupPercent })
          .from(userGroupMembers)
          .innerJoin(userGroups, eq(userGroups.id, userGroupMembers.userGroupId))
          .where(eq(userGroupMembers.userId, user.id))
      : Promise.resolve([]);
  // a fresh read runs inside a transaction: one connection, so one query at a time, and the
  // rate and settings come in one round trip
  const [markup, userGroup, { rate, settings }] = fresh
    ? ([await loadMarkup(), await loadUserGroup(), await readRateAndPricingSettings(db)] as const)
    : await Promise.all([
        loadMarkup(),
        loadUserGroup(),
        Promise.all([cachedCurrentRate(db), cachedPricingSettings(db)]).then(
          ([rate, settings]) => ({ rate, settings }),
        ),
      ]);
  return {
    role,
    dealerId,
    ...markup,
    userGroupPercent: userGroup[0]?.percent ?? null,
    rate: rate?.rate,
    rateDate: rate?.date,
    settings,
    showCash: user.needAznCash,
    showCredit: user.needAznCredit,
  };
};

/** The dealer's own settings for some products (end users only). */
export const loadOwnSettings = async (
  db: DbOrTx,
  ctx: PricingContext,
  productIds: number[],
): Promise<Map<number, OwnPriceSetting>> => {
  if (ctx.role !== 'u' || !ctx.dealerId || productIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(dealerProductPrices)
    .where(
      and(
        eq(dealerProductPrices.dealerId, ctx.dealerId),
        inArray(dealerProductPrices.productId, productIds),
      ),
    );
  return new Map(rows.map((r) => [r.productId, { mode: r.mode, value: r.value }]));
};

type PricedProduct = { categoryId: number; dealerPrice: string; unitPrice: string };

/** USD (VAT excluded) this viewer pays for a product. */
export const usdPrice = (
  ctx: PricingContext,
  product: PricedProduct,
  own: OwnPriceSetting | null,
) =>
  priceFor({
    role: ctx.role,
    dealerPrice: product.dealerPrice,
    unitPrice: product.unitPrice,
    dealerMarkupPercent: ctx.categoryPercents.get(product.categoryId) ?? ctx.groupPercent,
    ownSetting: own,
    userGroupMarkupPercent: ctx.userGroupPercent,
  });

/** AZN amount (VAT included) of a USD amount for cash (1) or credit (2) at today's rate. */
export const aznAmount = (ctx: PricingContext, usd: string, sellType: SellType): string | null =>
  ctx.rate
    ? toAzn({
        usd,
        rate: ctx.rate,
        vatPercent: ctx.settings.vat_percent,
        surchargePercent:
          sellType === SELL_TYPE.credit ? ctx.settings.credit_surcharge_percent : '0',
      })
    : null;

/** Spec 3: the product's price for this viewer, with AZN cash and credit where its flags ask. */
export const shopPrices = (
  ctx: PricingContext,
  product: PricedProduct,
  own: OwnPriceSetting | null,
) => {
  const Amount = usdPrice(ctx, product, own);
  return {
    Amount,
    cash: ctx.showCash ? aznAmount(ctx, Amount, 1) : null,
    credit: ctx.showCredit ? aznAmount(ctx, Amount, 2) : null,
  };
};

/**
 * The same price as an SQL expression, only to sort by it; the TypeScript rule above stays
 * the source of truth for every amount shown (a test checks the two agree). It reads the
 * joins `mgc` (the dealer group's override for the product's category) and `dpp` (the
 * dealer's own setting) that `pricingJoins` adds; names are qualified by hand.
 */
export const priceOrderExpression = (ctx: PricingContext): SQL => {
  if (ctx.role === 'gd' || ctx.role === 'ld') return sql`"products"."unit_price"`;
  // one percent for every category keeps the order of the dealer price: its index serves
  if (ctx.role === 'd' && ctx.categoryPercents.size === 0) return sql`"products"."dealer_price"`;
  const percent = sql`coalesce("mgc"."percent", ${ctx.groupPercent ?? '0'}::numeric)`;
  const cost = sql`round("products"."dealer_price" * (100 + ${percent}) / 100, 2)`;
  if (ctx.role === 'd') return cost;
  const fallback =
    ctx.userGroupPercent !== null
      ? sql`round(${cost} * (100 + ${ctx.userGroupPercent}::numeric) / 100, 2)`
      : sql`greatest("products"."unit_price", ${cost})`;
  // never below cost (invariant 1), as atLeastCost does
  return sql`greatest(case "dpp"."mode" when 'price' then "dpp"."value"
    when 'markup' then round(${cost} * (100 + "dpp"."value") / 100, 2)
    else ${fallback} end, ${cost})`;
};

// the aliases are fixed; built once, not on every price-sorted page
const mgc = alias(markupGroupCategories, 'mgc');
const dpp = alias(dealerProductPrices, 'dpp');

/** The left joins `priceOrderExpression` reads. */
export const pricingJoins = (ctx: PricingContext) => {
  return {
    mgc,
    mgcOn: and(
      eq(mgc.markupGroupId, ctx.markupGroupId ?? 0),
      eq(mgc.categoryId, products.categoryId),
    ),
    dpp,
    dppOn: and(
      eq(dpp.dealerId, ctx.role === 'u' ? (ctx.dealerId ?? 0) : 0),
      eq(dpp.productId, products.id),
    ),
  };
};
