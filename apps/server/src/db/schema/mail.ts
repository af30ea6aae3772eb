import { pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/** The local mailbox: mail kept here when no SMTP server is configured. */
export const mailMessages = pgTable('mail_messages', {
  id: serial('id').primaryKey(),
  to: varchar('to', { length: 1000 }).notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: createdAt(),
});
