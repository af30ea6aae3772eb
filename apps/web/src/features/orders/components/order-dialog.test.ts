import type { OrderItem } from '@esd/shared/orders/orders.schemas';
import { describe, expect, it } from 'vitest';
import { canAskReturn, parseKeyLines } from './order-dialog';

const item = (change: Partial<OrderItem>): OrderItem => ({
  id: 1,
  product_id: 1,
  sku: 'SKU',
  FullTitle: 'Product',
  provider_id: 1,
  is_returnable: true,
  quantity: 1,
  unit_usd: '1.00',
  total_usd: '1.00',
  total_azn: '2.00',
  status: 'delivered',
  delivered: 1,
  keys: [],
  return_request: null,
  returnable_until: '2026-12-01T00:00:00.000Z',
  adobe: null,
  ...change,
});

const now = Date.parse('2026-11-22T00:00:00.000Z');

describe('parseKeyLines', () => {
  it('takes one key per non-blank line, trimmed', () => {
    expect(parseKeyLines(' AAAA-1 \r\n\nBBBB-2\n   \n')).toEqual(['AAAA-1', 'BBBB-2']);
    expect(parseKeyLines('')).toEqual([]);
  });
});

describe('canAskReturn', () => {
  it('allows a delivered item inside its return window', () => {
    expect(canAskReturn(item({}), now)).toBe(true);
  });

  it('refuses after the window, without one, or with a request already open', () => {
    expect(canAskReturn(item({ returnable_until: '2026-11-21T00:00:00.000Z' }), now)).toBe(false);
    expect(canAskReturn(item({ returnable_until: null }), now)).toBe(false);
    expect(canAskReturn(item({ status: 'returned' }), now)).toBe(false);
    expect(
      canAskReturn(
        item({
          return_request: {
            id: 3,
            status: 'requested',
            reason: 'wrong',
            requested_at: '2026-11-20T00:00:00.000Z',
            decided_at: null,
            note: null,
          },
        }),
        now,
      ),
    ).toBe(false);
  });
});
