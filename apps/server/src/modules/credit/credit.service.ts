import { bakuDate } from '@esd/shared/baku-time';
import {
  CREDIT_MOVEMENTS_LIMIT,
  CREDIT_OPEN_ORDERS_LIMIT,
  CREDIT_SERIES_DAYS,
  type CreditMovement,
  type DealerCredit,
} from '@esd/shared/credit/credit.schemas';
import { orderDisplayStatus, remainingCredit } from '@esd/shared/orders/orders.rules';
import { subtractMoney, sumMoney } from '@esd/shared/shop/money';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { Session } from '../../plugins/auth';
import { itemTotals, sumUnpaidCredit } from '../orders';
import * as repo from './credit.repository';

const DAY_MS = 86_400_000;

/** The Baku days of the series, oldest first, ending today (noon steps past DST-free Baku). */
const seriesDays = (now: Date) => {
  const today = bakuDate(now);
  const noon = Date.parse(`${today}T08:00:00Z`);
  return Array.from({ length: CREDIT_SERIES_DAYS }, (_, i) =>
    bakuDate(new Date(noon - (CREDIT_SERIES_DAYS - 1 - i) * DAY_MS)),
  );
};

/** The used credit at the end of each day: what was used before, plus each day's change. */
const usedSeries = async (db: DbOrTx, dealerId: number, now: Date) => {
  const days = seriesDays(now);
  const changes = await repo.findCreditChanges(db, dealerId, days[0]!);
  let used = changes.before;
  return days.map((date) => {
    used = sumMoney([used, changes.days.get(date) ?? '0.00']);
    return { date, used };
  });
};

/**
 * "My credit" (issue 33): the limit, what is used and what remains of the caller's dealer's
 * credit, its open credit orders, settlements and refunds, and how the used credit moved.
 */
export const dealerCredit = async (
  db: DbOrTx,
  session: Session,
  clock: Clock,
): Promise<DealerCredit> => {
  const dealer = await repo.findCreditDealer(db, session);
  if (!dealer) throw new AppError('NOT_FOUND', 'This account has no dealer whose credit it uses.');
  const [used, open, movements, series] = await Promise.all([
    sumUnpaidCredit(db, dealer.id),
    repo.findOpenCreditOrders(db, session, dealer.id, CREDIT_OPEN_ORDERS_LIMIT),
    repo.findCreditMovements(db, session, dealer.id, CREDIT_MOVEMENTS_LIMIT),
    usedSeries(db, dealer.id, clock.now()),
  ]);
  const totals = await itemTotals(
    db,
    open.map(({ order }) => order.id),
  );
  return {
    dealer: { id: dealer.id, name: dealer.name },
    limit: dealer.limit,
    used,
    remaining: remainingCredit(dealer.limit, used),
    open_orders: open.map(({ order, buyer }) => ({
      id: order.id,
      created_at: order.createdAt.toISOString(),
      display_status: orderDisplayStatus({
        status: order.status,
        quantity: totals.get(order.id)?.quantity ?? 0,
        returnedQuantity: totals.get(order.id)?.returnedQuantity ?? 0,
      }),
      buyer: { id: buyer.id, name: buyer.name },
      total_usd: order.totalUsd,
      open_usd: subtractMoney(order.totalUsd, order.refundedUsd),
    })),
    movements: movements.map(
      ({ movement }): CreditMovement => ({
        id: movement.id,
        order_id: movement.orderId,
        kind: movement.kind as CreditMovement['kind'],
        amount_usd: movement.amountUsd,
        amount_azn: movement.amountAzn,
        at: movement.createdAt.toISOString(),
        note: movement.note,
      }),
    ),
    series,
  };
};
