import { loadConfig, loadDotEnvFile } from '../../config/env';
import { createFixtureWriter } from '../../features/football/fixtures.service';
import { loadBundledFixtures } from '../../features/football/replay/bundled-fixtures';
import { createFootballReplay } from '../../features/football/replay/football-replay';
import { findHistoryEnd } from '../../features/football/replay/replay.repo';
import { seedFootballReplay } from '../../features/football/replay/seed-football-replay';
import { systemClock } from '../../lib/clock';
import { openDatabase } from '../client';
import { migrateDatabase } from '../migrate';
import { DEMO_ACCOUNTS, isDemoSeeded, seedDemo } from './seed-demo';

/**
 * `npm run db:seed`: migrates, then, if the database has no demo yet, writes the replay's fixtures
 * (as the server's first start does) and seeds the demo on them.
 */
loadDotEnvFile();
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrateDatabase(database);
const seeded = !(await isDemoSeeded(database));
if (seeded) {
  if (config.footballData.replay) {
    const replay = createFootballReplay({
      loadFixtures: () => loadBundledFixtures(),
      writeFixtures: createFixtureWriter({ db: database.db, clock: systemClock }),
      clock: systemClock,
      historyEnd: () => findHistoryEnd(database.db),
    });
    await seedFootballReplay(replay, { log: console.log });
  }
  await seedDemo(database, { now: systemClock.now(), dataDir: config.dataDir, log: console.log });
}
await database.close();
if (!seeded) {
  console.log('The database already has data; nothing seeded.');
} else {
  console.log('Demo sign-ins:');
  for (const [role, a] of Object.entries(DEMO_ACCOUNTS)) console.log(`  ${role}: ${a.email} / ${a.password}`);
}
