import { loadConfig, loadDotEnvFile } from '../config/env';
import { openDatabase } from './client';
import { migrateDatabase } from './migrate';

/** `npm run db:migrate`: applies pending migrations to the configured database and exits. */
loadDotEnvFile();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
await database.close();
console.log(`migrations applied (${database.kind})`);
