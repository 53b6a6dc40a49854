import { createFixtureWriter } from '../../features/football/fixtures.service';
import { loadBundledFixtures } from '../../features/football/replay/bundled-fixtures';
import { createFootballReplay } from '../../features/football/replay/football-replay';
import { seedFootballReplay } from '../../features/football/replay/seed-football-replay';
import type { Database } from '../client';

let bundled: ReturnType<typeof loadBundledFixtures> | undefined;

/**
 * What the server does before the demo seed, at `now`: the bundled history (the last
 * `historyYears`) and the replay window, as the demo's tips need them.
 */
export async function seedTestFootball(database: Database, now: Date, historyYears = 1) {
  bundled ??= loadBundledFixtures();
  const all = await bundled;
  const clock = { now: () => now };
  const replay = createFootballReplay({
    loadFixtures: async () => all,
    writeFixtures: createFixtureWriter({ db: database.db, clock }),
    clock,
  });
  return seedFootballReplay(replay, { historyYears });
}
