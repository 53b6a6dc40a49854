import type { FeedFixture } from '../feed-fixture';
import { parseOpenfootballFile } from '../openfootball';
import { BUNDLED_OPENFOOTBALL_DIR, listOpenfootballFiles, readOpenfootballFile } from '../openfootball-files';

/**
 * Every bundled openfootball fixture at its real date (source 'openfootball'), parsed once: the
 * replay keeps them in memory and the demo's history import writes the older ones.
 */
export async function loadBundledFixtures(dir: string = BUNDLED_OPENFOOTBALL_DIR): Promise<FeedFixture[]> {
  const files = await listOpenfootballFiles(dir);
  const parsed = await Promise.all(
    files.map(async (file) => parseOpenfootballFile(file, await readOpenfootballFile(file)).fixtures),
  );
  return parsed.flat();
}
