import { loadConfig } from '../config/env';
import { openConfiguredDatabase } from './client';
import { runMigrations } from './migrate';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await runMigrations(database);
await database.close();
console.log('migrations applied');
