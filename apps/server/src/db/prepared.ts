import type { DbOrTx } from './client';

const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A named prepared statement, built once per database handle. Hot queries use it so that
 * PostgreSQL parses and plans them once per connection instead of on every request.
 */
export const preparedFor = <T>(db: DbOrTx, name: string, build: (db: DbOrTx) => T): T => {
  const forDb = statements.get(db) ?? new Map<string, unknown>();
  statements.set(db, forDb);
  const existing = forDb.get(name) as T | undefined;
  if (existing) return existing;
  const statement = build(db);
  forDb.set(name, statement);
  return statement;
};
