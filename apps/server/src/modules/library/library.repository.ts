import type { LibraryQuery } from '@esd/shared/content/library.schemas';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { libraryDocuments } from '../../db/schema';
import { containsPattern } from '../../lib/list';
import { kindOfMime } from './library-file-type';

type LibraryRow = typeof libraryDocuments.$inferSelect;

export const toLibraryDocument = (row: LibraryRow) => ({
  id: row.id,
  title: row.title,
  description: row.description,
  category: row.category,
  lang: row.lang as 'en' | 'ru' | 'az',
  file_name: row.fileName,
  mime_type: row.mimeType,
  kind: kindOfMime(row.mimeType),
  size_bytes: row.sizeBytes,
  sha256: row.sha256,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const findLibraryDocuments = async (db: DbOrTx, query: LibraryQuery) => {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(libraryDocuments.category, query.category));
  if (query.lang) conditions.push(eq(libraryDocuments.lang, query.lang));
  if (query.q) {
    const pattern = containsPattern(query.q);
    conditions.push(
      or(
        ilike(libraryDocuments.title, pattern),
        ilike(libraryDocuments.description, pattern),
        ilike(libraryDocuments.fileName, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(libraryDocuments)
      .where(where)
      .orderBy(desc(libraryDocuments.createdAt), desc(libraryDocuments.id))
      .limit(query.perPage)
      .offset((query.page - 1) * query.perPage),
    db.select({ value: count() }).from(libraryDocuments).where(where),
  ]);
  return { items: rows.map(toLibraryDocument), total: total?.value ?? 0 };
};

export const findLibraryDocument = async (db: DbOrTx, id: number) => {
  const [row] = await db.select().from(libraryDocuments).where(eq(libraryDocuments.id, id));
  return row;
};

type LibraryValues = typeof libraryDocuments.$inferInsert;

export const insertLibraryDocument = async (db: DbOrTx, values: LibraryValues) => {
  const [row] = await db.insert(libraryDocuments).values(values).returning();
  return row!;
};

/** The document's stored file name, its row locked for the change. */
export const lockLibraryDocument = async (db: DbOrTx, id: number) => {
  const [row] = await db
    .select({ storedName: libraryDocuments.storedName })
    .from(libraryDocuments)
    .where(eq(libraryDocuments.id, id))
    .for('update');
  return row;
};

export const updateLibraryDocument = async (
  db: DbOrTx,
  id: number,
  values: Partial<LibraryValues>,
) => {
  const [row] = await db
    .update(libraryDocuments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(libraryDocuments.id, id))
    .returning();
  return row!;
};

export const deleteLibraryDocument = async (db: DbOrTx, id: number) => {
  const [row] = await db.delete(libraryDocuments).where(eq(libraryDocuments.id, id)).returning();
  return row;
};
