import type { Role } from '../access/access.rules';
import { compareMoney, fromCents, subtractMoney, toCents } from '../shop/money';
import { SELL_TYPE, type SellType } from '../shop/pricing.rules';

/**
 * An order: `pending` (cash, awaiting payment) → `in_progress` (paid or on credit; keys being
 * delivered) → `completed` (every item delivered); `cancelled` before any key went out.
 */
export const ORDER_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type OrderStatusName = (typeof ORDER_STATUSES)[number];

/** An item waits for its keys, is delivered, or was returned (its keys revoked). */
export const ITEM_STATUSES = ['waiting', 'delivered', 'returned'] as const;
export type ItemStatusName = (typeof ITEM_STATUSES)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected'] as const;

/**
 * What the screens and the export call an order: its stored status, except that a completed
 * order whose items all came back reads `returned` and one with some back `partly_returned`.
 * The stored status (and the API's `status`) stays the specification's; this is a label.
 */
export const ORDER_DISPLAY_STATUSES = [...ORDER_STATUSES, 'partly_returned', 'returned'] as const;
export type OrderDisplayStatus = (typeof ORDER_DISPLAY_STATUSES)[number];

export const orderDisplayStatus = (o: {
  status: OrderStatusName;
  /** licences on the order */
  quantity: number;
  /** licences of its returned items */
  returnedQuantity: number;
}): OrderDisplayStatus => {
  if (o.status !== 'completed' || o.returnedQuantity <= 0) return o.status;
  return o.returnedQuantity >= o.quantity ? 'returned' : 'partly_returned';
};

/**
 * What an order's history records besides a move of status (`to_status` of `order_events`):
 * a key activated for an end customer, a return asked for or refused, a credit order paid, an
 * Adobe item Adobe refused taken off the order and refunded.
 */
export const ORDER_EVENT_NAMES = [
  'key_activated',
  'return_requested',
  'return_rejected',
  'credit_settled',
  'adobe_withdrawn',
] as const;
export type OrderEventName = (typeof ORDER_EVENT_NAMES)[number];

export const CREDIT_LIMIT_MESSAGE =
  'Impossible to place order. Order value is greater than remaining credit limit.';

/** Keys are promised within 3 minutes of payment (spec 9); later, admins are alerted. */
export const KEY_DELIVERY_PROMISE_SECONDS = 180;
export const DEFAULT_RETURN_WINDOW_DAYS = 14;
export const DEFAULT_LOW_STOCK_THRESHOLD = 10;

const transitions: Record<OrderStatusName, readonly OrderStatusName[]> = {
  pending: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

export const canMoveOrder = (from: OrderStatusName, to: OrderStatusName) =>
  transitions[from].includes(to);

/** Remaining credit (USD, VAT excluded) = limit − unpaid credit orders; never below zero shown. */
export const remainingCredit = (limit: string, unpaid: string) => subtractMoney(limit, unpaid);

/** A credit order fits when its value is not greater than the remaining credit. */
export const fitsCredit = (orderValue: string, remaining: string) =>
  compareMoney(orderValue, remaining) <= 0;

/** The last moment a delivered item may be asked back; null when it cannot be. */
export const returnableUntil = (
  item: { isReturnable: boolean; status: ItemStatusName; deliveredAt: Date | null },
  windowDays: number,
): Date | null => {
  if (!item.isReturnable || item.status !== 'delivered' || !item.deliveredAt) return null;
  return new Date(item.deliveredAt.getTime() + windowDays * 86_400_000);
};

export type OrderFacts = {
  status: OrderStatusName;
  sellType: SellType;
  creditSettled: boolean;
  /** keys already handed out on this order (returned ones too: they went out) */
  deliveredKeys: number;
  /** keys handed out and still held: delivered on items not returned, none on Adobe items */
  heldKeys: number;
  /** the viewer placed the order, or is the buyer's dealer */
  isOwner: boolean;
  /** the viewer is gd, or ld of the order's country */
  isAdmin: boolean;
  hasVendorItemWaiting: boolean;
  hasReturnRequested: boolean;
  hasReturnableItem: boolean;
  /** an Adobe item Adobe refused, still waiting on a paid order */
  hasRefusedAdobeItem: boolean;
};

/** What a viewer may do with an order now; the server enforces the same answers. */
export const orderActions = (role: Role, o: OrderFacts) => ({
  confirm_payment: o.isAdmin && o.status === 'pending',
  cancel:
    o.deliveredKeys === 0 &&
    ((o.isAdmin && (o.status === 'pending' || o.status === 'in_progress')) ||
      (o.isOwner && o.status === 'pending')),
  settle_credit:
    o.isAdmin && o.sellType === SELL_TYPE.credit && !o.creditSettled && o.status !== 'cancelled',
  deliver_manually: o.isAdmin && o.status === 'in_progress' && o.hasVendorItemWaiting,
  // the rest of the order may be delivered (so it cannot be cancelled): the refused item is
  // taken off and refunded, and the order completes
  withdraw_refused: o.isAdmin && o.status === 'in_progress' && o.hasRefusedAdobeItem,
  decide_returns: o.isAdmin && o.hasReturnRequested,
  request_return: o.isOwner && (role === 'd' || role === 'u') && o.hasReturnableItem,
  // a returned item's keys are revoked: nothing to activate or send for it
  activate_keys: o.isOwner && o.heldKeys > 0,
  send_keys: (o.isOwner || o.isAdmin) && o.heldKeys > 0,
});

/**
 * A movement of an order's money (issue 29, invariant 10), as its money trail records it:
 * - `paid`: a cash order's payment, confirmed by an admin (money received);
 * - `credit_drawn`: a credit order placed on its dealer's credit (no money moves yet);
 * - `settled`: the dealer paid a credit order (money received);
 * - `credit_restored`: a refund put back on the dealer's credit (a credit order not yet settled);
 * - `refunded`: money given back to whoever paid it (a cash order, or a credit order already
 *   settled); the portal records the refund, the money goes back outside it.
 * Amounts are exact decimal strings: USD without VAT and AZN with VAT (and a credit surcharge),
 * as the order's own totals are.
 */
export const MONEY_MOVEMENT_KINDS = [
  'paid',
  'credit_drawn',
  'settled',
  'credit_restored',
  'refunded',
] as const;
export type MoneyMovementKind = (typeof MONEY_MOVEMENT_KINDS)[number];

/** An amount in both of an order's currencies: USD without VAT, AZN with it. */
export type OrderMoney = { usd: string; azn: string };
export type MoneyMovement = OrderMoney & { kind: MoneyMovementKind };

/** What the order's money rules read of it. */
export type OrderMoneyState = {
  status: OrderStatusName;
  sellType: SellType;
  creditSettled: boolean;
  totalUsd: string;
  totalAzn: string;
  /** given back so far by approved returns and withdrawn items */
  refundedUsd: string;
  refundedAzn: string;
};

type Cents = { usd: bigint; azn: bigint };
const cents = (m: OrderMoney): Cents => ({ usd: toCents(m.usd), azn: toCents(m.azn) });
const money = (c: Cents): OrderMoney => ({ usd: fromCents(c.usd), azn: fromCents(c.azn) });
const ZERO: Cents = { usd: 0n, azn: 0n };

/** How much of the trail moved this way, summed per currency. */
const sumOf = (trail: readonly MoneyMovement[], kinds: readonly MoneyMovementKind[]): Cents =>
  trail
    .filter((m) => kinds.includes(m.kind))
    .map(cents)
    .reduce((a, b) => ({ usd: a.usd + b.usd, azn: a.azn + b.azn }), ZERO);

/** What the order is worth now: its total less what was given back, nothing once cancelled. */
const dueOf = (o: OrderMoneyState): Cents =>
  o.status === 'cancelled'
    ? ZERO
    : {
        usd: toCents(o.totalUsd) - toCents(o.refundedUsd),
        azn: toCents(o.totalAzn) - toCents(o.refundedAzn),
      };

/** What is left of the order after its refunds so far: what it still charges. */
export const remainingOfOrder = (o: OrderMoneyState): OrderMoney =>
  money({
    usd: toCents(o.totalUsd) - toCents(o.refundedUsd),
    azn: toCents(o.totalAzn) - toCents(o.refundedAzn),
  });

/** What placing an order moves: a credit order draws its total on the dealer's credit. */
export const placedMoney = (sellType: SellType, total: OrderMoney): MoneyMovement | null =>
  sellType === SELL_TYPE.credit ? { kind: 'credit_drawn', ...total } : null;

/**
 * How a refund of the order moves money: back onto the dealer's credit while a credit order is
 * not settled, otherwise back to whoever paid (the buyer in cash, the dealer who settled).
 */
export const refundKind = (o: Pick<OrderMoneyState, 'sellType' | 'creditSettled'>) =>
  o.sellType === SELL_TYPE.credit && !o.creditSettled ? 'credit_restored' : 'refunded';

/**
 * The refund a cancel records: what is left of a paid or credit order, the way `refundKind`
 * says; null when nothing was paid (a cash order awaiting payment) or nothing is left.
 */
export const cancelRefund = (o: OrderMoneyState): MoneyMovement | null => {
  if (o.status !== 'pending' && o.status !== 'in_progress') return null;
  if (o.sellType === SELL_TYPE.cash && o.status === 'pending') return null;
  const left = remainingOfOrder(o);
  if (toCents(left.usd) === 0n && toCents(left.azn) === 0n) return null;
  return { kind: refundKind(o), ...left };
};

/**
 * Invariant 10, every movement of money is recorded: what the order still owes by its money
 * trail. What the order is worth now, less the money received for it (cash payments and
 * settlements), plus the money given back. Positive: the buyer (the dealer, on credit) still
 * owes it; negative: the distributor owes it back; zero: nothing is left to move. Credit drawn
 * and restored move no money and leave it as it is.
 */
export const moneyOwed = (o: OrderMoneyState, trail: readonly MoneyMovement[]): OrderMoney => {
  const due = dueOf(o);
  const received = sumOf(trail, ['paid', 'settled']);
  const givenBack = sumOf(trail, ['refunded']);
  return money({
    usd: due.usd - received.usd + givenBack.usd,
    azn: due.azn - received.azn + givenBack.azn,
  });
};

/**
 * What the order owes by its state alone, for `moneyOwed` to agree with: a cash order awaiting
 * payment its total; an unsettled credit order what is left of it (its share of the dealer's
 * used credit); any other order nothing.
 */
export const owedByState = (o: OrderMoneyState): OrderMoney => {
  if (o.status === 'cancelled') return money(ZERO);
  if (o.sellType === SELL_TYPE.cash)
    return o.status === 'pending' ? remainingOfOrder(o) : money(ZERO);
  return o.creditSettled ? money(ZERO) : remainingOfOrder(o);
};

/**
 * The dealer's credit this order still uses, by its trail: credit drawn, less credit restored,
 * less what the dealer settled. Equals `owedByState` for a credit order.
 */
export const creditInUse = (trail: readonly MoneyMovement[]): OrderMoney => {
  const drawn = sumOf(trail, ['credit_drawn']);
  const back = sumOf(trail, ['credit_restored', 'settled']);
  return money({ usd: drawn.usd - back.usd, azn: drawn.azn - back.azn });
};
