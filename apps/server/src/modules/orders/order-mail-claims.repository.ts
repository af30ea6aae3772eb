import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type OrderMailKind, orderMails } from '../../db/schema';

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
