import {
  ITEM_STATUSES,
  ORDER_EVENT_NAMES,
  ORDER_STATUSES,
  type OrderEventName,
} from '@esd/shared/orders/orders.rules';
import type { TFunction } from 'i18next';

/** A code nobody has words for yet, readable anyway: `key_revoked` → "Key revoked". */
const humanize = (code: string) => {
  const words = code.replace(/[._-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isEvent = (name: string): name is OrderEventName =>
  (ORDER_EVENT_NAMES as readonly string[]).includes(name);

export const orderStatusKey = (name: string) => `orders.status.${name}`;
export const itemStatusKey = (name: string) => `orders.itemStatus.${name}`;
export const orderEventKey = (name: string) => `orders.history.events.${name}`;

const isIn = (list: readonly string[], name: string) => list.includes(name);

/** The key of a status or event: an item's entry reads the item's statuses first. */
const keyOf = (name: string, isItem: boolean) => {
  if (isItem && isIn(ITEM_STATUSES, name)) return itemStatusKey(name);
  if (isIn(ORDER_STATUSES, name)) return orderStatusKey(name);
  if (isIn(ITEM_STATUSES, name)) return itemStatusKey(name);
  return orderEventKey(name);
};

/** A status of the order or of an item, or an event, in words. */
const historyStatusLabel = (t: TFunction, name: string, isItem: boolean) =>
  t(keyOf(name, isItem) as 'orders.status.pending', { defaultValue: humanize(name) });

/**
 * The title of one history entry: "Delivered → Returned" for a move of status, "Set to
 * Pending" for the first one, and the event's own words ("Return requested") for an event,
 * which leaves the status where it was.
 */
export const historyTitle = (
  t: TFunction,
  entry: { from: string | null; to: string; item_id: number | null },
) => {
  const isItem = entry.item_id !== null;
  const to = historyStatusLabel(t, entry.to, isItem);
  if (isEvent(entry.to)) return to;
  return entry.from
    ? t('orders.history.changed', { from: historyStatusLabel(t, entry.from, isItem), to })
    : t('orders.history.created', { to });
};
