import type { Db } from '../../db/client';
import type { AdobeLine } from '../../db/schema/shop';
import { AppError } from '../../lib/errors';
import type { AdobeClient } from '../adobe';
import { completeIfDelivered, markItemDelivered } from '../orders';
import {
  findWaitingAdobeItems,
  lockOrderAndItem,
  setItemAdobe,
  setItemDeliveredByAdobe,
} from './delivery.repository';

/** Adobe's order status codes: done, pending, failed. */
const DONE = '1000';

/**
 * Places the paid Adobe items of an order with Adobe. Each item's order carries the item id as
 * externalReferenceId, so a retry or a second process never places it twice at Adobe. The
 * answer is written under the order's lock; an item Adobe refused keeps its error and waits
 * for an admin (it shows as late). Returns whether the order completed.
 */
export const deliverAdobeItems = async (
  { db, adobe: client }: { db: Db; adobe: AdobeClient },
  orderId: number,
) => {
  const items = await findWaitingAdobeItems(db, orderId);
  let completed = false;
  let pending = false;
  for (const item of items) {
    const line = item.adobe;
    if (!line || line.error) continue;
    let answer: Partial<AdobeLine>;
    try {
      const order = await client.placeOrder(
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
    const done = await db.transaction(async (tx) => {
      const { order, item: current } = await lockOrderAndItem(tx, orderId, item.id);
      if (order?.status !== 'in_progress' || current?.status !== 'waiting' || !current.adobe)
        return false;
      const adobe = { ...current.adobe, ...answer };
      if (answer.status !== DONE) {
        await setItemAdobe(tx, item.id, adobe);
        return false;
      }
      await setItemDeliveredByAdobe(tx, { id: item.id, quantity: current.quantity, adobe });
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
