import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareMoney, fromCents, subtractMoney, sumMoney, toCents } from '../shop/money';
import {
  CREDIT_LIMIT_MESSAGE,
  cancelRefund,
  canMoveOrder,
  creditInUse,
  fitsCredit,
  type MoneyMovement,
  moneyOwed,
  ORDER_STATUSES,
  type OrderFacts,
  type OrderMoneyState,
  orderActions,
  orderDisplayStatus,
  owedByState,
  placedMoney,
  refundKind,
  remainingCredit,
  remainingOfOrder,
  returnableUntil,
} from './orders.rules';

const facts = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  status: 'pending',
  sellType: 1,
  creditSettled: false,
  deliveredKeys: 0,
  heldKeys: 0,
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
    const stranger = facts({ status: 'completed', deliveredKeys: 5, heldKeys: 5 });
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
    const delivered = facts({ isOwner: true, status: 'completed', deliveredKeys: 2, heldKeys: 2 });
    expect(orderActions('d', delivered)).toMatchObject({ activate_keys: true, send_keys: true });
    expect(orderActions('d', { ...delivered, deliveredKeys: 0, heldKeys: 0 }).send_keys).toBe(
      false,
    );
    // an Adobe order: its licences are delivered at Adobe, with no keys to send or activate
    const adobe = { ...delivered, heldKeys: 0 };
    expect(orderActions('d', adobe)).toMatchObject({ activate_keys: false, send_keys: false });
    expect(orderActions('gd', { ...adobe, isAdmin: true }).send_keys).toBe(false);
    expect(orderActions('u', { ...delivered, hasReturnableItem: true }).request_return).toBe(true);
    expect(
      orderActions('gd', { ...delivered, isOwner: false, isAdmin: true, hasReturnableItem: true }),
    ).toMatchObject({ request_return: false, send_keys: true, activate_keys: false });
  });
});

describe('[orders][returns] after a return', () => {
  it('offers no "Send keys" nor activation once every delivered key came back, and no cancel', () => {
    const returned = facts({ status: 'completed', deliveredKeys: 3, heldKeys: 0 });
    for (const viewer of [
      { role: 'd' as const, isOwner: true },
      { role: 'gd' as const, isAdmin: true },
    ]) {
      expect(orderActions(viewer.role, { ...returned, ...viewer })).toMatchObject({
        send_keys: false,
        activate_keys: false,
        cancel: false,
      });
    }
    // a partial return leaves the kept keys to send
    const partly = { ...returned, heldKeys: 1, isOwner: true };
    expect(orderActions('d', partly)).toMatchObject({ send_keys: true, activate_keys: true });
  });

  it('reads a completed order as returned or partly returned by its returned licences', () => {
    const completed = { status: 'completed' as const, quantity: 3 };
    expect(orderDisplayStatus({ ...completed, returnedQuantity: 0 })).toBe('completed');
    expect(orderDisplayStatus({ ...completed, returnedQuantity: 1 })).toBe('partly_returned');
    expect(orderDisplayStatus({ ...completed, returnedQuantity: 2 })).toBe('partly_returned');
    expect(orderDisplayStatus({ ...completed, returnedQuantity: 3 })).toBe('returned');
    // other statuses keep their names: the label never hides a pending or cancelled order
    for (const status of ['pending', 'in_progress', 'cancelled'] as const)
      expect(orderDisplayStatus({ status, quantity: 3, returnedQuantity: 1 })).toBe(status);
  });
});

describe('[orders] money trail', () => {
  const order = (overrides: Partial<OrderMoneyState> = {}): OrderMoneyState => ({
    status: 'in_progress',
    sellType: 1,
    creditSettled: false,
    totalUsd: '100.00',
    totalAzn: '200.60',
    refundedUsd: '0.00',
    refundedAzn: '0.00',
    ...overrides,
  });
  const paid: MoneyMovement = { kind: 'paid', usd: '100.00', azn: '200.60' };
  const drawn: MoneyMovement = { kind: 'credit_drawn', usd: '100.00', azn: '200.60' };

  it('owes the total while a cash order awaits payment and nothing once it is paid', () => {
    expect(moneyOwed(order({ status: 'pending' }), [])).toEqual({ usd: '100.00', azn: '200.60' });
    expect(moneyOwed(order(), [paid])).toEqual({ usd: '0.00', azn: '0.00' });
    expect(owedByState(order({ status: 'pending' }))).toEqual({ usd: '100.00', azn: '200.60' });
    // a cash order awaiting payment gives nothing back when cancelled
    expect(cancelRefund(order({ status: 'pending' }))).toBeNull();
    expect(moneyOwed(order({ status: 'cancelled' }), [])).toEqual({ usd: '0.00', azn: '0.00' });
  });

  it('owes back the whole payment of a paid cash order cancelled without its refund', () => {
    const cancelled = order({ status: 'cancelled' });
    expect(moneyOwed(cancelled, [paid])).toEqual({ usd: '-100.00', azn: '-200.60' });
    const refund = cancelRefund(order());
    expect(refund).toEqual({ kind: 'refunded', usd: '100.00', azn: '200.60' });
    expect(moneyOwed(cancelled, [paid, refund!])).toEqual({ usd: '0.00', azn: '0.00' });
  });

  it('draws a credit order on the credit as it is placed; a cash order moves nothing then', () => {
    const total = { usd: '100.00', azn: '200.60' };
    expect(placedMoney(2, total)).toEqual({ kind: 'credit_drawn', usd: '100.00', azn: '200.60' });
    expect(placedMoney(1, total)).toBeNull();
  });

  it('gives nothing back for an order already completed or cancelled, or refunded in full', () => {
    for (const status of ['completed', 'cancelled'] as const) {
      expect(cancelRefund(order({ status })), status).toBeNull();
      expect(cancelRefund(order({ status, sellType: 2 })), status).toBeNull();
    }
    expect(cancelRefund(order({ refundedUsd: '100.00', refundedAzn: '200.60' }))).toBeNull();
    // what is left in one currency only still goes back
    expect(cancelRefund(order({ refundedUsd: '99.99', refundedAzn: '200.60' }))).toEqual({
      kind: 'refunded',
      usd: '0.01',
      azn: '0.00',
    });
    expect(cancelRefund(order({ refundedUsd: '100.00', refundedAzn: '200.00' }))).toEqual({
      kind: 'refunded',
      usd: '0.00',
      azn: '0.60',
    });
    expect(cancelRefund(order({ sellType: 2 }))).toEqual({
      kind: 'credit_restored',
      usd: '100.00',
      azn: '200.60',
    });
  });

  it('keeps a credit order owed until it is settled, less what went back onto the credit', () => {
    const returned = order({ sellType: 2, refundedUsd: '30.00', refundedAzn: '60.18' });
    const restored: MoneyMovement = { kind: 'credit_restored', usd: '30.00', azn: '60.18' };
    expect(refundKind(returned)).toBe('credit_restored');
    expect(moneyOwed(returned, [drawn, restored])).toEqual({ usd: '70.00', azn: '140.42' });
    expect(creditInUse([drawn, restored])).toEqual({ usd: '70.00', azn: '140.42' });
    const settled: MoneyMovement = { kind: 'settled', ...remainingOfOrder(returned) };
    const after = { ...returned, creditSettled: true };
    expect(moneyOwed(after, [drawn, restored, settled])).toEqual({ usd: '0.00', azn: '0.00' });
    expect(creditInUse([drawn, restored, settled])).toEqual({ usd: '0.00', azn: '0.00' });
    // a return after the settlement gives money back to the dealer
    expect(refundKind(after)).toBe('refunded');
  });

  type Step =
    | { do: 'confirm' }
    | { do: 'settle' }
    | { do: 'cancel' }
    | { do: 'refund'; cents: number };

  /** The actions of order-actions.service.ts on a model order, with the entries each records. */
  const run = (
    start: OrderMoneyState,
    steps: Step[],
    check: (o: OrderMoneyState, t: MoneyMovement[]) => void,
  ) => {
    let o = start;
    const trail: MoneyMovement[] =
      o.sellType === 2 ? [{ kind: 'credit_drawn', usd: o.totalUsd, azn: o.totalAzn }] : [];
    check(o, trail);
    for (const step of steps) {
      if (step.do === 'confirm' && o.sellType === 1 && o.status === 'pending') {
        trail.push({ kind: 'paid', usd: o.totalUsd, azn: o.totalAzn });
        o = { ...o, status: 'in_progress' };
      } else if (
        step.do === 'settle' &&
        o.sellType === 2 &&
        !o.creditSettled &&
        o.status !== 'cancelled'
      ) {
        trail.push({ kind: 'settled', ...remainingOfOrder(o) });
        o = { ...o, creditSettled: true };
      } else if (step.do === 'cancel' && (o.status === 'pending' || o.status === 'in_progress')) {
        const refund = cancelRefund(o);
        if (refund) trail.push(refund);
        o = { ...o, status: 'cancelled' };
      } else if (step.do === 'refund' && o.status === 'in_progress') {
        // an item returned or withdrawn: at most what is left of the order
        const left = remainingOfOrder(o);
        const usd = BigInt(step.cents) % (toCents(left.usd) + 1n);
        const azn = (usd * toCents(o.totalAzn)) / (toCents(o.totalUsd) || 1n);
        if (usd === 0n || azn > toCents(left.azn)) continue;
        trail.push({ kind: refundKind(o), usd: fromCents(usd), azn: fromCents(azn) });
        o = {
          ...o,
          refundedUsd: fromCents(toCents(o.refundedUsd) + usd),
          refundedAzn: fromCents(toCents(o.refundedAzn) + azn),
        };
      } else continue;
      check(o, trail);
    }
  };
  const start = fc
    .record({
      sellType: fc.constantFrom(1 as const, 2 as const),
      usd: fc.integer({ min: 1, max: 100_000_000 }),
      rate: fc.integer({ min: 100, max: 300 }),
    })
    .map(({ sellType, usd, rate }) =>
      order({
        sellType,
        status: sellType === 1 ? 'pending' : 'in_progress',
        totalUsd: fromCents(BigInt(usd)),
        totalAzn: fromCents((BigInt(usd) * BigInt(rate)) / 100n),
      }),
    );
  const steps = fc.array(
    fc.oneof(
      fc.constant<Step>({ do: 'confirm' }),
      fc.constant<Step>({ do: 'settle' }),
      fc.constant<Step>({ do: 'cancel' }),
      fc.integer({ min: 1, max: 100_000_000 }).map<Step>((cents) => ({ do: 'refund', cents })),
    ),
    { maxLength: 12 },
  );

  it('the trail sums to what the order owes by its state after every action (property)', () => {
    fc.assert(
      fc.property(start, steps, (o, s) =>
        run(o, s, (now, trail) => {
          expect(moneyOwed(now, trail)).toEqual(owedByState(now));
          if (now.sellType === 2) expect(creditInUse(trail)).toEqual(owedByState(now));
          expect(compareMoney(moneyOwed(now, trail).usd, '0.00')).toBeGreaterThanOrEqual(0);
        }),
      ),
    );
  });

  it('a movement left out of the trail shows as money owed that is not (property)', () => {
    fc.assert(
      fc.property(start, steps, fc.nat(), (o, s, pick) =>
        run(o, s, (now, trail) => {
          const moving = trail.filter(
            (m) => m.kind !== 'credit_drawn' && m.kind !== 'credit_restored',
          );
          const dropped = moving[pick % Math.max(moving.length, 1)];
          if (!dropped || toCents(dropped.usd) === 0n) return;
          expect(
            moneyOwed(
              now,
              trail.filter((m) => m !== dropped),
            ),
          ).not.toEqual(owedByState(now));
          if (now.sellType === 2 && dropped.kind === 'settled')
            expect(creditInUse(trail.filter((m) => m !== dropped))).not.toEqual(owedByState(now));
        }),
      ),
    );
  });

  it('a credit movement left out of the trail shows as credit in use that is not (property)', () => {
    fc.assert(
      fc.property(
        start.filter((o) => o.sellType === 2),
        steps,
        fc.nat(),
        (o, s, pick) =>
          run(o, s, (now, trail) => {
            const credit = trail.filter(
              (m) => m.kind === 'credit_drawn' || m.kind === 'credit_restored',
            );
            const dropped = credit[pick % credit.length]!;
            expect(creditInUse(trail.filter((m) => m !== dropped))).not.toEqual(owedByState(now));
          }),
      ),
    );
  });
});
