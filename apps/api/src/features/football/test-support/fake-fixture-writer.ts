import type { FeedFixture, FixtureWriteReport } from '../feed-fixture';

const RESULT_STATUSES = new Set(['finished', 'awarded', 'abandoned', 'postponed', 'cancelled']);

/**
 * An in-memory stand-in for the fixture writer (fixtures.repo.ts), with its contract: upsert by
 * (source, sourceId), ids stable, and a fixture's id reported in resultChangedIds only by the write
 * that changed its result (score or final status).
 */
export function createFakeFixtureWriter() {
  const rows = new Map<string, FeedFixture & { id: number }>();
  const batches: FeedFixture[][] = [];
  const resultOf = (f: FeedFixture) =>
    f.fullTime || RESULT_STATUSES.has(f.status)
      ? `${f.status}|${f.fullTime?.join('-')}|${f.halfTime?.join('-')}`
      : '';

  async function writeFixtures(batch: FeedFixture[]): Promise<FixtureWriteReport> {
    batches.push(batch);
    const report: FixtureWriteReport = { added: 0, updated: 0, unchanged: 0, resultChangedIds: [] };
    for (const f of batch) {
      const key = `${f.source}|${f.sourceId}`;
      const before = rows.get(key);
      const id = before?.id ?? rows.size + 1;
      rows.set(key, { ...f, id });
      if (!before) report.added++;
      else if (JSON.stringify({ ...before, id: 0 }) === JSON.stringify({ ...f, id: 0 })) report.unchanged++;
      else report.updated++;
      if (resultOf(f) !== '' && resultOf(f) !== (before ? resultOf(before) : ''))
        report.resultChangedIds.push(id);
    }
    return report;
  }

  return { writeFixtures, rows, batches };
}
