import { sellTypeName } from '@esd/shared/shop/pricing.rules';
import type { WebhookEventType } from '@esd/shared/webhooks/webhooks.schemas';
import type { Db } from '../../db/client';
import { findOrderForWebhook } from './webhooks.repository';

/** The orders' domain events and the webhook each becomes. */
export const WEBHOOK_EVENTS_OF_ORDERS = [
  ['order.placed', 'order.placed'],
  ['order.paid', 'order.paid'],
  ['order.completed', 'order.completed'],
  ['order.cancelled', 'order.cancelled'],
] as const satisfies readonly (readonly [string, WebhookEventType])[];

/**
 * What a webhook tells of an order: ids, its state and exact amounts (decimal strings), never
 * its keys, which the dealer fetches with its API key. Undefined when the order is gone.
 */
export const orderEventData = async (db: Db, orderId: number) => {
  const order = await findOrderForWebhook(db, orderId);
  if (!order) return undefined;
  return {
    dealerId: order.dealerId,
    /** the dealer's enabled endpoints, read with the order */
    endpoints: order.endpoints,
    data: {
      order_id: order.id,
      dealer_id: order.dealerId,
      buyer_id: order.buyerId,
      status: order.status,
      sell_type: sellTypeName(order.sellType),
      total_usd: order.totalUsd,
      vat_usd: order.vatUsd,
      total_azn: order.totalAzn,
      refunded_usd: order.refundedUsd,
      refunded_azn: order.refundedAzn,
      placed_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
      completed_at: order.completedAt?.toISOString() ?? null,
      cancelled_at: order.cancelledAt?.toISOString() ?? null,
    } as Record<string, unknown>,
  };
};
