import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { users } from './users';

/** A news article in three languages; readers see it once published and its date has come. */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    titleEn: text('title_en').notNull(),
    titleRu: text('title_ru').notNull(),
    titleAz: text('title_az').notNull(),
    bodyEn: text('body_en').notNull().default(''),
    bodyRu: text('body_ru').notNull().default(''),
    bodyAz: text('body_az').notNull().default(''),
    imagePath: text('image_path'),
    status: varchar('status', { length: 10 }).$type<'draft' | 'published'>().notNull(),
    publishAt: timestamp('publish_at', { withTimezone: true }).notNull().defaultNow(),
    authorId: integer('author_id').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('news_published_idx').on(t.publishAt, t.id).where(sql`status = 'published'`),
    check('news_status_check', sql`${t.status} in ('draft', 'published')`),
  ],
);

export type LibraryCategory = 'price_list' | 'certificate' | 'guide' | 'other';

/** A document of the library; the file lives under DATA_DIR with a random stored name. */
export const libraryDocuments = pgTable(
  'library_documents',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: varchar('category', { length: 20 }).$type<LibraryCategory>().notNull(),
    lang: varchar('lang', { length: 2 }).notNull(),
    /** the uploader's file name, shown and offered on download only */
    fileName: text('file_name').notNull(),
    storedName: varchar('stored_name', { length: 80 }).notNull(),
    mimeType: varchar('mime_type', { length: 120 }).notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('library_documents_category_idx').on(t.category, t.createdAt),
    check(
      'library_documents_category_check',
      sql`${t.category} in ('price_list', 'certificate', 'guide', 'other')`,
    ),
    check('library_documents_lang_check', sql`${t.lang} in ('en', 'ru', 'az')`),
    check('library_documents_size_check', sql`${t.sizeBytes} > 0`),
  ],
);
