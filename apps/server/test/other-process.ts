import pg from 'pg';
import type { TestContext } from './harness';

/** SQL as another server process would run it: not through this app's pool. */
export type OtherProcess = {
  run: (text: string, values?: unknown[]) => Promise<void>;
  /** the same with the tables' triggers off: no change notification announces it */
  runQuietly: (text: string, values?: unknown[]) => Promise<void>;
  close: () => Promise<void>;
};

/**
 * On PostgreSQL a connection of its own; on PGlite (one connection) the same database beside
 * the app. Quiet writes use `session_replication_role = replica` for their transaction only.
 */
export const openOtherProcess = async (ctx: TestContext): Promise<OtherProcess> => {
  const pglite = ctx.database.pglite;
  if (!pglite) {
    const client = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
    await client.connect();
    return {
      run: async (text, values) => {
        await client.query(text, values);
      },
      runQuietly: async (text, values) => {
        await client.query('begin');
        try {
          await client.query('set local session_replication_role = replica');
          await client.query(text, values);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        }
      },
      close: () => client.end(),
    };
  }
  return {
    run: async (text, values) => {
      await pglite.query(text, values);
    },
    runQuietly: async (text, values) => {
      await pglite.transaction(async (tx) => {
        await tx.query('set local session_replication_role = replica');
        await tx.query(text, values);
      });
    },
    close: async () => {},
  };
};
