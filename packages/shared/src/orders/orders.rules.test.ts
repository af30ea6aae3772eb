import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMoney, fromCents, subtractMoney, sumMoney } from '../shop/money';
import {
  CREDIT_LIMIT_MESSAGE,
  canMoveOrder,
  fitsCredit,
  ORDER_STATUSES,
  type OrderFacts,
  orderActions,
  remainingCredit,
  returnableUntil,
} from './orders.rules';

const facts = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'pending',
  sellType: 1,
  creditSettled: false,
  deliveredKeys: 0,
  isOwner: false,
  isAdmin: false,
  hasVendorItemWaiting: false,
  hasReturnRequested: false,
  hasReturnableItem: false,
  hasRefusedAdobeItem: false,
  ...overrides,
});

describe('[orders] status machine', () => {
  it('moves pending → in_progress → completed, and cancels before completion only', () => {
    expect(canMoveOrder('pending', 'in_progress')).toBe(true);
    expect(canMoveOrder('in_progress', 'completed')).toBe(true);
    expect(canMoveOrder('pending', 'cancelled')).toBe(true);
    expect(canMoveOrder('in_progress', 'cancelled')).toBe(true);
    expect(canMoveOrder('pending', 'completed')).toBe(false);
    expect(canMoveOrder('completed', 'cancelled')).toBe(false);
    expect(canMoveOrder('cancelled', 'in_progress')).toBe(false);
  });

  it('never leaves a final state and never stays in place (property)', () => {
    const status = fc.constantFrom(...ORDER_STATUSES);
    fc.assert(
      fc.property(status, status, (from, to) => {
        if (from === 'completed' || from === 'cancelled')
          expect(canMoveOrder(from, to)).toBe(false);
        expect(canMoveOrder(from, from)).toBe(false);
      }),
    );
  });
});

describe('[orders] credit', () => {
  it('keeps the spec 5 message word for word', () => {
    expect(CREDIT_LIMIT_MESSAGE).toBe(
      'Impossible to place order. Order value is greater than remaining credit limit.',
    );
  });

  it('fits an order up to exactly the remaining credit, not a cent more', () => {
    expect(remainingCredit('5000.00', '4790.00')).toBe('210.00');
    expect(fitsCredit('210.00', '210.00')).toBe(true);
    expect(fitsCredit('210.01', '210.00')).toBe(false);
    expect(fitsCredit('0.01', remainingCredit('100.00', '100.00'))).toBe(false);
  });

  it('accepting orders only while they fit never takes more than the limit (property)', () => {
    const cents = fc.integer({ min: 1, max: 500_000 });
    fc.assert(
      fc.property(cents, fc.array(cents, { maxLength: 40 }), (limitCents, orderCents) => {
        const limit = fromCents(BigInt(limitCents));
        const taken: string[] = [];
        for (const order of orderCents.map((c) => fromCents(BigInt(c)))) {
          if (fitsCredit(order, remainingCredit(limit, sumMoney(taken)))) taken.push(order);
        }
        expect(compareMoney(sumMoney(taken), limit)).toBeLessThanOrEqual(0);
        expect(compareMoney(subtractMoney(limit, sumMoney(taken)), '0.00')).toBeGreaterThanOrEqual(
          0,
        );
      }),
    );
  });
});

describe('[orders] returns', () => {
  const deliveredAt = new Date('2026-11-01T10:00:00Z');
  it('opens a window of N days from delivery for returnable, delivered items only', () => {
    expect(
      returnableUntil({ isReturnable: true, status: 'delivered', deliveredAt }, 14)?.toISOString(),
    ).toBe('2026-11-15T10:00:00.000Z');
    expect(
      returnableUntil({ isReturnable: false, status: 'delivered', deliveredAt }, 14),
    ).toBeNull();
    expect(
      returnableUntil({ isReturnable: true, status: 'waiting', deliveredAt: null }, 14),
    ).toBeNull();
    expect(returnableUntil({ isReturnable: true, status: 'returned', deliveredAt }, 14)).toBeNull();
  });
});

describe('[orders] actions per viewer', () => {
  it('lets admins confirm a pending payment and buyers cancel only while pending', () => {
    expect(orderActions('gd', facts({ isAdmin: true })).confirm_payment).toBe(true);
    expect(orderActions('d', facts({ isOwner: true })).confirm_payment).toBe(false);
    expect(orderActions('u', facts({ isOwner: true })).cancel).toBe(true);
    expect(orderActions('u', facts({ isOwner: true, status: 'in_progress' })).cancel).toBe(false);
    expect(orderActions('ld', facts({ isAdmin: true, status: 'in_progress' })).cancel).toBe(true);
    expect(
      orderActions('gd', facts({ isAdmin: true, status: 'in_progress', deliveredKeys: 1 })).cancel,
    ).toBe(false);
  });

  it('lets admins withdraw a refused Adobe item of a paid order, even with keys out', () => {
    const refused = { status: 'in_progress' as const, hasRefusedAdobeItem: true, deliveredKeys: 3 };
    expect(orderActions('gd', facts({ ...refused, isAdmin: true })).withdraw_refused).toBe(true);
    // the keys already out keep the whole order from being cancelled
    expect(orderActions('gd', facts({ ...refused, isAdmin: true })).cancel).toBe(false);
    expect(orderActions('d', facts({ ...refused, isOwner: true })).withdraw_refused).toBe(false);
    for (const status of ['pending', 'completed', 'cancelled'] as const)
      expect(
        orderActions('gd', facts({ ...refused, status, isAdmin: true })).withdraw_refused,
      ).toBe(false);
    expect(
      orderActions('gd', facts({ ...refused, hasRefusedAdobeItem: false, isAdmin: true }))
        .withdraw_refused,
    ).toBe(false);
  });

  it('lets admins confirm only a pending payment and cancel only before completion', () => {
    const admin = (status: OrderFacts['status']) =>
      orderActions('gd', facts({ isAdmin: true, status }));
    expect(admin('pending')).toMatchObject({ confirm_payment: true, cancel: true });
    expect(admin('in_progress')).toMatchObject({ confirm_payment: false, cancel: true });
    expect(admin('completed')).toMatchObject({ confirm_payment: false, cancel: false });
    expect(admin('cancelled')).toMatchObject({ confirm_payment: false, cancel: false });
  });

  it('lets admins deliver by hand only a paid order with a vendor item waiting', () => {
    const waiting = { status: 'in_progress' as const, hasVendorItemWaiting: true };
    expect(orderActions('ld', facts({ ...waiting, isAdmin: true })).deliver_manually).toBe(true);
    expect(orderActions('d', facts({ ...waiting, isOwner: true })).deliver_manually).toBe(false);
    expect(
      orderActions('gd', facts({ ...waiting, isAdmin: true, status: 'pending' })).deliver_manually,
    ).toBe(false);
    expect(
      orderActions('gd', facts({ ...waiting, isAdmin: true, hasVendorItemWaiting: false }))
        .deliver_manually,
    ).toBe(false);
  });

  it('lets admins decide returns only when one is requested', () => {
    const requested = facts({ status: 'completed', hasReturnRequested: true });
    expect(orderActions('gd', { ...requested, isAdmin: true }).decide_returns).toBe(true);
    expect(
      orderActions('gd', { ...requested, isAdmin: true, hasReturnRequested: false }),
    ).toMatchObject({
      decide_returns: false,
    });
    expect(orderActions('d', { ...requested, isOwner: true }).decide_returns).toBe(false);
  });

  it('lets only a dealer or user owning the order ask for a return of a returnable item', () => {
    const returnable = facts({ status: 'completed', deliveredKeys: 1, hasReturnableItem: true });
    const owned = { ...returnable, isOwner: true };
    expect(orderActions('d', owned).request_return).toBe(true);
    expect(orderActions('u', owned).request_return).toBe(true);
    expect(orderActions('gd', owned).request_return).toBe(false);
    expect(orderActions('ld', owned).request_return).toBe(false);
    expect(orderActions('d', returnable).request_return).toBe(false);
    expect(orderActions('d', { ...owned, hasReturnableItem: false }).request_return).toBe(false);
  });

  it('offers no keys to anyone before one is delivered, nor to a viewer neither owner nor admin', () => {
    const none = facts({ status: 'in_progress', isOwner: true, isAdmin: true });
    expect(orderActions('d', none)).toMatchObject({ activate_keys: false, send_keys: false });
    const stranger = facts({ status: 'completed', deliveredKeys: 5 });
    expect(orderActions('d', stranger)).toMatchObject({ activate_keys: false, send_keys: false });
  });

  it('settles only unsettled credit orders that are not cancelled', () => {
    const credit = facts({ isAdmin: true, sellType: 2, status: 'completed' });
    expect(orderActions('gd', credit).settle_credit).toBe(true);
    expect(orderActions('gd', { ...credit, creditSettled: true }).settle_credit).toBe(false);
    expect(orderActions('gd', { ...credit, status: 'cancelled' }).settle_credit).toBe(false);
    expect(orderActions('gd', { ...credit, sellType: 1 }).settle_credit).toBe(false);
  });

  it('gives keys to owners only once some are delivered, and returns to shoppers', () => {
    const delivered = facts({ isOwner: true, status: 'completed', deliveredKeys: 2 });
    expect(orderActions('d', delivered)).toMatchObject({ activate_keys: true, send_keys: true });
    expect(orderActions('d', { ...delivered, deliveredKeys: 0 }).send_keys).toBe(false);
    expect(orderActions('u', { ...delivered, hasReturnableItem: true }).request_return).toBe(true);
    expect(
      orderActions('gd', { ...delivered, isOwner: false, isAdmin: true, hasReturnableItem: true }),
    ).toMatchObject({ request_return: false, send_keys: true, activate_keys: false });
  });
});
