import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type OrderMailKind, orderMails, orders, users } from '../../db/schema';
import { rowsOf } from '../../lib/sql';

export type MailClaim = { kind: OrderMailKind; recipientId: number };

/**
 * Claims the automatic mail of each order for a recipient; answers the orders claimed now.
 * An order someone already claimed (sent, or being sent right now) is left out.
 */
export const claimOrderMails = async (db: DbOrTx, orderIds: number[], claim: MailClaim) => {
  if (orderIds.length === 0) return [];
  const rows = await db
    .insert(orderMails)
    .values(orderIds.map((orderId) => ({ orderId, ...claim })))
    .onConflictDoNothing()
    .returning({ orderId: orderMails.orderId });
  return rows.map((row) => row.orderId);
};

/**
 * Claims an order's automatic mail of `kind` for its buyer, and answers the buyer (the
 * order's language, the account's name and address) with whether this call claimed it, in
 * one statement; undefined when the order does not exist. As `claimOrderMails`: a claim someone
 * already holds (sent, or being sent right now) is not taken again. `content`: a column the
 * mail is made of, read in the same statement (`content` of the answer; the keys mail's keys).
 */
export const claimBuyerMail = async <Content = null>(
  db: DbOrTx,
  orderId: number,
  kind: OrderMailKind,
  content?: SQL<Content>,
) => {
  const [row] = await rowsOf<{
    lang: string;
    buyerId: number;
    name: string;
    email: string;
    claimed: boolean;
    content: Content;
  }>(
    db,
    sql`with buyer as (
          select ${orders.id} as order_id, ${orders.lang} as lang, ${orders.buyerId} as buyer_id,
            ${users.name} as name, ${users.email} as email
          from ${orders} join ${users} on ${users.id} = ${orders.buyerId}
          where ${orders.id} = ${orderId}),
        claimed as (
          insert into ${orderMails} (order_id, kind, recipient_id)
          select order_id, ${kind}, buyer_id from buyer
          on conflict do nothing
          returning order_id)
        select lang, buyer_id as "buyerId", name, email, exists (select 1 from claimed) as claimed,
          ${content ?? sql`null`} as content
        from buyer`,
  );
  return row;
};

/** The recipient's claims on these orders whose mail has not gone out yet. */
const unsentClaims = (orderIds: number[], claim: MailClaim) =>
  and(
    inArray(orderMails.orderId, orderIds),
    eq(orderMails.kind, claim.kind),
    eq(orderMails.recipientId, claim.recipientId),
    isNull(orderMails.sentAt),
  );

/** The mail went out: the claims stay for good. */
export const confirmOrderMails = async (db: DbOrTx, orderIds: number[], claim: MailClaim) => {
  if (orderIds.length === 0) return;
  await db.update(orderMails).set({ sentAt: sql`now()` }).where(unsentClaims(orderIds, claim));
};

/** The send failed or had nothing to send: the claims go, so a retry may send. */
export const releaseOrderMails = async (db: DbOrTx, orderIds: number[], claim: MailClaim) => {
  if (orderIds.length === 0) return;
  await db.delete(orderMails).where(unsentClaims(orderIds, claim));
};

/** Whether an order's mail was claimed, and whether it went out (a claim without `sentAt`: being sent, or its sender died). */
export const findOrderMail = async (db: DbOrTx, orderId: number, claim: MailClaim) => {
  const [row] = await db
    .select({ sentAt: orderMails.sentAt })
    .from(orderMails)
    .where(
      and(
        eq(orderMails.orderId, orderId),
        eq(orderMails.kind, claim.kind),
        eq(orderMails.recipientId, claim.recipientId),
      ),
    );
  return row;
};
