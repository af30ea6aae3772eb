import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orderItems, orders } from '../../db/schema';
import type { AdobeLine } from '../../db/schema/shop';
import { AppError } from '../../lib/errors';
import { completeIfDelivered, markItemDelivered } from '../orders/delivery';

/** Adobe's order status codes: done, pending, failed. */
const DONE = '1000';

/**
 * Places the paid Adobe items of an order with Adobe. Each item's order carries the item id as
 * externalReferenceId, so a retry or a second process never places it twice at Adobe. The
 * answer is written under the order's lock; an item Adobe refused keeps its error and waits
 * for an admin (it shows as late). Returns whether the order completed.
 */
export const deliverAdobeItems = async (app: FastifyInstance, orderId: number) => {
  const items = await app.db
    .select({ id: orderItems.id, quantity: orderItems.quantity, adobe: orderItems.adobe })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orderItems.orderId, orderId),
        eq(orderItems.providerId, PROVIDER.adobe),
        eq(orderItems.status, 'waiting'),
        eq(orders.status, 'in_progress'),
      ),
    );
  let completed = false;
  let pending = false;
  for (const item of items) {
    const line = item.adobe;
    if (!line || line.error) continue;
    let answer: Partial<AdobeLine>;
    try {
      const order = await app.adobe.placeOrder(
        line.customer_id,
        `esd-order-item-${item.id}`,
        [{ offerId: line.option_id, quantity: item.quantity }],
        line.three_year_commitment,
      );
      answer = {
        order_id: order.orderId,
        subscription_id: order.lineItems[0]?.subscriptionId ?? null,
        status: order.status,
        error: order.status === '1004' ? 'Adobe could not fulfil the order.' : null,
      };
    } catch (error) {
      // Adobe unreachable: the job is retried; refused: the item keeps the reason
      if (error instanceof AppError && error.error === 'ADOBE_REJECTED') {
        answer = { status: '1004', error: error.message };
      } else throw error;
    }
    const done = await app.db.transaction(async (tx) => {
      const [order] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.id, orderId))
        .for('update');
      const [current] = await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.id, item.id))
        .for('update');
      if (order?.status !== 'in_progress' || current?.status !== 'waiting' || !current.adobe)
        return false;
      const adobe = { ...current.adobe, ...answer };
      if (answer.status !== DONE) {
        await tx.update(orderItems).set({ adobe }).where(eq(orderItems.id, item.id));
        return false;
      }
      await tx
        .update(orderItems)
        .set({ adobe, status: 'delivered', delivered: current.quantity, deliveredAt: sql`now()` })
        .where(eq(orderItems.id, item.id));
      await markItemDelivered(tx, orderId, item.id, null);
      return completeIfDelivered(tx, orderId, null);
    });
    completed ||= done;
    pending ||= answer.status !== DONE && !answer.error;
  }
  // Adobe still working on it (1002): the job fails and pg-boss asks again later
  if (pending) throw new Error(`Adobe order of order ${orderId} is still pending`);
  return completed;
};
