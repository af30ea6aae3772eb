import { loadConfig } from '../config/env';
import { openConfiguredDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seedDemoData } from './seed';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await runMigrations(database);
const seeded = await seedDemoData(database.db, { dataDir: config.dataDir });
await database.close();
console.log(seeded ? 'demo data loaded' : 'demo data was already loaded');
