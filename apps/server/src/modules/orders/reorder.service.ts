import { canBuyAdobe, canShop } from '@esd/shared/access/access.rules';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import type { ReorderResult } from '@esd/shared/orders/orders.schemas';
import { allowedSellTypes, type SellType } from '@esd/shared/shop/pricing.rules';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { titleIn } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import { findOwnAdobeCustomerIds } from '../adobe';
import { shopperOf } from '../auth';
import { addBasketLine, writeBasket } from '../basket';
import { findProduct, loadOwnSettings, loadPricingContext, usdPrice } from '../catalogue';
import { orderNotFound } from './order-actions.service';
import * as repo from './orders.repository';

type Viewer = { session: Session; lang: Language };

/**
 * "Order again": the key-stock lines of an order the viewer may see go into the viewer's basket
 * at once, through the basket's own rules (its limits; priced today, as every basket line is),
 * in one transaction; lines that cannot are reported with the reason. Adobe lines are priced
 * per customer by Adobe: they come back to be asked for again, for the same customer and
 * quantity.
 */
export const createReorderService = ({ db }: { db: Db }) => ({
  reorder: async ({ session, lang }: Viewer, orderId: number): Promise<ReorderResult> => {
    const profile = shopperOf(session.user);
    if (!canShop(profile.type_id))
      throw new AppError('FORBIDDEN', 'Only dealers and their users can shop.');
    const found = await repo.findVisibleOrder(db, session, orderId);
    if (!found) throw orderNotFound();
    const allowed = allowedSellTypes(profile);
    const orderSellType = found.order.sellType as SellType;
    const sellType = allowed.includes(orderSellType) ? orderSellType : allowed[0];
    if (sellType === undefined)
      throw new AppError('SELL_TYPE_NOT_ALLOWED', 'You cannot pay in cash or on credit.');

    const items = await repo.findOrderItems(db, orderId);
    const products = new Map(
      await Promise.all(
        [...new Set(items.map((item) => item.productId))].map(
          async (id) => [id, await findProduct(db, id)] as const,
        ),
      ),
    );
    const buysAdobe = canBuyAdobe(profile);
    const ownCustomers = await findOwnAdobeCustomerIds(
      db,
      items.flatMap((item) => item.adobe?.portal_customer_id ?? []),
      session.user.id,
    );
    const ctx = await loadPricingContext(db, session);
    const own = await loadOwnSettings(db, ctx, [...products.keys()]);

    // under the basket's lock, as every basket write (issue 29); a retried run starts afresh
    return writeBasket(db, session.user.id, async (tx) => {
      const result: ReorderResult = { sell_type: sellType, added: [], skipped: [], adobe: [] };
      for (const item of items) {
        const product = products.get(item.productId);
        const line = {
          product_id: item.productId,
          sku: product?.sku ?? item.sku,
          FullTitle: titleIn(product ?? item, lang),
          quantity: item.quantity,
        };
        if (!product?.isActive) {
          result.skipped.push({ ...line, reason: 'not_sold' });
          continue;
        }
        if (product.providerId === PROVIDER.adobe) {
          if (!buysAdobe) {
            result.skipped.push({ ...line, reason: 'adobe_not_allowed' });
            continue;
          }
          const customerId = item.adobe?.portal_customer_id;
          result.adobe.push({
            ...line,
            customer_id:
              customerId !== undefined && ownCustomers.has(customerId) ? customerId : null,
            three_year_commitment: item.adobe?.three_year_commitment ?? false,
          });
          continue;
        }
        const refused = await addBasketLine(tx, session.user.id, {
          productId: product.id,
          quantity: item.quantity,
          sellType,
        });
        if (refused) {
          result.skipped.push({ ...line, reason: refused });
          continue;
        }
        result.added.push({
          ...line,
          unit_usd: usdPrice(ctx, product, own.get(product.id) ?? null),
        });
      }
      return result;
    });
  },
});
