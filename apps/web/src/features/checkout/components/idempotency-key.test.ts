import { idempotencyKeySchema } from '@esd/shared/orders/orders.schemas';
import { describe, expect, it } from 'vitest';
import { checkoutFingerprint, createIdempotencyKeys } from './idempotency-key';

const line = (basket_item_id: number, quantity: number) => ({
  basket_item_id,
  product_id: 1,
  sku: 'SKU',
  FullTitle: 'Product',
  quantity,
  unit_usd: '1.00',
  total_usd: '1.00',
  total_azn: '2.00',
  in_stock: true,
  adobe: null,
});

const counter = () => {
  let n = 0;
  return () => `key-0000000${++n}`;
};

describe('checkout idempotency keys', () => {
  it('keeps the key for retries and double clicks of the same attempt', () => {
    const keys = createIdempotencyKeys(counter());
    const print = checkoutFingerprint({ sell_type: 2, lines: [line(1, 2)] });
    expect(keys.keyFor(print)).toBe('key-00000001');
    expect(keys.keyFor(print)).toBe('key-00000001');
  });

  it('takes a new key when the basket or the way of paying changes', () => {
    const keys = createIdempotencyKeys(counter());
    const first = keys.keyFor(checkoutFingerprint({ sell_type: 1, lines: [line(1, 2)] }));
    const more = keys.keyFor(checkoutFingerprint({ sell_type: 1, lines: [line(1, 3)] }));
    const credit = keys.keyFor(checkoutFingerprint({ sell_type: 2, lines: [line(1, 3)] }));
    expect(new Set([first, more, credit]).size).toBe(3);
  });

  it('takes a new key after a placed order, even for an identical basket', () => {
    const keys = createIdempotencyKeys(counter());
    const print = checkoutFingerprint({ sell_type: 1, lines: [line(1, 1)] });
    const placed = keys.keyFor(print);
    keys.settle();
    expect(keys.keyFor(print)).not.toBe(placed);
  });

  it('does not depend on the order of the lines', () => {
    expect(checkoutFingerprint({ sell_type: 1, lines: [line(1, 1), line(2, 5)] })).toBe(
      checkoutFingerprint({ sell_type: 1, lines: [line(2, 5), line(1, 1)] }),
    );
  });

  it('generates keys the server accepts', () => {
    const key = createIdempotencyKeys().keyFor('x');
    expect(idempotencyKeySchema.safeParse(key).success).toBe(true);
  });
});
