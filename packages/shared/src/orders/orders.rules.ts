import type { Role } from '../access/access.rules';
import { compareMoney, subtractMoney } from '../shop/money';
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
  /** keys already handed out on this order */
  deliveredKeys: number;
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
  activate_keys: o.isOwner && o.deliveredKeys > 0,
  send_keys: (o.isOwner || o.isAdmin) && o.deliveredKeys > 0,
});
