import { getTableColumns, type InferSelectModel, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * Rows of several tables from one statement (issue 35: one round trip where several read or
 * wrote the same rows): each row as a JSON object built in SQL (`jsonRowOf`), read back into
 * the shape a drizzle `select()` of its table answers (`fromJsonRow`). Money (numeric) is
 * written as text, so no digit is lost to a JSON number; timestamps come back as `Date`s
 * through each column's own mapping, as drizzle maps them.
 */

/** A name as PostgreSQL reads it quoted, as drizzle's `sql.identifier` writes it. */
const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** `jsonRowOf`'s text of each table and alias, made once per process. */
const jsonRowTexts = new WeakMap<Table, Map<string, SQL>>();

/**
 * `json_build_object` of every column of `table`, read from the row `alias` (a table or CTE
 * alias in the statement), keyed by the columns' SQL names. At most 50 columns (PostgreSQL's
 * 100 arguments). Its text depends on the table and the alias only, so it is made once and
 * kept as one raw piece (issue 35: built from a piece per column on every call, the order's
 * and the basket's made up most of the time drizzle took to build a checkout's statements).
 */
export const jsonRowOf = (table: Table, alias: string): SQL => {
  const ofTable = jsonRowTexts.get(table) ?? new Map<string, SQL>();
  jsonRowTexts.set(table, ofTable);
  const known = ofTable.get(alias);
  if (known) return known;
  const columns = Object.values(getTableColumns(table));
  if (columns.length > 50) throw new Error('jsonRowOf: a table of more than 50 columns');
  // the names are the schema's own identifiers and the callers' aliases, never input
  const parts = columns.map((column) => {
    const ref = `${quoted(alias)}.${quoted(column.name)}`;
    return `'${column.name}', ${column.columnType === 'PgNumeric' ? `${ref}::text` : ref}`;
  });
  const text = sql.raw(`json_build_object(${parts.join(', ')})`);
  ofTable.set(alias, text);
  return text;
};

/** A `json_agg` of `jsonRowOf` over the rows of `alias`, in `orderBy` order; `[]` when none. */
export const jsonRowsOf = (table: Table, alias: string, orderBy: string): SQL =>
  sql`(select coalesce(json_agg(${jsonRowOf(table, alias)} order by ${sql.raw(`${quoted(alias)}.${quoted(orderBy)}`)}), '[]'::json) from ${sql.raw(quoted(alias))})`;

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
