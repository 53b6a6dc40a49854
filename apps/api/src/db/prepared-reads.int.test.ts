import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankTipsters } from '../features/catalogue/statistics.repo';
import { wrapPglite } from './client';
import { migrateDatabase } from './migrate';
import { isPreparableRead, prepareReadsOnPglite, prepareReadsOnPool } from './prepared-reads';

type Rows = Array<Record<string, unknown>>;

/** One session either way (a pool of one), so pg_prepared_statements shows what this test prepared. */
interface Session {
  query(text: string, params?: unknown[]): Promise<Rows>;
  close(): Promise<void>;
}

async function pgliteSession(maxStatements?: number): Promise<Session & { client: PGlite }> {
  const client = await PGlite.create();
  prepareReadsOnPglite(client, maxStatements);
  return {
    client,
    query: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
    close: () => client.close(),
  };
}

function postgresSession(url: string): Session {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  prepareReadsOnPool(pool);
  return {
    query: async (text, params) => (await pool.query({ text, values: params })).rows,
    close: () => pool.end(),
  };
}

const targets: Array<[string, () => Promise<Session>]> = [['PGlite', () => pgliteSession()]];
const pgUrl = process.env.TEST_DATABASE_URL;
if (pgUrl) targets.push(['PostgreSQL', async () => postgresSession(pgUrl)]);

const READ = 'select id, label, at, amount from prep_items where id >= $1 and label <> $2 order by id';

describe.each(targets)('reads as prepared statements on %s', (_name, open) => {
  let session: Session;

  beforeAll(async () => {
    session = await open();
    await session.query(
      `create temp table prep_items (id int primary key, label text, at timestamptz, amount bigint)`,
    );
    await session.query(
      `insert into prep_items values (1, 'one', '2026-11-01T10:00:00Z', 10), (2, 'two', null, 9007199254740993), (3, 'it''s', '2026-11-03T10:00:00Z', 30)`,
    );
  });
  afterAll(() => session.close());

  const preparedCalls = async (text: string) => {
    const rows = await session.query(
      'select name, generic_plans + custom_plans as runs from pg_prepared_statements where statement = $1',
      [text],
    );
    return rows.map((row) => Number(row.runs));
  };

  it('answers a repeated read with the same rows, parsed once and then only executed', async () => {
    const first = await session.query(READ, [2, 'none']);
    for (let i = 0; i < 9; i++) expect(await session.query(READ, [2, 'none'])).toEqual(first);
    expect(first.map((row) => row.id)).toEqual([2, 3]);
    expect(first[1].label).toBe("it's");
    expect(first[0].at).toBeNull();
    expect(await session.query(READ, [1, 'two'])).toHaveLength(2);
    // One statement for the text, executed eleven times.
    expect(await preparedCalls(READ)).toEqual([11]);
  });

  it('does not keep writes prepared', async () => {
    const insert = 'insert into prep_items values ($1, $2, null, 0)';
    await session.query(insert, [4, 'four']);
    await session.query(insert, [5, 'five']);
    expect(await preparedCalls(insert)).toEqual([]);
    expect(await session.query('select count(*)::int as n from prep_items')).toEqual([{ n: 5 }]);
  });

  it('reports an error with its code and keeps working afterwards', async () => {
    const divide = 'select 10 / $1::int as q';
    expect(await session.query(divide, [2])).toEqual([{ q: 5 }]);
    await expect(session.query(divide, [0])).rejects.toMatchObject({ code: '22012' });
    expect(await session.query(divide, [5])).toEqual([{ q: 2 }]);
    await expect(session.query('select from where', [])).rejects.toMatchObject({ code: '42601' });
    // (node-postgres replaces a connection that reported an error; the new one prepares again.)
    expect(await session.query(divide, [10])).toEqual([{ q: 1 }]);
  });
});

describe('PGlite specifics', () => {
  it('keeps at most the configured number of statements, closing the least recently used', async () => {
    const session = await pgliteSession(2);
    try {
      const texts = ['select 1 as a', 'select 2 as a', 'select 3 as a'];
      for (const text of texts) await session.query(text);
      await session.query(texts[2]);
      const kept = await session.client.exec(
        'select statement from pg_prepared_statements order by statement',
      );
      // This look-up itself went through the plain path (exec); texts[0] was closed.
      expect(kept[0].rows.map((row) => (row as { statement: string }).statement)).toEqual(texts.slice(1));
      expect(await session.query(texts[0])).toEqual([{ a: 1 }]);
    } finally {
      await session.close();
    }
  });

  it('never runs a read inside another caller’s open transaction', async () => {
    const session = await pgliteSession();
    try {
      await session.query('create table tx_items (id int)');
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const transaction = session.client.transaction(async (tx) => {
        await tx.query('insert into tx_items values (1)');
        await held;
        await tx.rollback();
      });
      const read = session.query('select count(*)::int as n from tx_items');
      await new Promise((resolve) => setTimeout(resolve, 50));
      release();
      await transaction;
      // Had the read slipped into the transaction, it would have counted the row rolled back.
      expect(await read).toEqual([{ n: 0 }]);
    } finally {
      await session.close();
    }
  });

  it('keeps the statistics page’s five rankings (nested unions) prepared', async () => {
    const client = await PGlite.create();
    const database = wrapPglite(client);
    try {
      await migrateDatabase(database);
      const table = (periodStart: string) => ({
        period: 'month' as const,
        periodStart,
        categories: ['SENIOR'] as const,
        limit: 10,
      });
      const five = ['2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01'].map(table);
      for (let i = 0; i < 3; i++) expect(await rankTipsters(database.db, five)).toEqual([[], [], [], [], []]);
      const kept = await client.exec(
        "select custom_plans + generic_plans as runs from pg_prepared_statements where statement like '((((select%'",
      );
      expect(kept[0].rows).toEqual([{ runs: 3 }]);
    } finally {
      await database.close();
    }
  });

  it('serves many concurrent reads, each with its own values', async () => {
    const session = await pgliteSession();
    try {
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => session.query('select $1::int * 2 as twice', [i])),
      );
      expect(results.map((rows) => rows[0].twice)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
    } finally {
      await session.close();
    }
  });
});

describe('which statements are kept prepared', () => {
  it.each([
    ['select 1', true],
    ['  (select a from t) union all (select b from u)', true],
    ['((((select a from t) union all (select b from u)) union all (select c from v))', true],
    ['with x as (select 1) select * from x', true],
    ['select updated_at from users', true],
    ['insert into t values (1)', false],
    ['update t set a = 1', false],
    ['with x as (delete from t returning *) select * from x', false],
    ['select * from t for update', false],
  ])('%s → %s', (text, expected) => {
    expect(isPreparableRead(text)).toBe(expected);
  });
});
