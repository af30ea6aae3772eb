import { canBuyAdobe, canShop } from '@esd/shared/access/access.rules';
import { adobeQuoteProblem } from '@esd/shared/adobe/adobe.rules';
import { MONEY_MAX, PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import {
  CREDIT_LIMIT_MESSAGE,
  fitsCredit,
  placedMoney,
  remainingCredit,
} from '@esd/shared/orders/orders.rules';
import type { CheckoutPreview, OrderDetail } from '@esd/shared/orders/orders.schemas';
import { type QuotedReview, quoteChanges } from '@esd/shared/orders/quote.rules';
import { compareMoney, percentOf, subtractMoney, sumMoney } from '@esd/shared/shop/money';
import { allowedSellTypes, SELL_TYPE, type SellType } from '@esd/shared/shop/pricing.rules';
import type { Db, DbOrTx } from '../../db/client';
import { retryConflicts } from '../../db/retry';
import type { basketItems } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { titleIn } from '../../lib/language';
import type { Session, UserRow } from '../../plugins/auth';
import type { DomainEvents } from '../../plugins/domain-events';
import { findOwnAdobeCustomerIds } from '../adobe';
import { shopperOf } from '../auth';
import { adobeLineInfo, findBasketLines, priceBasketLines } from '../basket';
import { loadPricingContext, type PricingContext, pricingContextFrom } from '../catalogue';
import { issuePlacedOrderInvoice } from '../invoices';
import { findCreditLimit, orderDetail, placedOrderDetail, sumUnpaidCredit } from '../orders';
import { decodeQuote, encodeQuote } from './checkout.quote';
import * as repo from './checkout.repository';

type BasketLines = Awaited<ReturnType<typeof findBasketLines>>;

/** The account whose credit a buyer draws on: a dealer its own, an end user its dealer's. */
const creditDealerId = (user: UserRow) => (user.typeId === 3 ? user.id : user.dealerId);

const sellTypesOf = (user: UserRow) => allowedSellTypes(shopperOf(user));

const creditOf = (limit: string, unpaid: string) => ({
  limit,
  unpaid,
  remaining: remainingCredit(limit, unpaid),
});

/** The credit of a dealer whose limit the caller has read (and locked, when it checks out). */
const creditWithLimit = async (db: DbOrTx, dealerId: number, limit: string) =>
  creditOf(limit, await sumUnpaidCredit(db, dealerId));

/**
 * The dealer's credit. With `lock`, the dealer's row stays locked until the transaction ends:
 * every credit checkout of the dealer (its own and its users') takes this lock first, so
 * concurrent checkouts on any number of processes see each other's orders.
 */
const dealerCredit = async (db: DbOrTx, dealerId: number, options: { lock?: boolean } = {}) => {
  const limit = await findCreditLimit(db, dealerId, options);
  return limit === undefined ? null : creditWithLimit(db, dealerId, limit);
};

/**
 * The basket's lines of one way of paying, priced now: checkout takes only the lines added
 * for its sell type (invariant 2: a line is charged the price of its own sell type); the
 * others stay in the basket for a checkout of their own.
 */
const priceBasket = async (
  db: DbOrTx,
  ctx: PricingContext,
  userId: number,
  sellType: SellType,
  /** the basket's lines when the caller has read them (placing: with everything else) */
  read?: BasketLines,
) => {
  const all = read ?? (await findBasketLines(db, userId));
  const lines = all.filter((l) => l.item.sellType === sellType);
  const priced = await priceBasketLines(db, ctx, lines);
  const totalUsd = sumMoney(priced.map((l) => l.totalUsd));
  const vatPercent = ctx.settings.vat_percent;
  const surchargePercent =
    sellType === SELL_TYPE.credit ? ctx.settings.credit_surcharge_percent : '0.00';
  const vatUsd = percentOf(totalUsd, vatPercent);
  const totalAzn = sumMoney(priced.map((l) => l.totalAzn));
  // every amount must fit its column (numeric(14, 2)); a larger order cannot be recorded
  if (
    [totalUsd, totalAzn, ...priced.map((l) => l.unitUsd)].some(
      (a) => compareMoney(a, MONEY_MAX) > 0,
    )
  ) {
    throw new AppError(
      'BASKET_LIMIT',
      `This order's amount is larger than an order can hold (${MONEY_MAX}); split it into smaller orders.`,
    );
  }
  return {
    lines: priced,
    otherLines: all.length - lines.length,
    sellTypesWithLines: [...new Set(all.map((l) => l.item.sellType as SellType))],
    totalUsd,
    vatPercent,
    vatUsd,
    surchargePercent,
    rate: ctx.rate ?? '0.0000',
    rateDate: ctx.rateDate ?? null,
    totalAzn,
  };
};

/**
 * Invariant 4, only active accounts transact (docs/invariants.md): the end users of a
 * deactivated dealer order nothing, in cash or on credit, until it is active again.
 */
const requireActiveDealer = (dealer: Pick<UserRow, 'isActive'> | undefined) => {
  if (!dealer?.isActive) {
    throw new AppError(
      'DEALER_INACTIVE',
      "Your dealer's account is deactivated, so no order can be placed for it. Contact your dealer.",
    );
  }
};

/**
 * Invariant 2 at checkout: every Adobe line is bought exactly as Adobe quoted it (quantity,
 * commitment, on the quote's day) for a customer that is still the buyer's own.
 */
const requireValidAdobeQuotes = async (
  tx: DbOrTx,
  buyerId: number,
  lines: { item: typeof basketItems.$inferSelect; product: { sku: string } }[],
  now: Date,
) => {
  const adobeLines = lines.filter((l) => l.item.adobe);
  if (adobeLines.length === 0) return;
  for (const { item, product } of adobeLines) {
    const problem = adobeQuoteProblem(item, now);
    if (problem) {
      throw new AppError(
        'ADOBE_QUOTE_INVALID',
        problem === 'expired'
          ? `The Adobe price of ${product.sku} was quoted on an earlier day and has expired: remove the line and ask for a new price.`
          : `The Adobe price of ${product.sku} was quoted for another quantity or commitment: remove the line and ask for a new price.`,
        { basket_item_id: item.id, reason: problem },
      );
    }
  }
  const owned = await findOwnAdobeCustomerIds(
    tx,
    adobeLines.map((l) => l.item.adobe?.portal_customer_id ?? 0),
    buyerId,
  );
  const foreign = adobeLines.find((l) => !owned.has(l.item.adobe?.portal_customer_id ?? 0));
  if (foreign) {
    throw new AppError(
      'ADOBE_QUOTE_INVALID',
      `The Adobe customer of ${foreign.product.sku} is no longer yours: remove the line.`,
      { basket_item_id: foreign.item.id, reason: 'customer' },
    );
  }
};

/**
 * Invariant 2 at checkout: with the quote of the review the buyer confirmed, the order charges
 * exactly that review or is not placed. Anything quoted that differs now (a price, the rate or
 * its day, VAT, the surcharge, a line added, cut or gone) refuses with 409 PRICE_CHANGED, the
 * new review and the changes old → new; the transaction then writes nothing.
 */
const requireConfirmedReview = async (
  tx: DbOrTx,
  session: Session,
  { input, priced }: { input: PlaceInput; priced: PricedBasket },
) => {
  if (!input.confirmed) return;
  const changes = quoteChanges(input.confirmed, quotedReviewOf(input.sellType, priced));
  if (changes.length === 0) return;
  const review = await reviewOf(tx, session, {
    sellType: input.sellType,
    allowed: sellTypesOf(session.user),
    priced,
    lang: input.lang,
  });
  throw new AppError(
    'PRICE_CHANGED',
    'Prices or your basket changed since you opened the review. Nothing was ordered: check the new review and confirm it.',
    { review, changes },
  );
};

const requireShopper = (session: Session) => {
  if (!canShop(session.user.typeId))
    throw new AppError('FORBIDDEN', 'Only dealers and their users can shop.');
};

type PricedBasket = Awaited<ReturnType<typeof priceBasket>>;

/** What the review charges, as its quote covers it (invariant 2). */
const quotedReviewOf = (sellType: SellType, priced: PricedBasket): QuotedReview => ({
  sell_type: sellType,
  lines: priced.lines.map(({ item, product, unitUsd, totalUsd, totalAzn }) => ({
    basket_item_id: item.id,
    product_id: product.id,
    // an Adobe line is the offer Adobe quoted (its level), the SKU the order item will carry
    sku: item.adobe?.option_id ?? product.sku,
    quantity: item.quantity,
    unit_usd: unitUsd,
    total_usd: totalUsd,
    total_azn: totalAzn,
    adobe: item.adobe ? adobeLineInfo(item.adobe) : null,
  })),
  total_usd: priced.totalUsd,
  vat_percent: priced.vatPercent,
  vat_usd: priced.vatUsd,
  total_usd_with_vat: sumMoney([priced.totalUsd, priced.vatUsd]),
  surcharge_percent: priced.surchargePercent,
  rate: priced.rate,
  rate_date: priced.rateDate,
  total_azn: priced.totalAzn,
});

/**
 * The review of a priced basket: what it charges and its quote, with the lines' titles, their
 * stock and the dealer's credit beside it. `db` may be the checkout's transaction.
 */
const reviewOf = async (
  db: DbOrTx,
  session: Session,
  review: { sellType: SellType; allowed: SellType[]; priced: PricedBasket; lang: Language },
): Promise<CheckoutPreview> => {
  const { sellType, allowed, priced, lang } = review;
  const stock = await repo.availableByProduct(
    db,
    priced.lines.map((l) => l.product.id),
  );
  const dealerId = creditDealerId(session.user);
  const credit = dealerId && allowed.includes(2) ? await dealerCredit(db, dealerId) : null;
  const quoted = quotedReviewOf(sellType, priced);
  return {
    ...quoted,
    sell_type: sellType,
    allowed_sell_types: allowed,
    // the quoted lines are the priced lines, one for one and in their order
    lines: quoted.lines.map((line, index) => {
      const { item, product } = priced.lines[index]!;
      return {
        ...line,
        FullTitle: titleIn(product, lang),
        in_stock:
          product.providerId !== PROVIDER.keyStock || (stock.get(product.id) ?? 0) >= item.quantity,
        adobe: item.adobe ? adobeLineInfo(item.adobe) : null,
      };
    }),
    other_lines: priced.otherLines,
    azn_fixed_at: sellType === SELL_TYPE.credit ? 'placement' : 'payment',
    credit: credit
      ? {
          limit: credit.limit,
          remaining: credit.remaining,
          // a cash order draws no credit: it is paid in cash, so nothing is taken from it
          remaining_after:
            sellType === SELL_TYPE.credit
              ? subtractMoney(credit.remaining, priced.totalUsd)
              : credit.remaining,
        }
      : null,
    quote: encodeQuote(quoted),
  };
};

/**
 * GET /api/checkout: the basket priced now for cash or credit, with the dealer's credit. It
 * reads prices, rate and settings afresh, as placing the order does, so the review a buyer
 * confirms is the one placing compares with.
 */
const previewCheckout = async (
  db: Db,
  session: Session,
  requested: SellType | undefined,
  lang: Language,
): Promise<CheckoutPreview> => {
  requireShopper(session);
  const allowed = sellTypesOf(session.user);
  if (requested !== undefined && !allowed.includes(requested)) throw sellTypeRefused(requested);
  const ctx = await loadPricingContext(db, session, { fresh: true });
  let sellType = requested ?? allowed[0] ?? SELL_TYPE.cash;
  let priced = await priceBasket(db, ctx, session.user.id, sellType);
  // unasked, checkout opens on a way of paying that has lines in the basket
  const withLines = priced.sellTypesWithLines.find((type) => allowed.includes(type));
  if (requested === undefined && priced.lines.length === 0 && withLines !== undefined) {
    sellType = withLines;
    priced = await priceBasket(db, ctx, session.user.id, sellType);
  }
  const dealerId = creditDealerId(session.user);
  if (dealerId && dealerId !== session.user.id) {
    requireActiveDealer(await repo.findUserIsActive(db, dealerId));
  }
  return reviewOf(db, session, { sellType, allowed, priced, lang });
};

/** Thrown inside the checkout's transaction: the order and its items roll back with it. */
const basketChanged = () =>
  new AppError(
    'BASKET_CHANGED',
    'Your basket changed while the order was being placed, so nothing was ordered. Look at the basket and place the order again.',
  );

const sellTypeRefused = (sellType: SellType) =>
  new AppError(
    'SELL_TYPE_NOT_ALLOWED',
    sellType === SELL_TYPE.credit ? 'You cannot buy on credit.' : 'You cannot pay in cash.',
  );

/**
 * POST /api/checkout's request: the way of paying, and the review the buyer confirmed (the
 * decoded `quote`; undefined: a caller that sends none is charged the prices of the moment).
 */
type PlaceInput = {
  sellType: SellType;
  idempotencyKey: string;
  lang: Language;
  confirmed?: QuotedReview | undefined;
};

/** What POST /api/checkout answers: the order as placed. */
export type CheckoutAnswer = { code: 200; message: string; data: OrderDetail };

const ORDER_PLACED_MESSAGE = 'Your order is placed.';

type PlacedOrder = {
  orderId: number;
  replayed: boolean;
  status: 'pending' | 'in_progress' | 'completed' | 'cancelled';
  /** the answer of the checkout that placed the order; null for orders placed before it was kept */
  answer: CheckoutAnswer | null;
  /** its invoice was issued in the transaction that placed it */
  invoiced?: boolean;
  /** the order's dealer (a new order's: the events carry it) */
  dealerId?: number;
};

/**
 * POST /api/checkout, in one transaction: the buyer's row is locked (a double click waits and
 * then finds the order of its Idempotency-Key), prices, rate and VAT are read afresh and fixed
 * on the order, a credit order locks its dealer's row and must fit the remaining credit, and
 * the basket is emptied. Any refusal writes nothing.
 *
 * Idempotency follows Stripe: the answer (the order as placed, in the buyer's language of that
 * request) is stored with the order, and the same key with the same body gets exactly that
 * answer again, however often and however concurrently it is sent; the same key with another
 * body (another way of paying) is refused with 422. A transaction PostgreSQL aborts for a
 * deadlock or a serialization failure wrote nothing and is run again (retryConflicts).
 */
const placeOrder = async (
  deps: CheckoutDeps,
  session: Session,
  input: PlaceInput,
): Promise<PlacedOrder> => {
  requireShopper(session);
  return retryConflicts(() => placeOrderOnce(deps, session, input));
};

const placeOrderOnce = (
  { db, clock }: CheckoutDeps,
  session: Session,
  input: PlaceInput,
): Promise<PlacedOrder> =>
  db.transaction(async (tx) => {
    const now = clock.now();
    const buyer = await repo.lockUser(tx, session.user.id);
    if (!buyer?.isActive) throw new AppError('UNAUTHORIZED', 'Your account is not active.');

    const dealerId = creditDealerId(buyer);
    // everything else placing reads, in one statement after the lock (a dealer buying on its
    // own credit holds its row's lock already, so its unpaid credit is read here too)
    const state = await repo.readPlacingState(
      tx,
      { ...session, user: buyer },
      {
        idempotencyKey: input.idempotencyKey,
        unpaidOf: input.sellType === SELL_TYPE.credit && dealerId === buyer.id ? dealerId : null,
        // a credit order is invoiced as it is placed (below): what its invoice names, read here
        invoiceParties: input.sellType === SELL_TYPE.credit,
      },
    );
    const existing = state.existing;
    if (existing) {
      if (existing.sellType !== input.sellType) {
        throw new AppError(
          'IDEMPOTENCY_KEY_REUSED',
          'This Idempotency-Key was already used for an order paid another way.',
          { order_id: existing.id, sell_type: existing.sellType },
        );
      }
      return {
        orderId: existing.id,
        replayed: true,
        status: existing.status,
        answer: existing.answer as CheckoutAnswer | null,
      };
    }

    if (!sellTypesOf(buyer).includes(input.sellType)) throw sellTypeRefused(input.sellType);
    if (!dealerId) throw new AppError('FORBIDDEN', 'Your account belongs to no dealer.');
    const dealer = dealerId === buyer.id ? buyer : await repo.findUser(tx, dealerId);
    requireActiveDealer(dealer);

    const ctx = pricingContextFrom({ ...session, user: buyer }, state);
    const priced = await priceBasket(tx, ctx, buyer.id, input.sellType, state.lines);
    if (priced.lines.length === 0) throw new AppError('BASKET_EMPTY', 'Your basket is empty.');
    await requireConfirmedReview(tx, { ...session, user: buyer }, { input, priced });
    const adobeBuyer = canBuyAdobe({
      type_id: buyer.typeId,
      has_adobe_account: buyer.hasAdobeAccount,
    });
    await requireValidAdobeQuotes(tx, buyer.id, priced.lines, now);
    const unavailable = priced.lines.find(
      (l) =>
        !l.product.isActive ||
        (l.product.providerId === PROVIDER.adobe && (!adobeBuyer || !l.item.adobe?.unit_usd)),
    );
    if (unavailable) {
      throw new AppError(
        'PRODUCT_UNAVAILABLE',
        `${unavailable.product.sku} is no longer sold; remove it from the basket.`,
        { product_id: unavailable.product.id },
      );
    }

    if (input.sellType === SELL_TYPE.credit) {
      // a dealer buying for itself already holds its row's lock, and has read its limit, above
      const credit =
        dealerId === buyer.id
          ? creditOf(buyer.creditLimit, state.unpaid ?? '0.00')
          : await dealerCredit(tx, dealerId, { lock: true });
      if (!credit || !fitsCredit(priced.totalUsd, credit.remaining)) {
        throw new AppError('CREDIT_LIMIT', CREDIT_LIMIT_MESSAGE, {
          remaining: credit?.remaining ?? '0.00',
          order_value: priced.totalUsd,
        });
      }
    }

    const status = input.sellType === SELL_TYPE.credit ? 'in_progress' : 'pending';
    const placed = await repo.insertPlacedOrder(tx, {
      buyerId: buyer.id,
      dealerId,
      countryId: dealer?.countryId ?? buyer.countryId,
      sellType: input.sellType,
      status,
      idempotencyKey: input.idempotencyKey,
      lang: buyer.lang,
      rate: priced.rate,
      rateDate: priced.rateDate,
      vatPercent: priced.vatPercent,
      surchargePercent: priced.surchargePercent,
      totalUsd: priced.totalUsd,
      vatUsd: priced.vatUsd,
      totalAzn: priced.totalAzn,
      paid: status === 'in_progress',
      lines: priced.lines,
      // what placing moves (a credit order's credit drawn), in the same statement
      movement: placedMoney(input.sellType, { usd: priced.totalUsd, azn: priced.totalAzn }),
    });
    // the order buys exactly the quantities it priced (issue 29): a line changed since is refused
    if (placed.emptied !== priced.lines.length) throw basketChanged();
    const order = placed.order;
    const row = {
      order,
      buyer: { id: buyer.id, name: buyer.name, email: buyer.email },
      dealer: { id: dealerId, name: (dealer ?? buyer).name },
    };
    // the answer is built and kept in the same transaction, from the rows just written: a retry
    // that waited for the buyer's row gets it byte for byte, whatever delivery did in between
    const answer: CheckoutAnswer = {
      code: 200,
      message: ORDER_PLACED_MESSAGE,
      data: await placedOrderDetail(
        tx,
        { ...session, user: buyer },
        { ...placed, ...row },
        input.lang,
        now,
      ),
    };
    const saveAnswer = repo.saveCheckoutAnswer(tx, order.id, answer);
    // a credit order is invoiced as it is placed: here, last (the document counter's lock is
    // held until commit), instead of in a transaction of its own after it; the answer is kept
    // in the invoice's statement, or on its own when there is no invoice
    const invoiced = await issuePlacedOrderInvoice(tx, clock, {
      row,
      items: placed.items,
      parties: state.parties,
      alongside: saveAnswer,
    });
    if (!invoiced) await saveAnswer;
    return { orderId: order.id, replayed: false, status, answer, invoiced, dealerId };
  });

/** Checkout: the basket priced for a way of paying, and the order placed from it. */
type CheckoutDeps = { db: Db; clock: Clock };

export const createCheckoutService = ({
  db,
  events,
  clock,
}: CheckoutDeps & { events: DomainEvents }) => ({
  preview: (session: Session, requested: SellType | undefined, lang: Language) =>
    previewCheckout(db, session, requested, lang),

  /**
   * Places the order (or finds the one of this Idempotency-Key) and starts the delivery of a
   * new paid order, or queues the confirmation mail (with its proforma invoice) of a new cash
   * one. `replayed`: the answer is that of the checkout that placed it.
   */
  place: async (
    session: Session,
    { quote, ...input }: Omit<PlaceInput, 'confirmed'> & { quote?: string | undefined },
  ): Promise<{ replayed: boolean; answer: CheckoutAnswer }> => {
    const confirmed = quote === undefined ? undefined : decodeQuote(quote);
    const placed = await placeOrder({ db, clock }, session, { ...input, confirmed });
    if (!placed.replayed && placed.status === 'in_progress')
      await events.emit('order.paid', {
        orderId: placed.orderId,
        dealerId: placed.dealerId,
        placedNow: true,
        invoiced: placed.invoiced ?? false,
      });
    if (!placed.replayed && placed.status === 'pending')
      await events.emit('order.placed', { orderId: placed.orderId, dealerId: placed.dealerId });
    return {
      replayed: placed.replayed,
      answer: placed.answer ?? {
        code: 200,
        message: ORDER_PLACED_MESSAGE,
        data: await orderDetail(db, session, placed.orderId, input.lang, { now: clock.now() }),
      },
    };
  },
});
