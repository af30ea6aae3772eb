import { divideRounded, fromCents, percentOf, toCents } from '@esd/shared/shop/money';
import { SELL_TYPE, type SellType } from '@esd/shared/shop/pricing.rules';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  licenceKeys,
  orderEvents,
  orderItems,
  orderMoneyMovements,
  orders,
  products,
  users,
} from '../db/schema';

const DEMO_WEEKS = 26;
const RATE = '1.7000';
const VAT = '18.00';
const OUT_OF_STOCK_SKU = 'MS-PRJSTD24-ESD';
/** The demo dealers of the first seed (other demo dealers keep an empty order history). */
const DEMO_DEALERS = ['dealer@example.com', 'dealer2@example.com'];

/** A small deterministic generator, so every demo database gets the same sales. */
const generator = (seed: number) => {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % below;
  };
};

/** AZN of a USD amount at the demo rate with VAT: usd × 1.7 × 1.18, rounded to cents once. */
const aznOf = (usd: string) => fromCents(divideRounded(toCents(usd) * 17_000n * 118n, 1_000_000n));

/**
 * Paid, completed orders of the last 26 weeks for the statistics pages: one to three a week
 * for each of the two first demo dealers (end users keep an empty history), lines of the stocked demo products (keys allocated from
 * stock), credit orders settled. The main demo dealer (dealer@example.com) gets sales only
 * before the current quarter, so its quarter target starts untouched. Inserted directly, so no
 * mails and no event points; the summaries follow through their triggers.
 */
export const seedDemoSales = async (tx: Tx) => {
  const dealers = await tx
    .select({ id: users.id, email: users.email, countryId: users.countryId })
    .from(users)
    .where(inArray(users.email, DEMO_DEALERS))
    .orderBy(asc(users.id));
  const stocked = await tx
    .select({
      id: products.id,
      sku: products.sku,
      titleEn: products.titleEn,
      titleRu: products.titleRu,
      titleAz: products.titleAz,
      dealerPrice: products.dealerPrice,
      isReturnable: products.isReturnable,
    })
    .from(products)
    .where(
      and(
        eq(products.providerId, 1),
        eq(products.isActive, true),
        ne(products.sku, OUT_OF_STOCK_SKU),
      ),
    )
    .orderBy(asc(products.id))
    .limit(14);
  if (dealers.length === 0 || stocked.length === 0) return;
  const random = generator(20_260_101);
  const now = Date.now();
  const bakuNow = new Date(now + 4 * 3_600_000);
  const quarterStart =
    Date.UTC(bakuNow.getUTCFullYear(), Math.floor(bakuNow.getUTCMonth() / 3) * 3, 1) -
    4 * 3_600_000;
  let sequence = 0;
  for (let week = DEMO_WEEKS; week >= 0; week--) {
    for (const dealer of dealers) {
      const count = 1 + random(3);
      for (let n = 0; n < count; n++) {
        // a weekday of that week, between 9:00 and 18:00 in Baku
        const paidAt = new Date(now - (week * 7 + random(7)) * 86_400_000 - random(9 * 3_600_000));
        if (paidAt.getTime() >= now - 3_600_000) continue;
        if (dealer.email === 'dealer@example.com' && paidAt.getTime() >= quarterStart) continue;
        const lines = Array.from({ length: 1 + random(2) }, () => {
          // popular products first: the lower half of the list sells twice as often
          const product =
            stocked[
              random(2) === 0 ? random(Math.ceil(stocked.length / 2)) : random(stocked.length)
            ]!;
          const quantity = 1 + random(4);
          const totalUsd = fromCents(toCents(product.dealerPrice) * BigInt(quantity));
          return { product, quantity, totalUsd, totalAzn: aznOf(totalUsd) };
        });
        const totalUsd = fromCents(lines.reduce((sum, l) => sum + toCents(l.totalUsd), 0n));
        const totalAzn = fromCents(lines.reduce((sum, l) => sum + toCents(l.totalAzn), 0n));
        const sellType = random(3) === 0 ? 1 : 2;
        const buyerId = dealer.id;
        const [order] = await tx
          .insert(orders)
          .values({
            buyerId,
            dealerId: dealer.id,
            countryId: dealer.countryId,
            sellType: sellType as SellType,
            status: 'completed',
            idempotencyKey: `demo-sales-${++sequence}`,
            lang: 'en',
            rate: RATE,
            vatPercent: VAT,
            surchargePercent: '0.00',
            totalUsd,
            vatUsd: percentOf(totalUsd, VAT),
            totalAzn,
            paidAt,
            completedAt: paidAt,
            creditSettledAt: sellType === SELL_TYPE.credit ? paidAt : null,
            createdAt: paidAt,
            updatedAt: paidAt,
          })
          .returning({ id: orders.id });
        if (!order) continue;
        // its money trail: paid in cash, or drawn on credit and settled at once (invariant 10)
        const amounts = { orderId: order.id, amountUsd: totalUsd, amountAzn: totalAzn };
        await tx.insert(orderMoneyMovements).values(
          sellType === SELL_TYPE.credit
            ? [
                { ...amounts, kind: 'credit_drawn', actorId: buyerId, createdAt: paidAt },
                { ...amounts, kind: 'settled', actorId: null, createdAt: paidAt },
              ]
            : [{ ...amounts, kind: 'paid', actorId: null, createdAt: paidAt }],
        );
        const items = await tx
          .insert(orderItems)
          .values(
            lines.map((l) => ({
              orderId: order.id,
              productId: l.product.id,
              sku: l.product.sku,
              titleEn: l.product.titleEn,
              titleRu: l.product.titleRu,
              titleAz: l.product.titleAz,
              providerId: 1,
              isReturnable: l.product.isReturnable,
              quantity: l.quantity,
              unitUsd: l.product.dealerPrice,
              totalUsd: l.totalUsd,
              totalAzn: l.totalAzn,
              status: 'delivered' as const,
              delivered: l.quantity,
              deliveredAt: paidAt,
            })),
          )
          .returning({
            id: orderItems.id,
            productId: orderItems.productId,
            quantity: orderItems.quantity,
          });
        for (const item of items) {
          await tx.execute(sql`
            update licence_keys set status = 'allocated', order_item_id = ${item.id}, allocated_at = ${paidAt.toISOString()}::timestamptz
            where id in (
              select id from ${licenceKeys}
              where product_id = ${item.productId} and status = 'available'
              order by id limit ${item.quantity}
            )`);
        }
        await tx.insert(orderEvents).values([
          {
            orderId: order.id,
            fromStatus: null,
            toStatus: 'in_progress',
            actorId: buyerId,
            createdAt: paidAt,
          },
          {
            orderId: order.id,
            fromStatus: 'in_progress',
            toStatus: 'completed',
            actorId: null,
            createdAt: paidAt,
          },
        ]);
      }
    }
  }
};
