import { loadConfig } from '../config/env';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { seedDemoData } from './seed/seed';

const config = loadConfig();
const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  : await openDatabase({ kind: 'pglite', dataDir: config.dataDir });
await runMigrations(database);
const seeded = await seedDemoData(database.db);
await database.close();
console.log(seeded ? 'demo data loaded' : 'demo data was already loaded');
