import type { CheckoutPreview } from '@esd/shared/orders/orders.schemas';

/** What one checkout attempt buys: the way of paying and every line with its quantity. */
export const checkoutFingerprint = (preview: Pick<CheckoutPreview, 'sell_type' | 'lines'>) =>
  `${preview.sell_type}:${preview.lines
    .map((line) => `${line.basket_item_id}x${line.quantity}`)
    .sort()
    .join(',')}`;

/**
 * One `Idempotency-Key` per checkout attempt: a retry or a double click sends the same key, so
 * the server places one order; a changed basket or way of paying, or a success, starts anew.
 */
export const createIdempotencyKeys = (generate: () => string = () => crypto.randomUUID()) => {
  let current: { fingerprint: string; key: string } | null = null;
  return {
    keyFor: (fingerprint: string) => {
      if (current?.fingerprint !== fingerprint) current = { fingerprint, key: generate() };
      return current.key;
    },
    /** after a placed order: the next attempt is another order */
    settle: () => {
      current = null;
    },
  };
};
