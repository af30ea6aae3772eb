import { LEADERBOARD_SIZE } from '@esd/shared/events/events.rules';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { rowsOf } from '../../lib/sql';

/**
 * Credits the event points of a completed order: every delivered item of an event product,
 * when the order was placed inside the event's window, earns quantity × the product's points
 * for the order's dealer. Runs in the transaction that completes the order; the unique
 * (event, item, kind) row makes a second run count nothing.
 */
export const accrueEventPoints = async (tx: Tx, orderId: number) => {
  await tx.execute(
    accruePointsSql(sql`(select * from orders where id = ${orderId} and status = 'completed')`),
  );
};

/**
 * The insert of the earned points of the completed orders `completed` stands for (rows with
 * id, dealer_id, buyer_id, created_at): a table expression, or the name of a statement's CTE.
 */
export const accruePointsSql = (completed: SQL) => sql`
  insert into event_points (event_id, dealer_id, buyer_id, order_item_id, kind, points)
  select ep.event_id, o.dealer_id, o.buyer_id, oi.id, 'earned', oi.quantity * ep.points
  from ${completed} o
  join order_items oi on oi.order_id = o.id
  join event_products ep on ep.product_id = oi.product_id
  join events e on e.id = ep.event_id
  where oi.status = 'delivered' and o.created_at >= e.starts_at and o.created_at < e.ends_at
  on conflict (event_id, order_item_id, kind) do nothing`;

/**
 * Takes back the points an order item earned, when its return is approved: a 'reversed' row
 * with the negative points, in the approving transaction, once.
 */
export const reverseEventPoints = async (tx: Tx, orderItemId: number) => {
  await tx.execute(sql`
    insert into event_points (event_id, dealer_id, buyer_id, order_item_id, kind, points)
    select event_id, dealer_id, buyer_id, order_item_id, 'reversed', -points
    from event_points
    where order_item_id = ${orderItemId} and kind = 'earned'
    on conflict (event_id, order_item_id, kind) do nothing`);
};

/**
 * Dealers of an event ranked by net points (earned − reversed); of equal totals, the one that
 * reached its total first ranks higher. Dealers without points are not ranked.
 */
const rankingSql = (eventId: number) => sql`
  with totals as (
    select dealer_id, sum(points)::int as points, max(created_at) as reached_at
    from event_points where event_id = ${eventId}
    group by dealer_id
  ), ranked as (
    select t.dealer_id, t.points,
      row_number() over (order by t.points desc, t.reached_at asc, t.dealer_id asc)::int as rank
    from totals t where t.points > 0
  )`;

export type RankedDealer = { rank: number; dealer_id: number; dealer_name: string; points: number };

/** The leaders of an event, plus one dealer's row when it ranks below them. */
export const findLeaderboard = async (
  db: DbOrTx,
  eventId: number,
  dealerId: number | null,
): Promise<{ leaders: RankedDealer[]; participants: number }> => {
  const rows = await rowsOf<RankedDealer & { participants: number }>(
    db,
    sql`${rankingSql(eventId)}
    select r.rank, r.dealer_id, u.name as dealer_name, r.points,
      (select count(*)::int from ranked) as participants
    from ranked r join users u on u.id = r.dealer_id
    where r.rank <= ${LEADERBOARD_SIZE} or r.dealer_id = ${dealerId ?? 0}
    order by r.rank`,
  );
  return {
    leaders: rows.map(({ participants: _, ...row }) => row),
    participants: rows[0]?.participants ?? 0,
  };
};

/** The dealers at the given ranks of an event, for awarding rank prizes. */
export const findDealersAtRanks = async (db: DbOrTx, eventId: number, ranks: number[]) => {
  if (ranks.length === 0) return [];
  const rows = await rowsOf<{ rank: number; dealer_id: number }>(
    db,
    sql`${rankingSql(eventId)}
    select rank, dealer_id from ranked
    where rank in (${sql.join(
      ranks.map((r) => sql`${r}`),
      sql`, `,
    )})`,
  );
  return rows;
};

export type Standing = { points: number; balance: number; rank: number | null };

/** SQL for a dealer's net points in an event (earned − reversed); `eventId`/`dealerId` may be columns. */
const netPointsSql = (eventId: SQL | number, dealerId: SQL | number) => sql`
  coalesce((select sum(np.points) from event_points np
    where np.event_id = ${eventId} and np.dealer_id = ${dealerId}), 0)::int`;

/** SQL for the points a dealer's claims that are not cancelled hold in an event. */
const spentPointsSql = (eventId: SQL | number, dealerId: SQL | number) => sql`
  coalesce((select sum(sw.points_spent) from won_prizes sw
    where sw.event_id = ${eventId} and sw.dealer_id = ${dealerId}
      and sw.source = 'claim' and sw.status <> 'cancelled'), 0)::int`;

/** A dealer's net points, spendable balance and rank in an event. */
export const findStanding = async (
  db: DbOrTx,
  eventId: number,
  dealerId: number,
): Promise<Standing> => {
  const rows = await rowsOf<{
    points: number;
    spent: number;
    rank: number | null;
  }>(
    db,
    sql`${rankingSql(eventId)}
    select
      ${netPointsSql(eventId, dealerId)} as points,
      ${spentPointsSql(eventId, dealerId)} as spent,
      (select rank from ranked where dealer_id = ${dealerId}) as rank`,
  );
  const row = rows[0] ?? { points: 0, spent: 0, rank: null };
  return { points: row.points, balance: row.points - row.spent, rank: row.rank ?? null };
};

/**
 * Locks the dealer's row until the transaction ends. Whatever spends or takes back its points
 * (a claim, an approved return) takes this lock before it reads the balance, so two of them
 * never both pass on the same points. Claims lock their prize row first; returns their order
 * and item rows first; nothing locks the dealer's row before those, so the order is one-way.
 */
export const lockDealerPoints = async (tx: Tx, dealerId: number) => {
  await tx.execute(sql`select id from users where id = ${dealerId} for update`);
};

export type ReturnShortfall = {
  event_id: number;
  title_en: string;
  title_ru: string;
  title_az: string;
  /** the points the reversal takes beyond the balance: held by claims that are not cancelled */
  points_needed: number;
};

/**
 * The first event (by id) where taking back the points an order item earned, and has not yet
 * given back, would leave its dealer's balance below zero; null when every event can take them.
 */
export const findReturnShortfall = async (
  db: DbOrTx,
  orderItemId: number,
): Promise<ReturnShortfall | null> => {
  const rows = await rowsOf<ReturnShortfall>(
    db,
    sql`
    select e.id as event_id, e.title_en, e.title_ru, e.title_az, s.needed as points_needed
    from event_points ep
    join events e on e.id = ep.event_id
    cross join lateral (select (ep.points - (${netPointsSql(sql`ep.event_id`, sql`ep.dealer_id`)}
      - ${spentPointsSql(sql`ep.event_id`, sql`ep.dealer_id`)}))::int as needed) s
    where ep.order_item_id = ${orderItemId} and ep.kind = 'earned' and s.needed > 0
      and not exists (select 1 from event_points r where r.event_id = ep.event_id
        and r.order_item_id = ep.order_item_id and r.kind = 'reversed')
    order by e.id
    limit 1`,
  );
  return rows[0] ?? null;
};

/** Net points of one dealer in each of some events. */
export const findPointsByEvent = async (db: DbOrTx, dealerId: number, eventIds: number[]) => {
  if (eventIds.length === 0) return new Map<number, number>();
  const rows = await rowsOf<{ event_id: number; points: number }>(
    db,
    sql`
    select event_id, sum(points)::int as points from event_points
    where dealer_id = ${dealerId} and event_id in (${sql.join(
      eventIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by event_id`,
  );
  return new Map(rows.map((r) => [r.event_id, r.points]));
};
