/**
 * Query-plan check for the catalogue (issue 3): bulk-inserts a large history with generate_series,
 * derives the settlement aggregates from it, then EXPLAIN (ANALYZE)s the exact queries the
 * catalogue repositories build (list, records, rankings, profile, tipster list) and times each.
 *
 *   npx tsx apps/api/bench/catalogue-plans.ts                       # PGlite in memory
 *   npx tsx apps/api/bench/catalogue-plans.ts postgres://postgres@127.0.0.1:5432/postgres
 *
 * Env: BENCH_TIPS (default 100000), BENCH_TIPSTERS (1000), BENCH_RUNS (200), BENCH_PLANS=1 prints
 * whole plans. On PostgreSQL a scratch database is created and dropped.
 */
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, wrapPglite } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import * as schema from '../src/db/schema';
import { dailyShuffleSeed } from '../src/features/catalogue/shuffle';
import { rankingQuery } from '../src/features/catalogue/statistics.repo';
import { openTipsStatementSql } from '../src/features/catalogue/tips-catalogue.repo';
import {
  activeTipsQuery,
  rankedTipstersPageQuery,
  recordsCountQuery,
  recordsPageQuery,
} from '../src/features/catalogue/tipsters.repo';
import { ALL_TIME_START, monthStart, weekStart } from '../src/features/tips/stat-periods';

const TIPS = Number(process.env.BENCH_TIPS ?? 100_000);
const TIPSTERS = Number(process.env.BENCH_TIPSTERS ?? 1_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const PRINT_PLANS = process.env.BENCH_PLANS === '1';

type Raw = (text: string, params: unknown[]) => Promise<Array<Record<string, unknown>>>;

interface Target {
  database: Database;
  raw: Raw;
  dispose(): Promise<void>;
}

async function openTarget(url: string | undefined): Promise<Target> {
  if (!url) {
    const client = await PGlite.create();
    const database = wrapPglite(client);
    return {
      database,
      raw: async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows,
      dispose: () => client.close(),
    };
  }
  const name = `tips_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: dbUrl.toString(), max: 2 });
  const database: Database = {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
  return {
    database,
    raw: async (text, params) => (await pool.query(text, params)).rows,
    dispose: async () => {
      await pool.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function seed(db: Db, now: Date) {
  const nowIso = now.toISOString();
  await db.execute(sql`
    insert into tipsters (name, category, location, bio)
    select 'Bench tipster ' || g, case when g % 2 = 0 then 'SENIOR' else 'PREMIUM' end, 'Bench', ''
    from generate_series(1, ${TIPSTERS}) g`);
  // 1 tip in 20 is open (kick-off within the next 7 days); the rest settled over the past year.
  await db.execute(sql`
    with base as (select min(id) as first_id from tipsters),
    gen as (
      select g,
        (g % 20 = 0) as is_open,
        case when g % 20 = 0
          then ${nowIso}::timestamptz + (((g * 13) % 10080) + 1) * interval '1 minute'
          else ${nowIso}::timestamptz - interval '3 hours' - ((g * 7919) % 525600) * interval '1 minute'
        end as ev,
        (g * 2654435761) % 10 as luck
      from generate_series(1, ${TIPS}) g
    )
    insert into tips (tipster_id, tips_type, league, home_team, away_team, event_time, betting_type,
      selection, odds_hundredths, price_cents, published_at, result, result_details, settled_at)
    select tp.id, tp.category,
      (array['Bundesliga','Eredivisie','English Premier League','LaLiga','Serie A','Ligue 1','Primeira Liga','Bench League'])[1 + g % 8],
      'Home FC', 'Away FC', gen.ev,
      (array[1,2,3,4,5,6,7,8,14,15,113])[1 + g % 11], 'Home', 120 + (g * 37) % 300,
      (array[0,500,900,1250,2500,4900,9900])[1 + (g * 31) % 7],
      least(${nowIso}::timestamptz, gen.ev) - interval '1 hour',
      case when is_open then null when luck < 5 then 'WIN' when luck < 9 then 'LOSS' else 'VOID' end,
      case when is_open then null else 'FT 1-0' end,
      case when is_open then null else gen.ev + interval '2 hours' end
    from gen, base join tipsters tp on true
    where tp.id = base.first_id + (gen.g % ${TIPSTERS})`);
  // The aggregates settlement would have kept, derived in bulk.
  for (const [period, start] of [
    ['all', sql`${ALL_TIME_START}::date`],
    ['month', sql`date_trunc('month', t.event_time at time zone 'UTC')::date`],
    ['week', sql`date_trunc('week', t.event_time at time zone 'UTC')::date`],
  ] as const) {
    await db.execute(sql`
      insert into tipster_stats (tipster_id, period, period_start, category, total_tips, wins, losses, voids,
        odds_sum_hundredths, hit_rate_bp)
      select t.tipster_id, ${period}, ${start}, min(tp.category), count(*),
        count(*) filter (where result = 'WIN'), count(*) filter (where result = 'LOSS'),
        count(*) filter (where result = 'VOID'), sum(odds_hundredths),
        coalesce(count(*) filter (where result = 'WIN') * 10000
          / nullif(count(*) filter (where result in ('WIN', 'LOSS')), 0), 0)
      from tips t join tipsters tp on tp.id = t.tipster_id
      where t.result is not null
      group by t.tipster_id, ${start}`);
  }
  // The tipsters' records (profit in units), as the record refresher keeps them.
  await db.execute(sql`
    insert into tipster_records (tipster_id, settled_tips, profit_milli, longest_losing_run, max_drawdown_milli, series)
    select tipster_id, count(*),
      sum(case when result = 'WIN' then (odds_hundredths - 100) * 10 when result = 'LOSS' then -1000 else 0 end),
      0, 0, '[]'::jsonb
    from tips where result is not null group by tipster_id`);
  // As autovacuum would leave it: statistics and a visibility map (index-only scans need it).
  await db.execute(sql`vacuum analyze`);
}

interface Built {
  toSQL(): { sql: string; params: unknown[] };
}

function queries(db: Db, now: Date, firstTipster: number): Array<[string, Built]> {
  const tipsterId = firstTipster + 1;
  const anyTip = {
    now,
    tipsType: null,
    bettingTypes: [],
    minPriceCents: 0,
    maxPriceCents: 1_000_000,
  } as const;
  const filtered = {
    now,
    tipsType: 'PREMIUM',
    bettingTypes: [1, 2],
    minPriceCents: 1000,
    maxPriceCents: 10_000,
  } as const;
  const oddsRange = { ...anyTip, minOddsHundredths: 200, maxOddsHundredths: 300 };
  const page = { limit: 10, offset: 0 };
  const seed = dailyShuffleSeed(now);
  return [
    // One statement each: the page and its total (decision 186).
    ['tips: page 1 by kick-off + total', openTipsStatementSql(db, anyTip, { by: 'kickoff' }, page)],
    ['tips: page premium+types+price + total', openTipsStatementSql(db, filtered, { by: 'kickoff' }, page)],
    ['tips: page random=true + total', openTipsStatementSql(db, anyTip, { by: 'shuffle', seed }, page)],
    // Issue #30.1: a punter's filters and sorts beside the SPEC's.
    [
      'tips: page competition + total',
      openTipsStatementSql(db, { ...anyTip, leagues: ['Bundesliga'] }, { by: 'kickoff' }, page),
    ],
    ['tips: page odds 2-3 + total', openTipsStatementSql(db, oddsRange, { by: 'kickoff' }, page)],
    ['tips: page by price + total', openTipsStatementSql(db, anyTip, { by: 'priceAsc' }, page)],
    ['tips: page by record + total', openTipsStatementSql(db, anyTip, { by: 'record' }, page)],
    [
      'tips: page 50 (offset 490) + total',
      openTipsStatementSql(db, anyTip, { by: 'kickoff' }, { limit: 10, offset: 490 }),
    ],
    ['records: count (all)', recordsCountQuery(db, { tipsterId, bettingType: undefined, since: undefined })],
    [
      'records: page 1 (all)',
      recordsPageQuery(db, { tipsterId, bettingType: undefined, since: undefined }, { limit: 5, offset: 0 }),
    ],
    [
      'records: page 1 (3 months, type 1)',
      recordsPageQuery(
        db,
        { tipsterId, bettingType: 1, since: new Date(now.getTime() - 91 * 86_400_000) },
        { limit: 5, offset: 0 },
      ),
    ],
    [
      'stats: all time (everyone)',
      rankingQuery(db, {
        period: 'all',
        periodStart: ALL_TIME_START,
        categories: 'all',
        limit: 10,
      }),
    ],
    [
      'stats: month premium',
      rankingQuery(db, {
        period: 'month',
        periodStart: monthStart(now),
        categories: ['PREMIUM'],
        limit: 10,
      }),
    ],
    [
      'stats: week senior',
      rankingQuery(db, {
        period: 'week',
        periodStart: weekStart(now),
        categories: ['SENIOR'],
        limit: 10,
      }),
    ],
    ['profile: active tips (100 open)', activeTipsQuery(db, firstTipster, now)],
    ['tipsters: page 1 (ranked)', rankedTipstersPageQuery(db, null, page)],
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];
}

async function main() {
  const url = process.argv[2];
  const target = await openTarget(url);
  try {
    const started = performance.now();
    await migrateDatabase(target.database);
    const now = new Date();
    await seed(target.database.db, now);
    const [{ n: tipCount }] = await target.raw('select count(*)::int as n from tips', []);
    const [{ n: openCount }] = await target.raw(
      'select count(*)::int as n from tips where result is null',
      [],
    );
    // Tip g goes to tipster first + g % TIPSTERS: the first tipster gets only open tips (g % 20 = 0),
    // the second only settled ones.
    const [{ id: firstTipster }] = await target.raw('select min(id)::int as id from tipsters', []);
    console.log(
      `${target.database.kind}: ${tipCount} tips (${openCount} open), ${TIPSTERS} tipsters, seeded in ${Math.round(performance.now() - started)} ms; ${RUNS} runs per query`,
    );
    console.log('');
    const rows: string[][] = [['query', 'median ms', 'p99 ms', 'EXPLAIN exec ms', 'rows', 'plan (scans)']];
    for (const [name, built] of queries(target.database.db, now, Number(firstTipster))) {
      const { sql: text, params } = built.toSQL();
      const plan = (await target.raw(`explain (analyze, buffers) ${text}`, params)).map((r) =>
        String(r['QUERY PLAN']),
      );
      const exec = /Execution Time: ([\d.]+)/.exec(plan.join('\n'))?.[1] ?? '?';
      const scans = [
        ...new Set(
          plan
            .map((line) =>
              /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/.exec(
                line,
              ),
            )
            .filter((m): m is RegExpExecArray => m !== null)
            .map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`),
        ),
      ];
      for (let i = 0; i < 20; i++) await target.raw(text, params);
      const times: number[] = [];
      let resultRows = 0;
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        resultRows = (await target.raw(text, params)).length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      rows.push([
        name,
        percentile(times, 0.5).toFixed(3),
        percentile(times, 0.99).toFixed(3),
        exec,
        String(resultRows),
        scans.join('; '),
      ]);
      if (PRINT_PLANS) console.log(`-- ${name}\n${text}\n${plan.join('\n')}\n`);
    }
    const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
    for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c])).join('  '));
    const seqOnTips = rows.slice(1).filter((r) => /Seq Scan on tips(;|$)/.test(r[5]));
    console.log('');
    console.log(
      seqOnTips.length === 0
        ? 'No sequential scan of tips.'
        : `Sequential scans of tips: ${seqOnTips.map((r) => r[0]).join(', ')}`,
    );
  } finally {
    await target.dispose();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
