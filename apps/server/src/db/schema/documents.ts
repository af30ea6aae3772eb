import type { DocumentKind } from '@esd/shared/invoices/invoices.schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { money } from './columns';
import { orderMoneyMovements, orders } from './orders';

/**
 * The last number given to each kind of document in each calendar year (Baku), issue 31: taken
 * with one upsert … RETURNING in the transaction that issues the document, so a rolled-back
 * issue gives its number back and the numbers of a year have no gaps (a sequence would).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: varchar('kind', { length: 20 }).$type<DocumentKind>().notNull(),
    year: smallint('year').notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] })],
);

/**
 * The documents of record of an order (issue 31): its proforma invoice, its invoice and a
 * credit note per refund, each numbered and frozen when issued. `snapshot` holds everything the
 * PDF prints (validated by `documentSnapshotSchema`), so a download renders the same document
 * whatever changed since. Never updated.
 */
export const orderDocuments = pgTable(
  'order_documents',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<DocumentKind>().notNull(),
    /** `INV-2026-000123`, `PRO-2026-000045`, `CN-2026-000007` */
    number: varchar('number', { length: 20 }).notNull(),
    year: smallint('year').notNull(),
    seq: integer('seq').notNull(),
    /** the refund a credit note documents */
    movementId: integer('movement_id').references(() => orderMoneyMovements.id, {
      onDelete: 'cascade',
    }),
    /** AZN with VAT: the total of an invoice or proforma, the amount a credit note refunds */
    amountAzn: money('amount_azn').notNull(),
    snapshot: jsonb('snapshot').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('order_documents_number_idx').on(t.number),
    uniqueIndex('order_documents_kind_year_seq_idx').on(t.kind, t.year, t.seq),
    // one proforma and one invoice per order; one credit note per refund
    uniqueIndex('order_documents_order_kind_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.kind} in ('proforma', 'invoice')`),
    uniqueIndex('order_documents_movement_idx').on(t.movementId),
    index('order_documents_order_idx').on(t.orderId, t.id),
    check('order_documents_kind', sql`${t.kind} in ('proforma', 'invoice', 'credit_note')`),
    check(
      'order_documents_credit_note_movement',
      sql`(${t.kind} = 'credit_note') = (${t.movementId} is not null)`,
    ),
  ],
);
