import { loadConfig } from '../config/env';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const config = loadConfig();
const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
await runMigrations(database);
await database.close();
console.log('migrations applied');
