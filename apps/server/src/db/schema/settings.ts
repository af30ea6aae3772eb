import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Key-value application settings and markers (e.g. when demo data was loaded). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
