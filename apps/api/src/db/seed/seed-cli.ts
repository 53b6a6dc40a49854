import { loadConfig, loadDotEnvFile } from '../../config/env';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { DEMO_ACCOUNTS, seedDemoIfEmpty } from './seed-demo';

/** `npm run db:seed`: migrates, then seeds the demo data if the database has none yet. */
loadDotEnvFile();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const seeded = await seedDemoIfEmpty(database, {
  now: new Date(),
  dataDir: config.dataDir,
  log: console.log,
});
await database.close();
if (!seeded) {
  console.log('The database already has data; nothing seeded.');
} else {
  console.log('Demo sign-ins:');
  for (const [role, a] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role}: ${a.email} / ${a.password}`);
}
