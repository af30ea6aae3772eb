import type { TargetListQuery } from '@esd/shared/content/targets.schemas';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { targets, users } from '../../db/schema';
import { containsPattern } from '../../lib/list';

const creator = alias(users, 'creator');

/**
 * USD (VAT excluded, returns deducted) of the dealer's paid, not cancelled orders whose
 * payment falls in the target's quarter, counted in Baku time.
 */
const achievedUsd = sql<string>`coalesce((
  select sum(o.total_usd - o.refunded_usd) from orders o
  where o.dealer_id = ${targets.dealerId}
    and o.paid_at is not null and o.status <> 'cancelled'
    and o.paid_at >= (make_date(${targets.year}::int, (${targets.quarter}::int - 1) * 3 + 1, 1)::timestamp at time zone 'Asia/Baku')
    and o.paid_at < ((make_date(${targets.year}::int, (${targets.quarter}::int - 1) * 3 + 1, 1) + interval '3 months')::timestamp at time zone 'Asia/Baku')
), 0)::numeric(14, 2)::text`;

const columns = {
  id: targets.id,
  dealerId: targets.dealerId,
  dealerName: users.name,
  dealerEmail: users.email,
  year: targets.year,
  quarter: targets.quarter,
  amountUsd: targets.amountUsd,
  note: targets.note,
  achievedUsd,
  createdBy: creator.name,
  createdAt: targets.createdAt,
};

type TargetRow = {
  id: number;
  dealerId: number;
  dealerName: string;
  dealerEmail: string;
  year: number;
  quarter: number;
  amountUsd: string;
  note: string;
  achievedUsd: string;
  createdBy: string | null;
  createdAt: Date;
};

const toTarget = (row: TargetRow) => ({
  id: row.id,
  dealer_id: row.dealerId,
  dealer_name: row.dealerName,
  dealer_email: row.dealerEmail,
  year: row.year,
  quarter: row.quarter,
  amount_usd: row.amountUsd,
  note: row.note,
  achieved_usd: row.achievedUsd,
  created_by: row.createdBy,
  created_at: row.createdAt.toISOString(),
});

const baseQuery = (db: DbOrTx) =>
  db
    .select(columns)
    .from(targets)
    .innerJoin(users, eq(users.id, targets.dealerId))
    .leftJoin(creator, eq(creator.id, targets.createdBy));

export const findTargets = async (db: DbOrTx, query: TargetListQuery) => {
  const conditions: SQL[] = [];
  if (query.year) conditions.push(eq(targets.year, query.year));
  if (query.quarter) conditions.push(eq(targets.quarter, query.quarter));
  if (query.dealer_id) conditions.push(eq(targets.dealerId, query.dealer_id));
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(desc(targets.year), desc(targets.quarter), asc(users.name), asc(targets.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(targets).where(where),
  ]);
  return { items: rows.map(toTarget), total: total?.value ?? 0 };
};

export const findTarget = async (db: DbOrTx, id: number) => {
  const [row] = await baseQuery(db).where(eq(targets.id, id));
  return row ? toTarget(row) : undefined;
};

/** An active dealer (type 3), the only kind of account a target is for. */
export const findActiveDealer = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.typeId, 3), eq(users.isActive, true)));
  return row;
};

/** Up to 50 active dealers whose name or e-mail contains `q`, by name. */
export const findActiveDealers = (db: DbOrTx, q: string | undefined) => {
  const pattern = q ? containsPattern(q) : undefined;
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.typeId, 3),
        eq(users.isActive, true),
        pattern ? or(ilike(users.name, pattern), ilike(users.email, pattern)) : undefined,
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(50);
};

export const insertTarget = async (
  db: DbOrTx,
  target: {
    dealerId: number;
    year: number;
    quarter: number;
    amountUsd: string;
    note: string;
    createdBy: number | null;
  },
) => {
  const [row] = await db.insert(targets).values(target).returning({ id: targets.id });
  return row!.id;
};
