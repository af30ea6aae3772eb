import type { Role } from '@esd/shared/access/access.rules';
import { PROVIDER } from '@esd/shared/catalogue/catalogue.schemas';
import type { Language } from '@esd/shared/constants';
import { formatNumber } from '@esd/shared/format/format';
import { formatCount } from '@esd/shared/format/plural';
import {
  cancelRefund,
  canMoveOrder,
  type ItemStatusName,
  type MoneyMovement,
  type OrderFacts,
  type OrderMoneyState,
  type OrderStatusName,
  orderActions,
  refundKind,
  remainingOfOrder,
  returnableUntil,
} from '@esd/shared/orders/orders.rules';
import { compareMoney, sumMoney } from '@esd/shared/shop/money';
import { aznAtRate, SELL_TYPE } from '@esd/shared/shop/pricing.rules';
import type { AuditValues } from '@esd/shared/users/users.audit-codes';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/pg-errors';
import type { Session } from '../../plugins/auth';
import { findCurrentRate } from '../catalogue';
import { assertReturnKeepsPoints, reverseEventPoints } from '../events';
import { readOrderSettings } from '../keys';
import * as repo from './orders.repository';

// The actions on a placed order, each one transaction that locks the order first. Whether the
// viewer may is the shared `orderActions`: the same answers the order page shows.

/** What the order actions use: the database and the clock their return window reads. */
export type OrderActionDeps = { db: Db; clock: Clock };

/** The address an admin's action came from, for its audit entry. */
type FromAddress = { ip?: string | null };

/**
 * Money received and return decisions go into the audit log (issue 33), in words the audit page
 * shows: who (the entry's actor), which order (its record), the amounts, the decision and why.
 */
const auditOrder = (
  tx: Tx,
  session: Session,
  ip: string | null | undefined,
  entry: {
    action:
      | 'order.confirm_payment'
      | 'order.settle_credit'
      | 'order.return_approve'
      | 'order.return_reject';
    orderId: number;
    after: AuditValues;
  },
) =>
  writeAudit(
    tx,
    { actorId: session.user.id, ip: ip ?? null },
    { action: entry.action, entityType: 'order', entityId: entry.orderId, after: entry.after },
  );

const isOrderAdmin = (role: Role) => role === 'gd' || role === 'ld';

const isOwnerOf = (session: Session, order: { buyerId: number; dealerId: number }) =>
  order.buyerId === session.user.id || (session.role === 'd' && order.dealerId === session.user.id);

export const orderNotFound = () => new AppError('NOT_FOUND', 'This order does not exist.');
const itemNotFound = () => new AppError('NOT_FOUND', 'This order item does not exist.');
export const invalidState = (message: string) => new AppError('INVALID_STATE', message);
const cannotBecome = (from: OrderStatusName, to: OrderStatusName) =>
  invalidState(`An order that is ${from} cannot become ${to}.`);

/**
 * When an item's return window closes, if it may be asked back now: delivered, returnable, not
 * an Adobe subscription (returned through Adobe), no return awaiting a decision. `windowDays`
 * null: no item can be (an order being placed).
 */
export const openReturnUntil = (
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
export const factsOf = (
  session: Session,
  order: repo.OrderRow,
  items: {
    providerId: number;
    status: ItemStatusName;
    delivered: number;
    returnRequested: boolean;
    returnOpen: boolean;
    adobeRefused: boolean;
  }[],
): OrderFacts => ({
  status: order.status,
  sellType: order.sellType,
  creditSettled: order.creditSettledAt !== null,
  deliveredKeys: items.reduce((n, i) => n + i.delivered, 0),
  // keys still held: delivered on items not returned; an Adobe item's licences are at Adobe,
  // with no keys to activate or send
  heldKeys: items.reduce(
    (n, i) => n + (i.status === 'returned' || i.providerId === PROVIDER.adobe ? 0 : i.delivered),
    0,
  ),
  isOwner: isOwnerOf(session, order),
  isAdmin: isOrderAdmin(session.role),
  hasVendorItemWaiting: items.some(
    (i) => i.status === 'waiting' && i.providerId === PROVIDER.other,
  ),
  hasReturnRequested: items.some((i) => i.returnRequested),
  hasReturnableItem: items.some((i) => i.returnOpen),
  hasRefusedAdobeItem: items.some(
    (i) => i.status === 'waiting' && i.providerId === PROVIDER.adobe && i.adobeRefused,
  ),
});

/** What the shared money rules read of an order. */
export const moneyStateOf = (order: repo.OrderRow): OrderMoneyState => ({
  status: order.status,
  sellType: order.sellType,
  creditSettled: order.creditSettledAt !== null,
  totalUsd: order.totalUsd,
  totalAzn: order.totalAzn,
  refundedUsd: order.refundedUsd,
  refundedAzn: order.refundedAzn,
});

/**
 * Invariant 10, every movement of money is recorded: the order's money trail records
 * `movement` (nothing when it is null), in the caller's transaction, so it is kept exactly
 * when the change that moves the money is.
 */
const recordMoney = async (
  tx: Tx,
  by: { orderId: number; actorId: number | null; itemId?: number; note?: string | null },
  movement: MoneyMovement | null,
) => {
  if (!movement) return;
  await repo.insertMoneyMovement(tx, {
    orderId: by.orderId,
    itemId: by.itemId ?? null,
    kind: movement.kind,
    amountUsd: movement.usd,
    amountAzn: movement.azn,
    actorId: by.actorId,
    note: by.note || null,
  });
};

/**
 * Locks an order the viewer may see, for the rest of the transaction, and works out with the
 * shared `orderActions` (the answers the order page shows) what the viewer may do with it now.
 */
const lockOrder = async (tx: Tx, clock: Clock, session: Session, id: number) => {
  const order = await repo.lockVisibleOrder(tx, session, id);
  if (!order) throw orderNotFound();
  const items = await repo.findItemStates(tx, id);
  const settings = await readOrderSettings(tx);
  const now = clock.now().getTime();
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

/**
 * What a cash order costs in AZN if paid today (specification §1: at the bank's rate at payment
 * time): its lines at the rate in force today (Baku), with the order's VAT. Undefined when no
 * rate was ever entered.
 */
export const paymentDueToday = async (
  tx: DbOrTx,
  order: Pick<repo.OrderRow, 'id' | 'vatPercent' | 'surchargePercent'>,
) => {
  const rate = await findCurrentRate(tx);
  if (!rate) return undefined;
  const fixed = aznAtRate(order, await repo.findItemPrices(tx, order.id), rate.rate);
  return { rate: rate.rate, rateDate: rate.date, ...fixed };
};

/**
 * A global or local district admin confirms that a cash order was paid; delivery starts. The
 * payment fixes the order's AZN amounts at the rate of its day (issue 31); `expectedAzn`, the
 * amount the admin saw as due, must be that amount (else 409 AMOUNT_CHANGED, nothing done).
 */
export const confirmPayment = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  input: { note?: string; expectedAzn?: string } & FromAddress,
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, clock, session, id);
    if (!may.confirm_payment)
      throw invalidState('Only an order awaiting payment can be confirmed.');
    const due = await paymentDueToday(tx, order);
    if (!due)
      throw new AppError(
        'NO_EXCHANGE_RATE',
        "No bank exchange rate is set, so the AZN amount of the payment cannot be fixed; set today's rate first.",
      );
    if (input.expectedAzn !== undefined && compareMoney(input.expectedAzn, due.totalAzn) !== 0)
      throw new AppError(
        'AMOUNT_CHANGED',
        `The amount due is now ${due.totalAzn} AZN at the bank's rate ${due.rate} of ${due.rateDate}, not ${input.expectedAzn} AZN: nothing was confirmed.`,
        { payment_due: { rate: due.rate, rate_date: due.rateDate, total_azn: due.totalAzn } },
      );
    await repo.setOrderAzn(tx, id, due);
    await moveOrder(tx, session, order, 'in_progress', input.note, 'paidAt');
    await recordMoney(
      tx,
      { orderId: id, actorId: session.user.id, note: input.note },
      { kind: 'paid', usd: order.totalUsd, azn: due.totalAzn },
    );
    await auditOrder(tx, session, input.ip, {
      action: 'order.confirm_payment',
      orderId: id,
      after: {
        amount_usd: order.totalUsd,
        amount_azn: due.totalAzn,
        rate: due.rate,
        note: input.note || null,
      },
    });
  });

/** The buyer while it awaits payment, or an admin until a key went out. Credit comes back. */
export const cancelOrder = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  note?: string,
) =>
  db.transaction(async (tx) => {
    const { order, facts, may } = await lockOrder(tx, clock, session, id);
    if (!may.cancel) {
      // why not, in the words the API has always used
      if (!facts.isAdmin && !(facts.isOwner && order.status === 'pending'))
        throw invalidState('You can cancel your order only while it awaits payment.');
      if (facts.deliveredKeys > 0)
        throw invalidState('Keys of this order were delivered: return its items instead.');
      throw cannotBecome(order.status, 'cancelled');
    }
    // a paid or credit order gives back what is left of it, in the cancel's transaction
    await recordMoney(
      tx,
      { orderId: id, actorId: session.user.id, note },
      cancelRefund(moneyStateOf(order)),
    );
    await moveOrder(tx, session, order, 'cancelled', note, 'cancelledAt');
  });

/** The dealer paid its credit order: the amount no longer counts against its limit. */
export const settleCredit = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  { note, ip }: { note?: string } & FromAddress = {},
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, clock, session, id);
    if (!may.settle_credit) {
      if (order.sellType !== SELL_TYPE.credit)
        throw invalidState('This order was not placed on credit.');
      if (order.creditSettledAt) throw invalidState('This credit order is already settled.');
      throw invalidState('A cancelled order owes nothing.');
    }
    await repo.markCreditSettled(tx, id);
    const settled = remainingOfOrder(moneyStateOf(order));
    await recordMoney(
      tx,
      { orderId: id, actorId: session.user.id, note },
      { kind: 'settled', ...settled },
    );
    await auditOrder(tx, session, ip, {
      action: 'order.settle_credit',
      orderId: id,
      after: { amount_usd: settled.usd, amount_azn: settled.azn, note: note || null },
    });
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
export const deliverManually = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  itemId: number,
  keys: string[],
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, clock, session, id);
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
      throw invalidState(
        `This item needs ${formatCount(missing, 'en', { one: 'more key', other: 'more keys' })}, not ${formatNumber(unique.length, 'en')}.`,
      );
    try {
      await repo.insertAllocatedKeys(tx, item, unique, session.user.id);
    } catch (error) {
      if (isUniqueViolation(error))
        throw new AppError(
          'CONFLICT',
          'One of these keys is already in the key pool, for this or another product.',
        );
      throw error;
    }
    const full = unique.length === missing;
    await repo.addDeliveredKeys(tx, item.id, unique.length, full);
    if (!full) return false;
    await repo.markItemDelivered(tx, id, item.id, session.user.id);
    return repo.completeIfDelivered(tx, id, session.user.id);
  });

/**
 * An admin takes an Adobe item that Adobe refused off a paid order: the item is returned without
 * keys, its amount refunded (restored to the dealer's credit, or owed back for cash) and the
 * order completes when the rest is delivered. Returns whether the order completed.
 */
export const withdrawRefusedItem = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  itemId: number,
  note: string | undefined,
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, clock, session, id);
    const item = await lockItem(tx, id, itemId);
    // the shared rule asks for some refused item; the one named must be it
    if (
      !may.withdraw_refused ||
      item.providerId !== PROVIDER.adobe ||
      item.status !== 'waiting' ||
      !item.adobe?.error
    )
      throw invalidState('Only an Adobe item that Adobe refused, on a paid order, is withdrawn.');
    await repo.returnItem(tx, item.id);
    await repo.setRefunded(tx, id, {
      usd: sumMoney([order.refundedUsd, item.totalUsd]),
      azn: sumMoney([order.refundedAzn, item.totalAzn]),
    });
    await recordMoney(
      tx,
      { orderId: id, actorId: session.user.id, itemId: item.id, note: note || item.adobe.error },
      { kind: refundKind(moneyStateOf(order)), usd: item.totalUsd, azn: item.totalAzn },
    );
    await repo.insertOrderEvent(tx, {
      orderId: id,
      itemId: item.id,
      fromStatus: 'waiting',
      toStatus: 'adobe_withdrawn',
      actorId: session.user.id,
      note: note || item.adobe.error,
    });
    return repo.completeIfDelivered(tx, id, session.user.id);
  });

/** The buyer (or its dealer) records which end customer activated a delivered key. */
export const activateKey = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  keyId: number,
  endCustomer: string,
) =>
  db.transaction(async (tx) => {
    const { facts, may } = await lockOrder(tx, clock, session, id);
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

/**
 * The buyer (or its dealer) asks to return a delivered, returnable item within the window.
 * Answers the request's id.
 */
export const requestReturn = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  itemId: number,
  { reason, lang }: { reason: string; lang: Language },
) =>
  db.transaction(async (tx) => {
    const { order, items, settings, now, facts, may } = await lockOrder(tx, clock, session, id);
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
    const returnRequestId = await repo.insertReturnRequest(tx, {
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
    return returnRequestId;
  });

/**
 * An admin approves (keys revoked, item returned, its amount restored to the dealer's credit
 * or recorded as refunded) or rejects a return request.
 */
export const decideReturn = (
  { db, clock }: OrderActionDeps,
  session: Session,
  id: number,
  returnId: number,
  decision: { approve: boolean; note?: string; lang: Language } & FromAddress,
) =>
  db.transaction(async (tx) => {
    requireAdmin(session);
    const { order, may } = await lockOrder(tx, clock, session, id);
    const request = await repo.lockReturnRequest(tx, id, returnId);
    if (!request) throw new AppError('NOT_FOUND', 'This return request does not exist.');
    // the shared rule asks for some request awaiting a decision; the one named must be it
    if (!may.decide_returns || request.status !== 'requested')
      throw invalidState('This request was already decided.');
    const item = await lockItem(tx, id, request.orderItemId);
    const audit = (action: 'order.return_approve' | 'order.return_reject') =>
      auditOrder(tx, session, decision.ip, {
        action,
        orderId: id,
        after: {
          sku: item.sku,
          quantity: item.quantity,
          amount_usd: item.totalUsd,
          amount_azn: item.totalAzn,
          reason: request.reason,
          note: decision.note || null,
        },
      });
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
      await audit('order.return_reject');
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
    await recordMoney(
      tx,
      { orderId: id, actorId: session.user.id, itemId: item.id, note: decision.note },
      { kind: refundKind(moneyStateOf(order)), usd: item.totalUsd, azn: item.totalAzn },
    );
    await repo.insertOrderEvent(tx, {
      orderId: id,
      itemId: item.id,
      fromStatus: 'delivered',
      toStatus: 'returned',
      actorId: session.user.id,
      note: decision.note || null,
    });
    await audit('order.return_approve');
  });
