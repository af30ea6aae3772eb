import type { Role } from '@esd/shared/access/access.rules';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import {
  canMoveOrder,
  type ItemStatusName,
  type OrderFacts,
  type OrderStatusName,
  orderActions,
  returnableUntil,
} from '@esd/shared/orders/orders.rules';
import type {
  OrderDetail,
  OrderSummary,
  orderListQuerySchema,
} from '@esd/shared/orders/orders.schemas';
import { sumMoney } from '@esd/shared/shop/money';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import type { z } from 'zod';
import type { Config } from '../../config/env';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../lib/errors';
import { titleIn } from '../../lib/language';
import { isUniqueViolation } from '../../lib/pg-errors';
import { takeUses } from '../../lib/usage-limit';
import type { Session } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import { reverseEventPoints } from '../events/events.points';
import { assertReturnKeepsPoints } from '../events/events.service';
import { readOrderSettings } from '../keys/order-settings';
import { completeIfDelivered, markItemDelivered } from './delivery.repository';
import { mailOrderKeys } from './delivery.service';
import type { Deliveries } from './orders.jobs';
import * as repo from './orders.repository';

/** Keys mails a user can send in an hour, and mails one address can get (issue 18). */
const SEND_KEYS_PER_USER_PER_HOUR = 30;
const MAILS_PER_RECIPIENT_PER_HOUR = 10;

const iso = (value: Date | null) => (value ? value.toISOString() : null);

const isOrderAdmin = (role: Role) => role === 'gd' || role === 'ld';

const isOwnerOf = (session: Session, order: { buyerId: number; dealerId: number }) =>
  order.buyerId === session.user.id || (session.role === 'd' && order.dealerId === session.user.id);

const orderNotFound = () => new AppError('NOT_FOUND', 'This order does not exist.');
const itemNotFound = () => new AppError('NOT_FOUND', 'This order item does not exist.');
const invalidState = (message: string) => new AppError('INVALID_STATE', message);
const cannotBecome = (from: OrderStatusName, to: OrderStatusName) =>
  invalidState(`An order that is ${from} cannot become ${to}.`);

/** The order if the viewer may see it; 404 otherwise, so strangers learn nothing. */
const requireVisibleOrder = async (db: DbOrTx, session: Session, id: number) => {
  const row = await repo.findVisibleOrder(db, session, id);
  if (!row) throw orderNotFound();
  return row;
};

export const toSummary = (
  row: repo.OrderListRow,
  totals: { items: number; quantity: number; waiting: number } | undefined,
): OrderSummary => ({
  id: row.order.id,
  created_at: row.order.createdAt.toISOString(),
  status: row.order.status,
  sell_type: row.order.sellType,
  buyer: row.buyer,
  dealer: row.dealer,
  items_count: totals?.items ?? 0,
  quantity: totals?.quantity ?? 0,
  total_usd: row.order.totalUsd,
  total_azn: row.order.totalAzn,
  waiting_items: row.order.status === 'in_progress' ? (totals?.waiting ?? 0) : 0,
  credit_settled: row.order.creditSettledAt !== null,
});

/**
 * When an item's return window closes, if it may be asked back now: delivered, returnable, not
 * an Adobe subscription (returned through Adobe), no return awaiting a decision. `windowDays`
 * null: no item can be (an order being placed).
 */
const openReturnUntil = (
  item: {
    providerId: number;
    isReturnable: boolean;
    status: ItemStatusName;
    deliveredAt: Date | null;
  },
  windowDays: number | null,
  returnRequested: boolean,
  now: number,
) => {
  const until =
    item.providerId === PROVIDER.adobe || windowDays === null
      ? null
      : returnableUntil(item, windowDays);
  return until !== null && until.getTime() > now && !returnRequested ? until : null;
};

/** What the shared `orderActions` needs to know of an order, its items and its viewer. */
const factsOf = (
  session: Session,
  order: repo.OrderRow,
  items: {
    providerId: number;
    status: ItemStatusName;
    delivered: number;
    returnRequested: boolean;
    returnOpen: boolean;
  }[],
): OrderFacts => ({
  status: order.status,
  sellType: order.sellType,
  creditSettled: order.creditSettledAt !== null,
  deliveredKeys: items.reduce((n, i) => n + i.delivered, 0),
  isOwner: isOwnerOf(session, order),
  isAdmin: isOrderAdmin(session.role),
  hasVendorItemWaiting: items.some(
    (i) => i.status === 'waiting' && i.providerId === PROVIDER.other,
  ),
  hasReturnRequested: items.some((i) => i.returnRequested),
  hasReturnableItem: items.some((i) => i.returnOpen),
});

const listOrders = async (
  db: DbOrTx,
  session: Session,
  query: z.output<typeof orderListQuerySchema>,
) => {
  const where = repo.orderConditions(session, query);
  const [rows, total] = await Promise.all([
    repo
      .selectOrders(db, where)
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    repo.countOrders(db, where),
  ]);
  const totals = await repo.itemTotals(
    db,
    rows.map((r) => r.order.id),
  );
  return { items: rows.map((row) => toSummary(row, totals.get(row.order.id))), total };
};

/**
 * Everything the order page shows, read from one snapshot (a repeatable-read transaction),
 * so a delivery finishing meanwhile never shows keys beside "0 delivered". One connection:
 * the reads run one after another. `placing`: `db` is the checkout transaction that wrote the
 * order and holds it uncommitted, so nothing else can see or change it meanwhile (the reads
 * run there directly, without a savepoint), and it can have no keys and no return requests
 * yet (those need a delivery, which needs the order committed): they are not read, nor the
 * return window, which only a delivered item has.
 */
const readOrderSnapshot = (db: DbOrTx, session: Session, id: number, placing: boolean) => {
  const read = async (tx: DbOrTx) => {
    const row = await requireVisibleOrder(tx, session, id);
    const items = await repo.findOrderItems(tx, id);
    const events = await repo.findOrderHistory(tx, id);
    // an order being placed has no delivered item, so no return window to read settings for
    const settings = placing ? null : await readOrderSettings(tx);
    const itemIds = placing ? [] : items.map((i) => i.id);
    const keys = await repo.findItemKeys(tx, itemIds);
    const requests = await repo.findReturnRequests(tx, itemIds);
    return { row, items, events, settings, keys, requests };
  };
  return placing
    ? read(db)
    : db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
};

/** The whole order as its page shows it, with what this viewer may do now. */
export const orderDetail = async (
  db: DbOrTx,
  session: Session,
  id: number,
  lang: Language,
  options: { placing?: boolean } = {},
): Promise<OrderDetail> => {
  const { row, items, events, settings, keys, requests } = await readOrderSnapshot(
    db,
    session,
    id,
    options.placing ?? false,
  );
  const now = Date.now();
  const lastRequest = new Map(requests.map((r) => [r.orderItemId, r]));
  const detailItems = items.map((item) => {
    const request = lastRequest.get(item.id) ?? null;
    const until = openReturnUntil(
      item,
      settings?.return_window_days ?? null,
      request?.status === 'requested',
      now,
    );
    return {
      id: item.id,
      product_id: item.productId,
      sku: item.sku,
      FullTitle: titleIn(item, lang),
      provider_id: item.providerId,
      is_returnable: item.isReturnable,
      quantity: item.quantity,
      unit_usd: item.unitUsd,
      total_usd: item.totalUsd,
      total_azn: item.totalAzn,
      status: item.status,
      delivered: item.delivered,
      keys: keys
        .filter((k) => k.key.orderItemId === item.id && k.key.status !== 'available')
        .map(({ key, activatedBy }) => ({
          id: key.id,
          key: key.key,
          status: key.status as 'allocated' | 'revoked',
          delivered_at: (key.allocatedAt ?? key.createdAt).toISOString(),
          activated_at: iso(key.activatedAt),
          activated_by: activatedBy,
          activated_for: key.activatedFor,
        })),
      return_request: request
        ? {
            id: request.id,
            status: request.status,
            reason: request.reason,
            requested_at: request.createdAt.toISOString(),
            decided_at: iso(request.decidedAt),
            note: request.note,
          }
        : null,
      returnable_until: until ? until.toISOString() : null,
      adobe: item.adobe
        ? {
            customer_id: item.adobe.customer_id,
            company_name: item.adobe.company_name,
            three_year_commitment: item.adobe.three_year_commitment,
            order_id: item.adobe.order_id ?? null,
            subscription_id: item.adobe.subscription_id ?? null,
            status: item.adobe.status ?? null,
            error: item.adobe.error ?? null,
          }
        : null,
    };
  });
  const order = row.order;
  const totals = {
    items: items.length,
    quantity: items.reduce((n, i) => n + i.quantity, 0),
    waiting: items.filter((i) => i.status === 'waiting').length,
  };
  const openRequests = new Set(
    requests.filter((r) => r.status === 'requested').map((r) => r.orderItemId),
  );
  const facts = factsOf(
    session,
    order,
    items.map((item, index) => ({
      ...item,
      returnRequested: openRequests.has(item.id),
      returnOpen: detailItems[index]?.returnable_until !== null,
    })),
  );
  return {
    ...toSummary(row, totals),
    rate: order.rate,
    vat_percent: order.vatPercent,
    vat_usd: order.vatUsd,
    surcharge_percent: order.surchargePercent,
    refunded_usd: order.refundedUsd,
    refunded_azn: order.refundedAzn,
    paid_at: iso(order.paidAt),
    completed_at: iso(order.completedAt),
    credit_settled_at: iso(order.creditSettledAt),
    items: detailItems,
    history: events.map(({ event, by }) => ({
      at: event.createdAt.toISOString(),
      item_id: event.itemId,
      from: event.fromStatus,
      to: event.toStatus,
      by,
      note: event.note,
    })),
    actions: orderActions(session.role, facts),
  };
};

/** Items past the 3-minute delivery promise, for the admins' alert. */
const lateDeliveries = async (db: DbOrTx, session: Session, lang: Language) => {
  const rows = await repo.findLateItems(db, session);
  return rows.map(({ item, paidAt }) => ({
    order_id: item.orderId,
    item_id: item.id,
    sku: item.sku,
    FullTitle: titleIn(item, lang),
    quantity: item.quantity,
    delivered: item.delivered,
    paid_at: iso(paidAt) ?? '',
  }));
};

/**
 * Locks an order the viewer may see, for the rest of the transaction, and works out with the
 * shared `orderActions` (the answers the order page shows) what the viewer may do with it now.
 */
const lockOrder = async (tx: Tx, session: Session, id: number) => {
  const order = await repo.lockVisibleOrder(tx, session, id);
  if (!order) throw orderNotFound();
  const items = await repo.findItemStates(tx, id);
  const settings = await readOrderSettings(tx);
  const now = Date.now();
  const facts = factsOf(
    session,
    order,
    items.map((item) => ({
      ...item,
      returnOpen:
        openReturnUntil(item, settings.return_window_days, item.returnRequested, now) !== null,
    })),
  );
  return { order, items, settings, now, facts, may: orderActions(session.role, facts) };
};

const lockItem = async (tx: Tx, orderId: number, itemId: number) => {
  const item = await repo.lockOrderItem(tx, orderId, itemId);
  if (!item) throw itemNotFound();
  return item;
};

const requireAdmin = (session: Session) => {
  if (!isOrderAdmin(session.role))
    throw new AppError('FORBIDDEN', 'Only district administrators may do this.');
};

/** The order moves along its state machine, and its history records who moved it. */
const moveOrder = async (
  tx: Tx,
  session: Session,
  order: repo.OrderRow,
  to: OrderStatusName,
  note: string | undefined,
  stamp?: 'paidAt' | 'cancelledAt',
) => {
  if (!canMoveOrder(order.status, to)) throw cannotBecome(order.status, to);
  await repo.setOrderStatus(tx, order.id, to, stamp);
  await repo.insertOrderEvent(tx, {
    orderId: order.id,
    fromStatus: order.status,
    toStatus: to,
    actorId: session.user.id,
    note: note || null,
  });
};

/** A global or local district admin confirms that a cash order was paid; delivery starts. */
const confirmPayment = (db: Db, session: Session, id: number, note?: string) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, session, id);
    if (!may.confirm_payment)
      throw invalidState('Only an order awaiting payment can be confirmed.');
    await moveOrder(tx, session, order, 'in_progress', note, 'paidAt');
  });

/** The buyer while it awaits payment, or an admin until a key went out. Credit comes back. */
const cancelOrder = (db: Db, session: Session, id: number, note?: string) =>
  db.transaction(async (tx) => {
    const { order, facts, may } = await lockOrder(tx, session, id);
    if (!may.cancel) {
      // why not, in the words the API has always used
      if (!facts.isAdmin && !(facts.isOwner && order.status === 'pending'))
        throw invalidState('You can cancel your order only while it awaits payment.');
      if (facts.deliveredKeys > 0)
        throw invalidState('Keys of this order were delivered: return its items instead.');
      throw cannotBecome(order.status, 'cancelled');
    }
    await moveOrder(tx, session, order, 'cancelled', note, 'cancelledAt');
  });

/** The dealer paid its credit order: the amount no longer counts against its limit. */
const settleCredit = (db: Db, session: Session, id: number, note?: string) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, session, id);
    if (!may.settle_credit) {
      if (order.sellType !== SELL_TYPE.credit)
        throw invalidState('This order was not placed on credit.');
      if (order.creditSettledAt) throw invalidState('This credit order is already settled.');
      throw invalidState('A cancelled order owes nothing.');
    }
    await repo.markCreditSettled(tx, id);
    await repo.insertOrderEvent(tx, {
      orderId: id,
      fromStatus: order.status,
      toStatus: 'credit_settled',
      actorId: session.user.id,
      note: note || null,
    });
  });

/**
 * An admin enters the keys of a vendor-delivered item (provider 2). Returns whether the order
 * completed, so its keys mail goes out.
 */
const deliverManually = (db: Db, session: Session, id: number, itemId: number, keys: string[]) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, session, id);
    if (!may.deliver_manually && order.status !== 'in_progress')
      throw invalidState('Only a paid order is delivered.');
    const item = await lockItem(tx, id, itemId);
    // the shared rule asks for some vendor item waiting; the keys go to this one, so it must be one
    if (!may.deliver_manually || item.providerId !== PROVIDER.other || item.status !== 'waiting') {
      throw invalidState('Only a vendor-delivered item that waits for keys is delivered by hand.');
    }
    const unique = [...new Set(keys)];
    if (unique.length !== keys.length) throw invalidState('The same key is listed twice.');
    const missing = item.quantity - item.delivered;
    if (unique.length > missing)
      throw invalidState(`This item needs ${missing} more key(s), not ${unique.length}.`);
    try {
      await repo.insertAllocatedKeys(tx, item, unique, session.user.id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError('CONFLICT', 'One of these keys was already issued for this product.');
      throw error;
    }
    const full = unique.length === missing;
    await repo.addDeliveredKeys(tx, item.id, unique.length, full);
    if (!full) return false;
    await markItemDelivered(tx, id, item.id, session.user.id);
    return completeIfDelivered(tx, id, session.user.id);
  });

/** The buyer (or its dealer) records which end customer activated a delivered key. */
const activateKey = (db: Db, session: Session, id: number, keyId: number, endCustomer: string) =>
  db.transaction(async (tx) => {
    const { facts, may } = await lockOrder(tx, session, id);
    if (!may.activate_keys && !facts.isOwner)
      throw new AppError('FORBIDDEN', 'Only the buyer or its dealer activates keys.');
    // the shared rule asks for some key out; the one named must be one of them
    const key = await repo.lockOrderKey(tx, id, keyId);
    if (!may.activate_keys || !key)
      throw new AppError('NOT_FOUND', 'This key is not part of the order.');
    if (key.status !== 'allocated') throw invalidState('A revoked key cannot be activated.');
    if (key.activatedAt) throw invalidState('This key is already activated.');
    await repo.markKeyActivated(tx, keyId, session.user.id, endCustomer);
    await repo.insertOrderEvent(tx, {
      orderId: id,
      itemId: key.orderItemId,
      fromStatus: null,
      toStatus: 'key_activated',
      actorId: session.user.id,
      note: endCustomer,
    });
  });

/** The buyer (or its dealer) asks to return a delivered, returnable item within the window. */
const requestReturn = (
  db: Db,
  session: Session,
  id: number,
  itemId: number,
  { reason, lang }: { reason: string; lang: Language },
) =>
  db.transaction(async (tx) => {
    const { order, items, settings, now, facts, may } = await lockOrder(tx, session, id);
    if (!may.request_return && !facts.isOwner)
      throw new AppError('FORBIDDEN', 'Only the buyer or its dealer asks for a return.');
    // the shared rule asks for some item that can be returned; the one named must be it, and
    // why it is not says what the buyer can do
    const item = await lockItem(tx, id, itemId);
    if (item.providerId === PROVIDER.adobe) {
      // an Adobe subscription is returned through Adobe's RETURN order, not by revoking keys
      throw new AppError(
        'RETURN_WINDOW_CLOSED',
        'Adobe subscriptions are returned through Adobe; ask the distributor.',
      );
    }
    const until = returnableUntil(item, settings.return_window_days);
    if (!until || until.getTime() <= now) {
      throw new AppError(
        'RETURN_WINDOW_CLOSED',
        item.isReturnable
          ? `Returns are accepted within ${settings.return_window_days} days of delivery.`
          : 'This product is not returnable.',
      );
    }
    if (!may.request_return || items.some((i) => i.id === itemId && i.returnRequested))
      throw invalidState('A return of this item is already requested.');
    // refused now rather than at approval: the buyer learns at once what to do first
    await assertReturnKeepsPoints(tx, { dealerId: order.dealerId, orderItemId: itemId, lang });
    await repo.insertReturnRequest(tx, {
      orderItemId: itemId,
      requestedBy: session.user.id,
      reason,
    });
    await repo.insertOrderEvent(tx, {
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
const decideReturn = (
  db: Db,
  session: Session,
  id: number,
  returnId: number,
  decision: { approve: boolean; note?: string; lang: Language },
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, session, id);
    const request = await repo.lockReturnRequest(tx, id, returnId);
    if (!request) throw new AppError('NOT_FOUND', 'This return request does not exist.');
    // the shared rule asks for some request awaiting a decision; the one named must be it
    if (!may.decide_returns || request.status !== 'requested')
      throw invalidState('This request was already decided.');
    const item = await lockItem(tx, id, request.orderItemId);
    await repo.decideReturnRequest(tx, returnId, {
      status: decision.approve ? 'approved' : 'rejected',
      decidedBy: session.user.id,
      note: decision.note || null,
    });
    if (!decision.approve) {
      await repo.insertOrderEvent(tx, {
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
    await repo.returnItem(tx, item.id);
    await reverseEventPoints(tx, item.id);
    await repo.setRefunded(tx, id, {
      usd: sumMoney([order.refundedUsd, item.totalUsd]),
      azn: sumMoney([order.refundedAzn, item.totalAzn]),
    });
    await repo.insertOrderEvent(tx, {
      orderId: id,
      itemId: item.id,
      fromStatus: 'delivered',
      toStatus: 'returned',
      actorId: session.user.id,
      note: decision.note || null,
    });
  });

/**
 * The orders of the portal: the list, the page, and every action on an order; each action
 * answers the order as its page shows it afterwards.
 */
export const createOrdersService = ({
  db,
  deliveries,
  mailer,
  config,
}: {
  db: Db;
  deliveries: Deliveries;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
}) => {
  type Viewer = { session: Session; lang: Language };
  const detail = ({ session, lang }: Viewer, id: number) => orderDetail(db, session, id, lang);

  return {
    list: (session: Session, query: z.output<typeof orderListQuerySchema>) =>
      listOrders(db, session, query),
    detail,
    lateDeliveries: ({ session, lang }: Viewer) => lateDeliveries(db, session, lang),

    confirmPayment: async (viewer: Viewer, id: number, note?: string) => {
      await confirmPayment(db, viewer.session, id, note);
      await deliveries.orderPaid(id);
      return detail(viewer, id);
    },
    cancel: async (viewer: Viewer, id: number, note?: string) => {
      await cancelOrder(db, viewer.session, id, note);
      return detail(viewer, id);
    },
    settleCredit: async (viewer: Viewer, id: number, note?: string) => {
      await settleCredit(db, viewer.session, id, note);
      return detail(viewer, id);
    },
    deliverManually: async (viewer: Viewer, id: number, itemId: number, keys: string[]) => {
      const completed = await deliverManually(db, viewer.session, id, itemId, keys);
      if (completed) await deliveries.orderCompleted(id);
      return detail(viewer, id);
    },
    activateKey: async (viewer: Viewer, id: number, keyId: number, endCustomer: string) => {
      await activateKey(db, viewer.session, id, keyId, endCustomer);
      return detail(viewer, id);
    },
    requestReturn: async (viewer: Viewer, id: number, itemId: number, reason: string) => {
      await requestReturn(db, viewer.session, id, itemId, { reason, lang: viewer.lang });
      return detail(viewer, id);
    },
    decideReturn: async (
      viewer: Viewer,
      id: number,
      returnId: number,
      decision: { approve: boolean; note?: string },
    ) => {
      await decideReturn(db, viewer.session, id, returnId, { ...decision, lang: viewer.lang });
      return detail(viewer, id);
    },

    /**
     * "Send keys" mails whom the user names (the buyer by default): limited per user and per
     * recipient (issue 18). Answers the address.
     */
    sendKeys: async (session: Session, id: number, email?: string) => {
      await requireVisibleOrder(db, session, id);
      const recipient = email?.toLowerCase() ?? `buyer-of-order:${id}`;
      await takeUses(db, [
        {
          key: `send-keys:user:${session.user.id}`,
          max: SEND_KEYS_PER_USER_PER_HOUR,
          windowSeconds: 3600,
          message: 'You have sent keys too often: try again in {minutes} minutes.',
        },
        {
          key: `mail:to:${recipient}`,
          max: MAILS_PER_RECIPIENT_PER_HOUR,
          windowSeconds: 3600,
          message: 'Too many mails to this address: try again in {minutes} minutes.',
        },
      ]);
      const to = await mailOrderKeys({ db, mailer, config }, id, email);
      if (!to) throw invalidState('This order has no delivered keys yet.');
      return to;
    },
  };
};
