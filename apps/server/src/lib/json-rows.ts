import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * Rows of several tables from one statement (issue 35: one round trip where several read or
 * wrote the same rows): each row as a JSON object built in SQL (`jsonRowOf`), read back into
 * the shape a drizzle `select()` of its table answers (`fromJsonRow`). Money (numeric) is
 * written as text, so no digit is lost to a JSON number; timestamps come back as `Date`s
 * through each column's own mapping, as drizzle maps them.
 */

/**
 * `json_build_object` of every column of `table`, read from the row `alias` (a table or CTE
 * alias in the statement), keyed by the columns' SQL names. At most 50 columns (PostgreSQL's
 * 100 arguments).
 */
export const jsonRowOf = (table: Table, alias: string): SQL => {
  const columns = Object.values(getTableColumns(table));
  if (columns.length > 50) throw new Error('jsonRowOf: a table of more than 50 columns');
  const parts = columns.map((column) => {
    const ref = sql`${sql.identifier(alias)}.${sql.identifier(column.name)}`;
    // the names are the schema's own identifiers, never input
    return sql`${sql.raw(`'${column.name}'`)}, ${column.columnType === 'PgNumeric' ? sql`${ref}::text` : ref}`;
  });
  return sql`json_build_object(${sql.join(parts, sql`, `)})`;
};

/** A `json_agg` of `jsonRowOf` over the rows of `alias`, in `orderBy` order; `[]` when none. */
export const jsonRowsOf = (table: Table, alias: string, orderBy: string): SQL =>
  sql`(select coalesce(json_agg(${jsonRowOf(table, alias)} order by ${sql.identifier(alias)}.${sql.identifier(orderBy)}), '[]'::json) from ${sql.identifier(alias)})`;

/** A row `jsonRowOf` built, as drizzle's `select()` of the table answers it. */
export const fromJsonRow = <T extends Table>(
  table: T,
  json: Record<string, unknown>,
): InferSelectModel<T> => {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as InferSelectModel<T>;
};
