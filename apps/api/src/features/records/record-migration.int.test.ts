import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { verifyRecord } from '@tips/contract/record-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wrapPglite } from '../../db/client';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { ANONYMOUS } from '../tips/tip-view';
import { createRecordsService } from './records.service';

/**
 * Migration 0010 on a database that already has tips: every tip gets a commitment and every
 * tipster a chain, in time order, that the verifier accepts (PGlite; the SQL is the same on
 * PostgreSQL, which the other record tests run on).
 */
const sqlFiles = readdirSync(MIGRATIONS_DIR)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const statementsOf = (file: string) =>
  readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8')
    .split('--> statement-breakpoint')
    .filter((s) => s.trim());

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  for (const file of sqlFiles.filter((f) => f < '0010')) {
    for (const statement of statementsOf(file)) await client.exec(statement);
  }
  await client.exec(`
    insert into tipsters (id, name, category, location) values (1, 'Old Hand', 'SENIOR', 'Leeds'), (2, 'Newcomer', 'PREMIUM', 'Rome');
    insert into tips (tipster_id, tips_type, league, home_team, away_team, event_time, betting_type, selection,
        odds_hundredths, price_cents, stake, published_at, result, outcome, result_details, settled_at) values
      (1, 'SENIOR', 'L', 'A', 'B', '2026-01-03T15:00Z', 1, 'Home -0.5', 200, 500, 2, '2026-01-02T10:00Z', 'WIN', 'WIN', 'FT 2-0', '2026-01-03T17:00Z'),
      (1, 'SENIOR', 'L', 'C', 'D', '2026-01-01T15:00Z', 2, 'Over 2.5', 180, 0, 1, '2026-01-01T09:00Z', 'LOSS', 'LOSS', 'FT 1-0', '2026-01-01T17:00Z'),
      (1, 'SENIOR', 'L', 'E', 'F', '2099-01-01T15:00Z', 1, 'Away +0.25', 190, 900, 3, '2026-01-04T09:00Z', null, null, null, null),
      (2, 'PREMIUM', 'L', 'G', 'H', '2026-01-05T15:00Z', 1, 'Home -0.25', 190, 2500, 1, '2026-01-05T09:00Z', 'WIN', 'HALF_WIN', 'FT 1-0', '2026-01-05T17:00Z');
  `);
  for (const file of sqlFiles.filter((f) => f >= '0010')) {
    for (const statement of statementsOf(file)) await client.exec(statement);
  }
}, 120_000);
afterAll(() => client.close());

describe('migration 0010 on existing tips', () => {
  it('commits every tip and builds each chain in time order, which verifies', async () => {
    const database = wrapPglite(client);
    const records = createRecordsService({
      db: database.db,
      clock: { now: () => new Date('2026-02-01T00:00Z') },
    });
    const old = await records.exportRecord(1, ANONYMOUS);
    expect(old.events.map((e) => `${e.kind}:${e.occurredAt}`)).toEqual([
      'published:2026-01-01T09:00:00.000Z',
      'settled:2026-01-01T17:00:00.000Z',
      'published:2026-01-02T10:00:00.000Z',
      'settled:2026-01-03T17:00:00.000Z',
      'published:2026-01-04T09:00:00.000Z',
    ]);
    // The open paid pick is committed, not shown.
    expect(old.events[4]).toMatchObject({ selection: null, salt: null });
    expect(old.events[4].commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(await verifyRecord(old)).toEqual({
      ok: true,
      events: 5,
      tips: 3,
      settled: 2,
      profitThousandths: 2000 - 1000,
      closed: { sample: 0, clvPpmSum: 0, beatClose: 0 },
    });
    const fresh = await records.exportRecord(2, ANONYMOUS);
    expect(await verifyRecord(fresh)).toMatchObject({ ok: true, events: 2, profitThousandths: 450 });
  });
});
