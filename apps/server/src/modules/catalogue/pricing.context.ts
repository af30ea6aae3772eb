import type { Role } from '@esd/shared/access/access.rules';
import type { PricingSettings } from '@esd/shared/catalogue/settings.schemas';
import {
  type OwnPriceSetting,
  priceFor,
  SELL_TYPE,
  type SellType,
  toAzn,
} from '@esd/shared/shop/pricing.rules';
import type { DbOrTx } from '../../db/client';
import type { Session } from '../../plugins/auth';
import {
  findDealerMarkupRows,
  findOwnPriceSettings,
  findUserGroupPercent,
  freshPricingSql,
  rateOf,
} from './pricing.repository';
import {
  cachedCurrentRate,
  cachedPricingSettings,
  pricingSettingsFrom,
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

type MarkupRow = Awaited<ReturnType<typeof findDealerMarkupRows>>[number];

/** The dealer's markup group and its category overrides. */
const loadDealerMarkup = async (db: DbOrTx, dealerId: number) =>
  markupOf(await findDealerMarkupRows(db, dealerId));

const markupOf = (rows: MarkupRow[]) => {
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

type DealerMarkup = ReturnType<typeof markupOf>;

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
  const dealerId = markupDealerOf(session);
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
    role === 'u' ? findUserGroupPercent(db, user.id) : Promise.resolve(null);
  // a fresh read runs inside a transaction: one connection, so one query at a time, and the
  // rate and settings come in one round trip
  const [markup, userGroupPercent, { rate, settings }] = fresh
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
    userGroupPercent,
    rate: rate?.rate,
    rateDate: rate?.date,
    settings,
    showCash: user.needAznCash,
    showCredit: user.needAznCredit,
  };
};

/** The dealer whose markup group applies to the viewer: itself, or an end user's dealer. */
const markupDealerOf = ({ user, role }: Session) =>
  role === 'd' ? user.id : role === 'u' ? user.dealerId : null;

/** What `freshPricingColumns` reads, as its statement answers it. */
export type FreshPricingRow = {
  markup: MarkupRow[] | null;
  user_group_percent: string | null;
  rate: string | null;
  rate_date: string | null;
  pricing_setting: string | null;
};

/**
 * What `loadPricingContext(db, session, { fresh: true })` reads, as columns of one select
 * (`FreshPricingRow`), for a caller that reads them in one statement with more of its own
 * (checkout, issue 35); `pricingContextFrom` makes the context of them.
 */
export const freshPricingColumns = (session: Session) =>
  freshPricingSql(markupDealerOf(session), session.role === 'u' ? session.user.id : null);

/** The context of what `freshPricingColumns` read. */
export const pricingContextFrom = (session: Session, row: FreshPricingRow): PricingContext => {
  const { user, role } = session;
  const rate = rateOf(row.rate, row.rate_date);
  return {
    role,
    dealerId: markupDealerOf(session),
    ...markupOf(row.markup ?? []),
    userGroupPercent: row.user_group_percent,
    rate: rate?.rate,
    rateDate: rate?.date,
    settings: pricingSettingsFrom(
      row.pricing_setting ? JSON.parse(row.pricing_setting) : undefined,
    ),
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
  const rows = await findOwnPriceSettings(db, ctx.dealerId, productIds);
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
