import { canShop } from '@esd/shared/access/access.rules';
import type { Basket } from '@esd/shared/catalogue/basket.schemas';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { multiplyMoney, sumMoney } from '@esd/shared/shop/money';
import {
  allowedSellTypes,
  type OwnPriceSetting,
  type SellType,
} from '@esd/shared/shop/pricing.rules';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type basketItems, products } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { titleIn } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import { toProfile } from '../auth/profile';
import {
  aznAmount,
  loadOwnSettings,
  loadPricingContext,
  type PricingContext,
  usdPrice,
} from '../catalogue/pricing.context';
import { productImageUrl } from '../catalogue/products.routes';
import * as repo from './basket.repository';

/**
 * USD per licence of a basket line: an Adobe line keeps the price of its provider preview
 * (prorated for the customer), every other line is priced now by the pricing chain.
 */
export const lineUnitPrice = (
  ctx: PricingContext,
  line: { item: typeof basketItems.$inferSelect; product: typeof products.$inferSelect },
  own: OwnPriceSetting | null,
) =>
  line.product.providerId === PROVIDER.adobe && line.item.adobe?.unit_usd
    ? line.item.adobe.unit_usd
    : usdPrice(ctx, line.product, own);

/** The basket with every amount computed now from the pricing chain; nothing priced is stored. */
export const readBasket = async (db: Db, session: Session, lang: Language): Promise<Basket> => {
  const [ctx, lines] = await Promise.all([
    loadPricingContext(db, session),
    repo.findBasketLines(db, session.user.id),
  ]);
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
  const items = lines.map(({ item, product }) => {
    const Amount = lineUnitPrice(ctx, { item, product }, own.get(product.id) ?? null);
    const totalUsd = multiplyMoney(Amount, item.quantity);
    return {
      id: item.id,
      product_id: product.id,
      sku: product.sku,
      FullTitle: titleIn(product, lang),
      provider_id: product.providerId,
      is_returnable: product.isReturnable,
      image_url: productImageUrl(product.imagePath),
      quantity: item.quantity,
      sell_type: item.sellType,
      Amount,
      total_usd: totalUsd,
      total_azn: aznAmount(ctx, totalUsd, item.sellType as SellType) ?? '0.00',
      adobe: item.adobe
        ? {
            customer_id: item.adobe.customer_id,
            company_name: item.adobe.company_name,
            three_year_commitment: item.adobe.three_year_commitment,
          }
        : null,
    };
  });
  return {
    products: items,
    totalQuantity: items.reduce((total, item) => total + item.quantity, 0),
    totalAmount: sumMoney(items.map((i) => i.total_azn)),
    totalUsdAmount: sumMoney(items.map((i) => i.total_usd)),
    form: items.length > 0,
    rate: ctx.rate ?? '0.0000',
    vat_percent: ctx.settings.vat_percent,
  };
};

export const addToBasket = async (
  db: Db,
  session: Session,
  input: { productId: number; quantity: number; sellType: 1 | 2 },
) => {
  const profile = toProfile(session.user, session.claims);
  if (!canShop(profile.type_id))
    throw new AppError('FORBIDDEN', 'Only dealers and their users can shop.');
  if (!allowedSellTypes(profile).includes(input.sellType)) {
    throw new AppError(
      'SELL_TYPE_NOT_ALLOWED',
      input.sellType === 2 ? 'You cannot buy on credit.' : 'You cannot pay in cash.',
    );
  }
  const [product] = await db.select().from(products).where(eq(products.id, input.productId));
  if (!product) throw new AppError('NOT_FOUND', 'This product does not exist.');
  if (!product.isActive)
    throw new AppError('PRODUCT_UNAVAILABLE', 'This product is no longer sold.');
  if (product.providerId === PROVIDER.adobe) {
    throw new AppError(
      'PRODUCT_UNAVAILABLE',
      'Adobe products are added after a price request for a customer.',
    );
  }
  await db.transaction(async (tx) => {
    if ((await repo.countBasketLines(tx, session.user.id)) >= repo.MAX_BASKET_LINES) {
      // a new line would exceed the limit; adding to an existing line is still fine
      const lines = await repo.findBasketLines(tx, session.user.id);
      const exists = lines.some(
        (l) => l.item.productId === input.productId && l.item.sellType === input.sellType,
      );
      if (!exists)
        throw new AppError(
          'BASKET_LIMIT',
          `A basket holds at most ${repo.MAX_BASKET_LINES} lines.`,
        );
    }
    const line = await repo.addToLine(tx, { userId: session.user.id, ...input });
    if (!line) {
      throw new AppError(
        'BASKET_LIMIT',
        `A basket line holds at most ${repo.MAX_LINE_QUANTITY} licences.`,
      );
    }
  });
};

export const removeFromBasket = async (db: Db, session: Session, itemId: number, count: number) => {
  const removed = await repo.removeFromLine(db, session.user.id, itemId, count);
  if (!removed) throw new AppError('NOT_FOUND', 'This basket line does not exist.');
};
