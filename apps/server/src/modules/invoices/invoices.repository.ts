import { DOCUMENT_SEQ_DIGITS, documentNumberPrefix } from '@esd/shared/invoices/invoices.schemas';
import { and, asc, eq, inArray, isNull, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  countries,
  documentCounters,
  orderDocuments,
  orderMoneyMovements,
  orders,
  partnerApplications,
  users,
} from '../../db/schema';
import { fromJsonRow, jsonRowOf } from '../../lib/json-rows';
import { rowsOf } from '../../lib/sql';
import { selectOrders } from '../orders';
import { companySettingsColumn } from '../settings';

/** An order with its buyer's and dealer's names, whoever may see it (for the jobs). */
export const findOrder = async (db: DbOrTx, orderId: number) => {
  const [row] = await selectOrders(db, eq(orders.id, orderId));
  return row;
};

/**
 * The parties an invoice names, in one statement: the seller's details as stored now (`seller`,
 * to be read with `parseCompanySettings`), and the buyer: its account with the VÖEN and address
 * set on it (a dealer's, issue 33) and its country, and the company of its approved partner
 * application when it has one (a dealer that applied through "Become a Partner").
 */
export const findInvoiceParties = async (db: DbOrTx, buyerId: number) => {
  const [row] = await rowsOf<{ parties: unknown }>(
    db,
    sql`select ${invoicePartiesColumn(buyerId)} as parties`,
  );
  return invoicePartiesFrom(row?.parties);
};

/** What an invoice names of its parties (`seller`: the stored details, unparsed). */
export type InvoiceParties = {
  seller: unknown;
  name: string;
  email: string;
  company: string | null;
  voen: string | null;
  address: string | null;
  countryEn: string | null;
  countryRu: string | null;
  countryAz: string | null;
};

/**
 * The parties as one JSON column (`null`: no such buyer), for `findInvoiceParties` and for
 * another module's select: a credit checkout reads it with the rest of its placing state, under
 * the buyer's lock, instead of in a statement of its own before the invoice (issue 35). Read
 * with `invoicePartiesFrom`.
 */
export const invoicePartiesColumn = (buyerId: number) => sql<unknown>`(
  select json_build_object('seller', ${companySettingsColumn}, 'name', ${users.name},
    'email', ${users.email}, 'company', ${partnerApplications.companyName}, 'voen', ${users.voen},
    'address', ${users.address}, 'countryEn', ${countries.nameEn},
    'countryRu', ${countries.nameRu}, 'countryAz', ${countries.nameAz})
  from ${users}
  left join ${partnerApplications} on ${partnerApplications.userId} = ${users.id}
    and ${partnerApplications.status} = 'approved'
  left join ${countries} on ${countries.id} = ${users.countryId}
  where ${users.id} = ${buyerId}
  order by ${partnerApplications.id} desc
  limit 1)`;

/** The parties of `invoicePartiesColumn`'s value: JSON holds them as `findInvoiceParties` does. */
export const invoicePartiesFrom = (value: unknown): InvoiceParties | undefined =>
  (value ?? undefined) as InvoiceParties | undefined;

/**
 * Locks the order against a second issue of its documents until the transaction ends: two
 * processes issuing at once take turns, and the second finds the first's document.
 */
export const lockOrderForIssue = async (tx: Tx, orderId: number) => {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for('update');
  return row !== undefined;
};

/**
 * Writes a document under the next number of its kind and year, in one statement: the counter
 * row is created or incremented and held locked until the transaction ends, so numbers go out in
 * order and a rolled-back issue leaves no gap. The number is `documentNumber`'s: the prefix from
 * it, the sequence zero-padded to DOCUMENT_SEQ_DIGITS as `padStart` pads (never cut). One
 * statement, not two, also keeps the counter's lock one round trip shorter: every credit
 * checkout takes it (issue 35).
 */
export const insertNumberedDocument = async (
  tx: Tx,
  document: Omit<typeof orderDocuments.$inferInsert, 'id' | 'number' | 'seq'>,
  /** a write of the caller's, run in the same statement (a data-modifying `WITH`) */
  alongside?: SQLWrapper,
) => {
  const prefix = documentNumberPrefix(document.kind, document.year);
  const [row] = await rowsOf<{ row: Record<string, unknown> }>(
    tx,
    sql`with counter as (
          insert into ${documentCounters} (kind, year, last) values (${document.kind}, ${document.year}, 1)
          on conflict (kind, year) do update set last = ${documentCounters.last} + 1
          returning last),
        issued as (
          insert into ${orderDocuments}
            (order_id, kind, number, year, seq, movement_id, amount_azn, snapshot, issued_at)
          select ${document.orderId}::int, ${document.kind}::text,
            ${prefix}::text || lpad(last::text, greatest(${DOCUMENT_SEQ_DIGITS}::int, length(last::text)), '0'),
            ${document.year}::smallint, last, ${document.movementId ?? null}::int,
            ${document.amountAzn}::numeric, ${JSON.stringify(document.snapshot)}::jsonb,
            ${document.issuedAt}::timestamptz
          from counter
          returning *)
        ${alongside ? sql`, alongside as (${alongside.getSQL()})` : sql``}
        select ${jsonRowOf(orderDocuments, 'issued')} as row from issued`,
  );
  return fromJsonRow(orderDocuments, row!.row);
};

export type OrderDocumentRow = typeof orderDocuments.$inferSelect;

/** An order's documents, in the order they were issued. */
export const findDocuments = (db: DbOrTx, orderId: number) =>
  db
    .select()
    .from(orderDocuments)
    .where(eq(orderDocuments.orderId, orderId))
    .orderBy(asc(orderDocuments.id));

/** The order's proforma or invoice, when issued. */
export const findDocumentOfKind = async (
  db: DbOrTx,
  orderId: number,
  kind: 'proforma' | 'invoice',
) => {
  const [row] = await db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.kind, kind)));
  return row;
};

export const findDocumentByNumber = async (db: DbOrTx, orderId: number, number: string) => {
  const [row] = await db
    .select()
    .from(orderDocuments)
    .where(and(eq(orderDocuments.orderId, orderId), eq(orderDocuments.number, number)));
  return row;
};

/** The refunds of an order (to the buyer, or back onto the dealer's credit) without a credit note. */
export const findRefundsWithoutCreditNote = (db: DbOrTx, orderId: number) =>
  db
    .select({ movement: orderMoneyMovements })
    .from(orderMoneyMovements)
    .leftJoin(orderDocuments, eq(orderDocuments.movementId, orderMoneyMovements.id))
    .where(
      and(
        eq(orderMoneyMovements.orderId, orderId),
        inArray(orderMoneyMovements.kind, ['refunded', 'credit_restored']),
        isNull(orderDocuments.id),
      ),
    )
    .orderBy(asc(orderMoneyMovements.id));

export type RefundRow = typeof orderMoneyMovements.$inferSelect;
