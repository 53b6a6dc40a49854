import type { FeedFixture } from '../feed-fixture';
import { parseOpenfootballFile } from '../openfootball';
import { BUNDLED_OPENFOOTBALL_DIR, listOpenfootballFiles, readOpenfootballFile } from '../openfootball-files';

/**
 * Every bundled openfootball fixture at its real date (source 'openfootball'), parsed once: the
 * replay keeps them in memory and the demo's history import writes the older ones.
 */
export async function loadBundledFixtures(dir: string = BUNDLED_OPENFOOTBALL_DIR): Promise<FeedFixture[]> {
  const all: FeedFixture[] = [];
  // One file at a time, yielding between them: parsing everything at once (1.6 s) would stall a
  // serving process's event loop and make it shed requests.
  for (const file of await listOpenfootballFiles(dir)) {
    all.push(...parseOpenfootballFile(file, await readOpenfootballFile(file)).fixtures);
    await new Promise((resolve) => setImmediate(resolve));
  }
  return all;
}
