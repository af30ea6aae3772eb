import type { NoticeKind } from '@esd/shared/notifications/notifications.schemas';
import { sql } from 'drizzle-orm';
import {
  check,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

const kindCheck = (column: unknown) =>
  sql`${column} in ('return_requested', 'partner_application', 'cash_digest', 'low_stock', 'prize_claimed')`;

/** The kinds of admin mail a user turned off on its profile page; no row: the kind is on. */
export const noticeOptOuts = pgTable(
  'notice_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 30 }).$type<NoticeKind>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check('notice_opt_outs_kind', kindCheck(t.kind)),
  ],
);

/**
 * Each admin mail, claimed before it is sent (as `order_mails` does for an order's mails): the
 * unique (kind, subject, recipient) row keeps a job that runs twice, or a digest job run by two
 * processes, to one mail. `subject` names what the mail is about: a return request's or an
 * application's id, a product's id and when its stock fell under the level, or a digest's Baku
 * day (`YYYY-MM-DD`). A failed send deletes the claim so the job's retry sends it.
 */
export const noticeMails = pgTable(
  'notice_mails',
  {
    id: serial('id').primaryKey(),
    kind: varchar('kind', { length: 30 }).$type<NoticeKind>().notNull(),
    subject: varchar('subject', { length: 64 }).notNull(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notice_mails_once').on(t.kind, t.subject, t.recipientId),
    check('notice_mails_kind', kindCheck(t.kind)),
  ],
);
