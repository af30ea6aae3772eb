import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import {
  canMoveOrder,
  type OrderStatusName,
  returnableUntil,
} from '@esd/shared/orders/orders.rules';
import { sumMoney } from '@esd/shared/shop/money';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { licenceKeys, orderEvents, orderItems, orders, returnRequests } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Session } from '../../plugins/auth';
import { reverseEventPoints } from '../events/events.points';
import { assertReturnKeepsPoints } from '../events/events.service';
import { readOrderSettings } from '../keys/order-settings';
import { completeIfDelivered, markItemDelivered } from './delivery';
import { isOrderAdmin, orderScope } from './orders.query';

const invalidState = (message: string) => new AppError('INVALID_STATE', message);

/** Locks an order the viewer may see, for the rest of the transaction. */
const lockOrder = async (tx: Tx, session: Session, id: number) => {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), orderScope(session)))
    .for('update');
  if (!order) throw new AppError('NOT_FOUND', 'This order does not exist.');
  return order;
};

type OrderRow = Awaited<ReturnType<typeof lockOrder>>;

const isOwner = (session: Session, order: OrderRow) =>
  order.buyerId === session.user.id || (session.role === 'd' && order.dealerId === session.user.id);

const requireAdmin = (session: Session) => {
  if (!isOrderAdmin(session.role))
    throw new AppError('FORBIDDEN', 'Only district administrators may do this.');
};

const moveOrder = async (
  tx: Tx,
  session: Session,
  order: OrderRow,
  to: OrderStatusName,
  note: string | undefined,
  set: PgUpdateSetSource<typeof orders> = {},
) => {
  if (!canMoveOrder(order.status, to))
    throw invalidState(`An order that is ${order.status} cannot become ${to}.`);
  await tx
    .update(orders)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(eq(orders.id, order.id));
  await tx.insert(orderEvents).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actorId: session.user.id,
    note: note || null,
  });
};

/** A global or local district admin confirms that a cash order was paid; delivery starts. */
export const confirmPayment = (db: Db, session: Session, id: number, note?: string) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const order = await lockOrder(tx, session, id);
    if (order.status !== 'pending')
      throw invalidState('Only an order awaiting payment can be confirmed.');
    await moveOrder(tx, session, order, 'in_progress', note, { paidAt: sql`now()` });
  });

/** The buyer while it awaits payment, or an admin until a key went out. Credit comes back. */
export const cancelOrder = (db: Db, session: Session, id: number, note?: string) =>
  db.transaction(async (tx) => {
    const order = await lockOrder(tx, session, id);
    const admin = isOrderAdmin(session.role);
    if (!admin && !(isOwner(session, order) && order.status === 'pending')) {
      throw invalidState('You can cancel your order only while it awaits payment.');
    }
    const [delivered] = await tx
      .select({ n: sql<number>`coalesce(sum(${orderItems.delivered}), 0)::int` })
      .from(orderItems)
      .where(eq(orderItems.orderId, id));
    if ((delivered?.n ?? 0) > 0)
      throw invalidState('Keys of this order were delivered: return its items instead.');
    await moveOrder(tx, session, order, 'cancelled', note, { cancelledAt: sql`now()` });
  });

/** The dealer paid its credit order: the amount no longer counts against its limit. */
export const settleCredit = (db: Db, session: Session, id: number, note?: string) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const order = await lockOrder(tx, session, id);
    if (order.sellType !== 2) throw invalidState('This order was not placed on credit.');
    if (order.creditSettledAt) throw invalidState('This credit order is already settled.');
    if (order.status === 'cancelled') throw invalidState('A cancelled order owes nothing.');
    await tx
      .update(orders)
      .set({ creditSettledAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(orders.id, id));
    await tx.insert(orderEvents).values({
      orderId: id,
      fromStatus: order.status,
      toStatus: 'credit_settled',
      actorId: session.user.id,
      note: note || null,
    });
  });

const lockItem = async (tx: Tx, orderId: number, itemId: number) => {
  const [item] = await tx
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .for('update');
  if (!item) throw new AppError('NOT_FOUND', 'This order item does not exist.');
  return item;
};

/**
 * An admin enters the keys of a vendor-delivered item (provider 2). Returns whether the order
 * completed, so its keys mail goes out.
 */
export const deliverManually = (
  db: Db,
  session: Session,
  id: number,
  itemId: number,
  keys: string[],
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const order = await lockOrder(tx, session, id);
    if (order.status !== 'in_progress') throw invalidState('Only a paid order is delivered.');
    const item = await lockItem(tx, id, itemId);
    if (item.providerId !== PROVIDER.other || item.status !== 'waiting') {
      throw invalidState('Only a vendor-delivered item that waits for keys is delivered by hand.');
    }
    const unique = [...new Set(keys)];
    if (unique.length !== keys.length) throw invalidState('The same key is listed twice.');
    const missing = item.quantity - item.delivered;
    if (unique.length > missing)
      throw invalidState(`This item needs ${missing} more key(s), not ${unique.length}.`);
    try {
      await tx.insert(licenceKeys).values(
        unique.map((key) => ({
          productId: item.productId,
          key,
          status: 'allocated' as const,
          orderItemId: item.id,
          allocatedAt: sql`now()`,
          importedBy: session.user.id,
        })),
      );
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 'One of these keys was already issued for this product.');
      throw error;
    }
    const full = unique.length === missing;
    await tx
      .update(orderItems)
      .set({
        delivered: sql`${orderItems.delivered} + ${unique.length}`,
        ...(full ? { status: 'delivered' as const, deliveredAt: sql`now()` } : {}),
      })
      .where(eq(orderItems.id, item.id));
    if (!full) return false;
    await markItemDelivered(tx, id, item.id, session.user.id);
    return completeIfDelivered(tx, id, session.user.id);
  });

/** The buyer (or its dealer) records which end customer activated a delivered key. */
export const activateKey = (
  db: Db,
  session: Session,
  id: number,
  keyId: number,
  endCustomer: string,
) =>
  db.transaction(async (tx) => {
    const order = await lockOrder(tx, session, id);
    if (!isOwner(session, order))
      throw new AppError('FORBIDDEN', 'Only the buyer or its dealer activates keys.');
    const [key] = await tx
      .select({ key: licenceKeys, orderId: orderItems.orderId })
      .from(licenceKeys)
      .innerJoin(orderItems, eq(orderItems.id, licenceKeys.orderItemId))
      .where(and(eq(licenceKeys.id, keyId), eq(orderItems.orderId, id)))
      .for('update', { of: licenceKeys });
    if (!key) throw new AppError('NOT_FOUND', 'This key is not part of the order.');
    if (key.key.status !== 'allocated') throw invalidState('A revoked key cannot be activated.');
    if (key.key.activatedAt) throw invalidState('This key is already activated.');
    await tx
      .update(licenceKeys)
      .set({ activatedAt: sql`now()`, activatedBy: session.user.id, activatedFor: endCustomer })
      .where(eq(licenceKeys.id, keyId));
    await tx.insert(orderEvents).values({
      orderId: id,
      itemId: key.key.orderItemId,
      fromStatus: null,
      toStatus: 'key_activated',
      actorId: session.user.id,
      note: endCustomer,
    });
  });

/** The buyer (or its dealer) asks to return a delivered, returnable item within the window. */
export const requestReturn = (
  db: Db,
  session: Session,
  id: number,
  itemId: number,
  { reason, lang }: { reason: string; lang: Language },
) =>
  db.transaction(async (tx) => {
    const order = await lockOrder(tx, session, id);
    if (!isOwner(session, order))
      throw new AppError('FORBIDDEN', 'Only the buyer or its dealer asks for a return.');
    const item = await lockItem(tx, id, itemId);
    if (item.providerId === PROVIDER.adobe) {
      // an Adobe subscription is returned through Adobe's RETURN order, not by revoking keys
      throw new AppError(
        'RETURN_WINDOW_CLOSED',
        'Adobe subscriptions are returned through Adobe; ask the distributor.',
      );
    }
    const settings = await readOrderSettings(tx);
    const until = returnableUntil(item, settings.return_window_days);
    if (!until || until.getTime() <= Date.now()) {
      throw new AppError(
        'RETURN_WINDOW_CLOSED',
        item.isReturnable
          ? `Returns are accepted within ${settings.return_window_days} days of delivery.`
          : 'This product is not returnable.',
      );
    }
    const [open] = await tx
      .select({ n: count() })
      .from(returnRequests)
      .where(and(eq(returnRequests.orderItemId, itemId), eq(returnRequests.status, 'requested')));
    if ((open?.n ?? 0) > 0) throw invalidState('A return of this item is already requested.');
    // refused now rather than at approval: the buyer learns at once what to do first
    await assertReturnKeepsPoints(tx, {
      dealerId: order.dealerId,
      orderItemId: itemId,
      lang,
    });
    await tx
      .insert(returnRequests)
      .values({ orderItemId: itemId, requestedBy: session.user.id, reason });
    await tx.insert(orderEvents).values({
      orderId: id,
      itemId,
      fromStatus: item.status,
      toStatus: 'return_requested',
      actorId: session.user.id,
      note: reason,
    });
  });

/**
 * An admin approves (keys revoked, item returned, its amount restored to the dealer's credit
 * or recorded as refunded) or rejects a return request.
 */
export const decideReturn = (
  db: Db,
  session: Session,
  id: number,
  returnId: number,
  decision: { approve: boolean; note?: string; lang: Language },
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const order = await lockOrder(tx, session, id);
    const [request] = await tx
      .select({ request: returnRequests })
      .from(returnRequests)
      .innerJoin(orderItems, eq(orderItems.id, returnRequests.orderItemId))
      .where(and(eq(returnRequests.id, returnId), eq(orderItems.orderId, id)))
      .for('update', { of: returnRequests });
    if (!request) throw new AppError('NOT_FOUND', 'This return request does not exist.');
    if (request.request.status !== 'requested')
      throw invalidState('This request was already decided.');
    const item = await lockItem(tx, id, request.request.orderItemId);
    await tx
      .update(returnRequests)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        decidedBy: session.user.id,
        decidedAt: sql`now()`,
        note: decision.note || null,
      })
      .where(eq(returnRequests.id, returnId));
    if (!decision.approve) {
      await tx.insert(orderEvents).values({
        orderId: id,
        itemId: item.id,
        fromStatus: item.status,
        toStatus: 'return_rejected',
        actorId: session.user.id,
        note: decision.note || null,
      });
      return;
    }
    if (item.status !== 'delivered') throw invalidState('Only a delivered item can be returned.');
    await assertReturnKeepsPoints(tx, {
      dealerId: order.dealerId,
      orderItemId: item.id,
      lang: decision.lang,
    });
    await tx
      .update(licenceKeys)
      .set({ status: 'revoked', revokedAt: sql`now()` })
      .where(and(eq(licenceKeys.orderItemId, item.id), inArray(licenceKeys.status, ['allocated'])));
    await tx.update(orderItems).set({ status: 'returned' }).where(eq(orderItems.id, item.id));
    await reverseEventPoints(tx, item.id);
    await tx
      .update(orders)
      .set({
        refundedUsd: sumMoney([order.refundedUsd, item.totalUsd]),
        refundedAzn: sumMoney([order.refundedAzn, item.totalAzn]),
        updatedAt: sql`now()`,
      })
      .where(eq(orders.id, id));
    await tx.insert(orderEvents).values({
      orderId: id,
      itemId: item.id,
      fromStatus: 'delivered',
      toStatus: 'returned',
      actorId: session.user.id,
      note: decision.note || null,
    });
  });
