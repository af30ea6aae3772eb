import { sql } from 'drizzle-orm';
import {
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { orders } from './orders';
import { users } from './users';

/** The local mailbox: mail kept here when no SMTP server is configured. */
export const mailMessages = pgTable('mail_messages', {
  id: serial('id').primaryKey(),
  to: varchar('to', { length: 1000 }).notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});

/**
 * The automatic mails of an order: 'proforma' (a cash order placed, its proforma invoice
 * attached) and 'keys' to the buyer, 'late_delivery' to each global admin.
 */
export type OrderMailKind = 'proforma' | 'keys' | 'late_delivery';

/**
 * Each automatic mail of an order, claimed before it is sent. Jobs run at least once, so the
 * unique (order, kind, recipient) row is what makes the mail go out at most once: a job that
 * cannot insert it sends nothing. A failed send deletes the claim so the retry sends; a claim
 * without `sent_at` was taken by a process that died mid-send (the mail may or may not be out).
 */
export const orderMails = pgTable(
  'order_mails',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 20 }).$type<OrderMailKind>().notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_mails_once').on(t.orderId, t.kind, t.recipientId),
    check('order_mails_kind', sql`${t.kind} in ('proforma', 'keys', 'late_delivery')`),
  ],
);

/**
 * The "no exchange rate today" mail to each global admin, claimed before it is sent: one row per
 * Baku day and admin, so however many processes run the noon check, each admin gets it once a
 * day. A failed send deletes the claim so the job's retry sends it.
 */
export const rateAlertMails = pgTable(
  'rate_alert_mails',
  {
    rateDate: date('rate_date', { mode: 'string' }).notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.rateDate, t.recipientId] })],
);
