import { canShop } from '@esd/shared/access/access.rules';
import type { AdobeLineInfo } from '@esd/shared/adobe/adobe.schemas';
import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { MAX_BASKET_LINES, MAX_LINE_QUANTITY } from '@esd/shared/constants';
import { multiplyMoney, sumMoney } from '@esd/shared/shop/money';
import {
  allowedSellTypes,
  type OwnPriceSetting,
  SELL_TYPE,
  type SellType,
} from '@esd/shared/shop/pricing.rules';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { retryConflicts } from '../../db/retry';
import type { AdobeLine, basketItems, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { titleIn } from '../../lib/language';
import { isUniqueViolation, violatedConstraint } from '../../lib/pg-errors';
import type { Session } from '../../plugins/auth';
import { shopperOf } from '../auth';
import {
  aznAmount,
  findProduct,
  loadOwnSettings,
  loadPricingContext,
  type PricingContext,
  productImageUrl,
  usdPrice,
} from '../catalogue';
import * as repo from './basket.repository';

/** What an Adobe line was quoted for: the quoted SKU (the chosen option), customer, commitment. */
export const adobeLineInfo = (line: AdobeLine): AdobeLineInfo => ({
  sku: line.option_id,
  customer_id: line.customer_id,
  company_name: line.company_name,
  three_year_commitment: line.three_year_commitment,
});

/**
 * USD per licence of a basket line: an Adobe line keeps the price of its provider preview
 * (prorated for the customer), every other line is priced now by the pricing chain.
 */
const lineUnitPrice = (
  ctx: PricingContext,
  line: { item: typeof basketItems.$inferSelect; product: typeof products.$inferSelect },
  own: OwnPriceSetting | null,
) =>
  line.product.providerId === PROVIDER.adobe && line.item.adobe?.unit_usd
    ? line.item.adobe.unit_usd
    : usdPrice(ctx, line.product, own);

type BasketLine = Awaited<ReturnType<typeof repo.findBasketLines>>[number];

/**
 * The one pricing of basket lines, for the basket and the checkout alike: each line at its own
 * sell type, and every total is the unit price shown × the quantity, in USD and in AZN
 * (invariant 2: a line's AZN total is its card's AZN unit price × quantity, not a rounding of
 * the USD total). Refuses to price without a bank rate.
 */
export const priceBasketLines = async (db: DbOrTx, ctx: PricingContext, lines: BasketLine[]) => {
  if (lines.length > 0 && !ctx.rate) {
    throw new AppError(
      'NO_EXCHANGE_RATE',
      "No bank exchange rate is set; ask an administrator to set today's rate.",
    );
  }
  const own = await loadOwnSettings(
    db,
    ctx,
    lines.map((l) => l.product.id),
  );
  return lines.map(({ item, product }) => {
    const sellType = item.sellType as SellType;
    const unitUsd = lineUnitPrice(ctx, { item, product }, own.get(product.id) ?? null);
    const unitAzn = aznAmount(ctx, unitUsd, sellType) ?? '0.00';
    return {
      item,
      product,
      sellType,
      unitUsd,
      totalUsd: multiplyMoney(unitUsd, item.quantity),
      unitAzn,
      totalAzn: multiplyMoney(unitAzn, item.quantity),
    };
  });
};

/** The basket with every amount computed now from the pricing chain; nothing priced is stored. */
export const readBasket = async (db: Db, session: Session, lang: Language): Promise<Basket> => {
  const [ctx, lines] = await Promise.all([
    loadPricingContext(db, session),
    repo.findBasketLines(db, session.user.id),
  ]);
  const priced = await priceBasketLines(db, ctx, lines);
  const items = priced.map(({ item, product, unitUsd, totalUsd, totalAzn }) => ({
    id: item.id,
    product_id: product.id,
    // an Adobe line is the offer Adobe quoted (its level): one SKU from basket to invoice
    sku: item.adobe?.option_id ?? product.sku,
    FullTitle: titleIn(product, lang),
    provider_id: product.providerId,
    is_returnable: product.isReturnable,
    image_url: productImageUrl(product.imagePath),
    quantity: item.quantity,
    sell_type: item.sellType,
    Amount: unitUsd,
    total_usd: totalUsd,
    total_azn: totalAzn,
    adobe: item.adobe ? adobeLineInfo(item.adobe) : null,
  }));
  return {
    products: items,
    totalQuantity: items.reduce((total, item) => total + item.quantity, 0),
    totalAmount: sumMoney(items.map((i) => i.total_azn)),
    totalUsdAmount: sumMoney(items.map((i) => i.total_usd)),
    by_sell_type: [SELL_TYPE.cash, SELL_TYPE.credit].flatMap((sellType) => {
      const lines = items.filter((item) => item.sell_type === sellType);
      return lines.length === 0
        ? []
        : [
            {
              sell_type: sellType,
              quantity: lines.reduce((total, item) => total + item.quantity, 0),
              total_usd: sumMoney(lines.map((i) => i.total_usd)),
              total_azn: sumMoney(lines.map((i) => i.total_azn)),
            },
          ];
    }),
    form: items.length > 0,
    rate: ctx.rate ?? '0.0000',
    vat_percent: ctx.settings.vat_percent,
  };
};

/**
 * Issue 29, nothing answered is lost: every write to a user's basket (add, remove, move, an
 * Adobe line, order again) runs in one transaction that first locks the user's row
 * (`lockBasketOwner`), the lock checkout takes too, and reads the basket only after it. Two
 * writes, or a write and a checkout, on one basket therefore run one after the other: each
 * takes effect on what the other left, never on a line read before it changed. A transaction
 * PostgreSQL aborted (deadlock, serialization failure) wrote nothing and runs again; a line
 * another writer made at the same moment without the lock (an older process during a deploy)
 * is refused with 409 BASKET_CHANGED, never a 500.
 */
export const writeBasket = async <T>(
  db: Db,
  userId: number,
  write: (tx: Tx) => Promise<T>,
): Promise<T> => {
  try {
    return await retryConflicts(() =>
      db.transaction(async (tx) => {
        await repo.lockBasketOwner(tx, userId);
        return write(tx);
      }),
    );
  } catch (error) {
    if (isUniqueViolation(error) && violatedConstraint(error) === 'basket_items_line_unique') {
      throw new AppError(
        'BASKET_CHANGED',
        'Your basket was changed at the same moment by another request: look at it and try again.',
      );
    }
    throw error;
  }
};

export const addToBasket = async (
  db: Db,
  session: Session,
  input: { productId: number; quantity: number; sellType: SellType },
) => {
  const profile = shopperOf(session.user);
  if (!canShop(profile.type_id))
    throw new AppError('FORBIDDEN', 'Only dealers and their users can shop.');
  if (!allowedSellTypes(profile).includes(input.sellType)) {
    throw new AppError(
      'SELL_TYPE_NOT_ALLOWED',
      input.sellType === SELL_TYPE.credit ? 'You cannot buy on credit.' : 'You cannot pay in cash.',
    );
  }
  const product = await findProduct(db, input.productId);
  if (!product) throw new AppError('NOT_FOUND', 'This product does not exist.');
  if (!product.isActive)
    throw new AppError('PRODUCT_UNAVAILABLE', 'This product is no longer sold.');
  if (product.providerId === PROVIDER.adobe) {
    throw new AppError(
      'PRODUCT_UNAVAILABLE',
      'Adobe products are added after a price request for a customer.',
    );
  }
  const refused = await writeBasket(db, session.user.id, (tx) =>
    addBasketLine(tx, session.user.id, input),
  );
  if (refused === 'basket_lines')
    throw new AppError('BASKET_LIMIT', `A basket holds at most ${MAX_BASKET_LINES} lines.`);
  if (refused === 'line_quantity') {
    throw new AppError(
      'BASKET_LIMIT',
      `A basket line holds at most ${MAX_LINE_QUANTITY} licences.`,
    );
  }
};

/**
 * Adds licences of a key-stock product to the user's line of that sell type, in the caller's
 * transaction (a `writeBasket`, which holds the basket's lock) and within the basket's limits: answers the limit it would break instead of
 * adding (nothing written then). The caller has checked the product and the sell type.
 */
export const addBasketLine = async (
  tx: DbOrTx,
  userId: number,
  input: { productId: number; quantity: number; sellType: SellType },
): Promise<'basket_lines' | 'line_quantity' | null> => {
  if ((await repo.countBasketLines(tx, userId)) >= MAX_BASKET_LINES) {
    // a new line would exceed the limit; adding to an existing line is still fine
    const lines = await repo.findBasketLines(tx, userId);
    const exists = lines.some(
      (l) => l.item.productId === input.productId && l.item.sellType === input.sellType,
    );
    if (!exists) return 'basket_lines';
  }
  const line = await repo.addToLine(tx, { userId, ...input });
  return line ? null : 'line_quantity';
};

/**
 * Spec 7 remove: takes `count` off a line. An Adobe line was priced for exactly its quantity
 * (invariant 2): it goes whole or not at all; a smaller quantity needs a new price request.
 */
export const removeFromBasket = (db: Db, session: Session, itemId: number, count: number) =>
  writeBasket(db, session.user.id, async (tx) => {
    // read under the basket's lock: a line a checkout bought meanwhile is gone, not taken twice
    const line = await repo.findBasketLine(tx, session.user.id, itemId);
    if (!line) throw new AppError('NOT_FOUND', 'This basket line does not exist.');
    if (line.adobe && count < line.quantity) {
      throw new AppError(
        'ADOBE_QUOTE_INVALID',
        'An Adobe line was priced for exactly its quantity: remove the whole line and ask Adobe for a price for the quantity you want.',
        { basket_item_id: itemId, quantity: line.quantity },
      );
    }
    const removed = await repo.removeFromLine(tx, session.user.id, itemId, count);
    if (!removed) throw new AppError('NOT_FOUND', 'This basket line does not exist.');
  });

/**
 * POST /api/basket/sell-type/{sellType}: every line moves to one way of paying, so the
 * checkout that pays that way takes them all, each then priced and shown at that sell type
 * (invariant 2: a line is charged the price of its own sell type, and the change is visible).
 * Lines of the same product meet in one; an Adobe line keeps its quote (the price in USD does
 * not depend on the way of paying) but two quotes for one customer cannot be merged.
 */
export const switchBasketSellType = async (db: Db, session: Session, sellType: SellType) => {
  const profile = shopperOf(session.user);
  if (!canShop(profile.type_id))
    throw new AppError('FORBIDDEN', 'Only dealers and their users can shop.');
  if (!allowedSellTypes(profile).includes(sellType)) {
    throw new AppError(
      'SELL_TYPE_NOT_ALLOWED',
      sellType === SELL_TYPE.credit ? 'You cannot buy on credit.' : 'You cannot pay in cash.',
    );
  }
  await writeBasket(db, session.user.id, async (tx) => {
    const lines = await repo.findBasketLines(tx, session.user.id);
    const target = new Map(
      lines
        .filter((l) => l.item.sellType === sellType)
        .map((l) => [`${l.item.productId}:${l.item.lineKey}`, l.item]),
    );
    for (const { item } of lines.filter((l) => l.item.sellType !== sellType)) {
      const same = target.get(`${item.productId}:${item.lineKey}`);
      if (!same) {
        await repo.setLineSellType(tx, item.id, sellType);
        continue;
      }
      if (item.adobe) {
        throw new AppError(
          'ADOBE_QUOTE_INVALID',
          'The basket holds two Adobe price requests for the same customer and product: remove one of them first.',
          { basket_item_id: item.id },
        );
      }
      if (same.quantity + item.quantity > MAX_LINE_QUANTITY) {
        throw new AppError(
          'BASKET_LIMIT',
          `A basket line holds at most ${MAX_LINE_QUANTITY} licences.`,
        );
      }
      await repo.mergeLineInto(tx, item.id, same.id, item.quantity);
    }
  });
};
