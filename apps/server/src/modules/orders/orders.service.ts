import type { Language } from '@esd/shared/constants';
import { moneyOwed, orderActions, orderDisplayStatus } from '@esd/shared/orders/orders.rules';
import type {
  OrderDetail,
  OrderSummary,
  orderListQuerySchema,
} from '@esd/shared/orders/orders.schemas';
import { sumMoney } from '@esd/shared/shop/money';
import { SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { titleIn } from '../../lib/language';
import type { Session } from '../../plugins/auth';
import type { DomainEvents } from '../../plugins/domain-events';
import { adobeLineInfo } from '../basket';
import { readOrderSettings } from '../keys';
import type { NotifyAdmins } from '../notifications';
import {
  activateKey,
  cancelOrder,
  confirmPayment,
  decideReturn,
  deliverManually,
  factsOf,
  moneyStateOf,
  openReturnUntil,
  orderNotFound,
  paymentDueToday,
  requestReturn,
  settleCredit,
  withdrawRefusedItem,
} from './order-actions.service';
import * as repo from './orders.repository';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** The order if the viewer may see it; 404 otherwise, so strangers learn nothing. */
const requireVisibleOrder = async (db: DbOrTx, session: Session, id: number) => {
  const row = await repo.findVisibleOrder(db, session, id);
  if (!row) throw orderNotFound();
  return row;
};

export const toSummary = (
  row: repo.OrderListRow,
  totals: repo.ItemTotals | undefined,
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
  returned_quantity: totals?.returnedQuantity ?? 0,
  returned_usd: totals?.returnedUsd ?? '0.00',
  returned_azn: totals?.returnedAzn ?? '0.00',
  display_status: orderDisplayStatus({
    status: row.order.status,
    quantity: totals?.quantity ?? 0,
    returnedQuantity: totals?.returnedQuantity ?? 0,
  }),
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
    const trail = await repo.findMoneyTrail(tx, id);
    const { order } = row;
    const awaitsPayment = order.sellType === SELL_TYPE.cash && order.status === 'pending';
    const due = awaitsPayment ? await paymentDueToday(tx, order) : undefined;
    return { row, items, events, settings, keys, requests, trail, due };
  };
  return placing
    ? read(db)
    : db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
};

type OrderSnapshot = Awaited<ReturnType<typeof readOrderSnapshot>>;

/** The whole order as its page shows it, with what this viewer may do now. */
export const orderDetail = async (
  db: DbOrTx,
  session: Session,
  id: number,
  lang: Language,
  options: { now: Date; placing?: boolean },
): Promise<OrderDetail> =>
  detailOf(
    session,
    await readOrderSnapshot(db, session, id, options.placing ?? false),
    lang,
    options.now,
  );

/**
 * The detail of an order the checkout has just written, in its transaction, from the rows it
 * wrote (issue 35: nothing read again): what `orderDetail` with `placing` would read there, as
 * the buyer (who placed it, so sees it) and the dealer are the rows the checkout holds. A
 * cash order's payment due today is still read (the rate of the day).
 */
export const placedOrderDetail = async (
  tx: DbOrTx,
  session: Session,
  placed: {
    order: repo.OrderListRow['order'];
    buyer: { id: number; name: string; email: string };
    dealer: { id: number; name: string };
    items: OrderSnapshot['items'];
    events: OrderSnapshot['events'][number]['event'][];
    movements: OrderSnapshot['trail'][number]['movement'][];
  },
  lang: Language,
  now: Date,
): Promise<OrderDetail> => {
  const { order, buyer, dealer } = placed;
  // the actor of the first event and of the money placing moves is the buyer
  const nameOf = (actorId: number | null) => (actorId === buyer.id ? buyer.name : null);
  const awaitsPayment = order.sellType === SELL_TYPE.cash && order.status === 'pending';
  return detailOf(
    session,
    {
      row: { order, buyer: { id: buyer.id, name: buyer.name, email: buyer.email }, dealer },
      items: placed.items,
      events: placed.events.map((event) => ({ event, by: nameOf(event.actorId) })),
      settings: null,
      keys: [],
      requests: [],
      trail: placed.movements.map((movement) => ({
        movement,
        actorName: nameOf(movement.actorId),
      })),
      due: awaitsPayment ? await paymentDueToday(tx, order) : undefined,
    },
    lang,
    now,
  );
};

const detailOf = (
  session: Session,
  { row, items, events, settings, keys, requests, trail, due }: OrderSnapshot,
  lang: Language,
  at: Date,
): OrderDetail => {
  const now = at.getTime();
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
            ...adobeLineInfo(item.adobe),
            order_id: item.adobe.order_id ?? null,
            subscription_id: item.adobe.subscription_id ?? null,
            status: item.adobe.status ?? null,
            error: item.adobe.error ?? null,
          }
        : null,
    };
  });
  const order = row.order;
  const returned = items.filter((i) => i.status === 'returned');
  const totals = {
    items: items.length,
    quantity: items.reduce((n, i) => n + i.quantity, 0),
    waiting: items.filter((i) => i.status === 'waiting').length,
    returnedQuantity: returned.reduce((n, i) => n + i.quantity, 0),
    returnedUsd: sumMoney(returned.map((i) => i.totalUsd)),
    returnedAzn: sumMoney(returned.map((i) => i.totalAzn)),
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
      adobeRefused: Boolean(item.adobe?.error),
    })),
  );
  return {
    ...toSummary(row, totals),
    rate: order.rate,
    rate_date: order.rateDate,
    azn_fixed: order.sellType === SELL_TYPE.credit || order.paidAt !== null,
    payment_due: due ? { rate: due.rate, rate_date: due.rateDate, total_azn: due.totalAzn } : null,
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
    money_trail: trail.map(({ movement, actorName }) => ({
      id: movement.id,
      kind: movement.kind,
      amount_usd: movement.amountUsd,
      amount_azn: movement.amountAzn,
      at: movement.createdAt.toISOString(),
      item_id: movement.itemId,
      actor:
        movement.actorId !== null && actorName !== null
          ? { id: movement.actorId, name: actorName }
          : null,
      note: movement.note,
    })),
    // a cash order awaiting payment owes, in AZN, what it costs if paid today (issue 31)
    money_owed: due
      ? { usd: order.totalUsd, azn: due.totalAzn }
      : moneyOwed(
          moneyStateOf(order),
          trail.map(({ movement }) => ({
            kind: movement.kind,
            usd: movement.amountUsd,
            azn: movement.amountAzn,
          })),
        ),
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
 * The orders of the portal: the list, the page, and every action on an order; each action
 * answers the order as its page shows it afterwards.
 */
export const createOrdersService = ({
  db,
  events,
  notifyAdmins,
  clock,
}: {
  db: Db;
  /** tells whoever listens (key delivery, invoices) that an order was paid, refunded or completed */
  events: DomainEvents;
  /** tells the admins of a return request (after it is stored) */
  notifyAdmins: NotifyAdmins;
  clock: Clock;
}) => {
  /** who asks, in which language, from which address (for the audit log of admins' actions) */
  type Viewer = { session: Session; lang: Language; ip?: string | null };
  const actions = { db, clock };
  const detail = ({ session, lang }: Viewer, id: number) =>
    orderDetail(db, session, id, lang, { now: clock.now() });

  return {
    list: (session: Session, query: z.output<typeof orderListQuerySchema>) =>
      listOrders(db, session, query),
    detail,
    lateDeliveries: ({ session, lang }: Viewer) => lateDeliveries(db, session, lang),

    confirmPayment: async (
      viewer: Viewer,
      id: number,
      input: { note?: string; expectedAzn?: string } = {},
    ) => {
      await confirmPayment(actions, viewer.session, id, { ...input, ip: viewer.ip });
      await events.emit('order.paid', { orderId: id });
      return detail(viewer, id);
    },
    cancel: async (viewer: Viewer, id: number, note?: string) => {
      await cancelOrder(actions, viewer.session, id, note);
      await events.emit('order.cancelled', { orderId: id });
      await events.emit('order.refunded', { orderId: id });
      return detail(viewer, id);
    },
    settleCredit: async (viewer: Viewer, id: number, note?: string) => {
      await settleCredit(actions, viewer.session, id, { note, ip: viewer.ip });
      return detail(viewer, id);
    },
    deliverManually: async (viewer: Viewer, id: number, itemId: number, keys: string[]) => {
      const completed = await deliverManually(actions, viewer.session, id, itemId, keys);
      if (completed) await events.emit('order.completed', { orderId: id });
      return detail(viewer, id);
    },
    withdrawRefusedItem: async (viewer: Viewer, id: number, itemId: number, note?: string) => {
      const completed = await withdrawRefusedItem(actions, viewer.session, id, itemId, note);
      await events.emit('order.refunded', { orderId: id });
      if (completed) await events.emit('order.completed', { orderId: id });
      return detail(viewer, id);
    },
    activateKey: async (viewer: Viewer, id: number, keyId: number, endCustomer: string) => {
      await activateKey(actions, viewer.session, id, keyId, endCustomer);
      return detail(viewer, id);
    },
    requestReturn: async (viewer: Viewer, id: number, itemId: number, reason: string) => {
      const returnRequestId = await requestReturn(actions, viewer.session, id, itemId, {
        reason,
        lang: viewer.lang,
      });
      await notifyAdmins({ kind: 'return_requested', returnRequestId });
      return detail(viewer, id);
    },
    decideReturn: async (
      viewer: Viewer,
      id: number,
      returnId: number,
      decision: { approve: boolean; note?: string },
    ) => {
      await decideReturn(actions, viewer.session, id, returnId, {
        ...decision,
        lang: viewer.lang,
        ip: viewer.ip,
      });
      await events.emit('return.decided', { orderId: id, returnId, approved: decision.approve });
      if (decision.approve) await events.emit('order.refunded', { orderId: id });
      return detail(viewer, id);
    },
  };
};
