import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { mapRow, preparedSql } from '../../db/prepared';
import { tipsters } from '../../db/schema';
import type { Outcome } from './settlement/grading/grade-outcome';
import { ALL_TIME_START } from './stat-periods';

/**
 * Adds (or, with sign -1, takes back) settled tips to their tipsters' all-time, month and week
 * aggregates, keyed by the match's kick-off in UTC (the same keys as stat-periods.ts: the month's
 * first day, the ISO week's Monday). `deltas` yields one row per tip: tipster_id, category (the
 * tipster's, denormalised for the rankings), event_time, odds_hundredths, stake, result, outcome,
 * sign. Units staked and profit (milli-units, tipProfitMilli's rule in SQL) ride along (decision 075). It is an
 * INSERT … SELECT so that it can read the tip straight from the statement that settles it. The hit
 * rate is kept in basis points so rankings read an index.
 */
export function statsUpsert(deltas: SQL): SQL {
  return sql`insert into tipster_stats as ts (tipster_id, period, period_start, category, total_tips,
      wins, losses, voids, odds_sum_hundredths, hit_rate_bp, staked_units, profit_milli)
    select d.tipster_id, p.period, p.period_start, d.category, d.sign,
      case when d.result = 'WIN' then d.sign else 0 end,
      case when d.result = 'LOSS' then d.sign else 0 end,
      case when d.result = 'VOID' then d.sign else 0 end,
      d.odds_hundredths * d.sign,
      case when d.result = 'WIN' and d.sign > 0 then 10000 else 0 end,
      d.stake * d.sign,
      ${profitMilliSql(sql`d.odds_hundredths`, sql`d.stake`, sql`d.outcome`)} * d.sign
    from (${deltas}) as d
    cross join lateral (values
      ('all', ${sql.raw(`'${ALL_TIME_START}'`)}::date),
      ('month', date_trunc('month', d.event_time at time zone 'UTC')::date),
      ('week', date_trunc('week', d.event_time at time zone 'UTC')::date)) as p(period, period_start)
    on conflict (tipster_id, period, period_start) do update set
      total_tips = ts.total_tips + excluded.total_tips,
      wins = ts.wins + excluded.wins,
      losses = ts.losses + excluded.losses,
      voids = ts.voids + excluded.voids,
      odds_sum_hundredths = ts.odds_sum_hundredths + excluded.odds_sum_hundredths,
      staked_units = ts.staked_units + excluded.staked_units,
      profit_milli = ts.profit_milli + excluded.profit_milli,
      hit_rate_bp = case when ts.wins + excluded.wins + ts.losses + excluded.losses = 0 then 0
        else ((ts.wins + excluded.wins) * 10000) / (ts.wins + excluded.wins + ts.losses + excluded.losses) end,
      category = excluded.category`;
}

/** tipProfitMilli (contract rules/units.ts) in SQL: a settled tip's profit in milli-units. */
export function profitMilliSql(oddsHundredths: SQL, stake: SQL, outcome: SQL): SQL {
  return sql`(case ${outcome}
      when 'WIN' then ${stake} * (${oddsHundredths} - 100) * 10
      when 'HALF_WIN' then ${stake} * (${oddsHundredths} - 100) * 5
      when 'HALF_LOSS' then -${stake} * 500
      when 'LOSS' then -${stake} * 1000
      else 0 end)::bigint`;
}

/** One tip's result, with its sign, as a `statsUpsert` delta (corrections take one out, put one in). */
const applyTipResultStatement = preparedSql(
  'stats_apply_tip',
  statsUpsert(sql`select t.tipster_id, tp.category, t.event_time, t.odds_hundredths, t.stake,
      ${sql.placeholder('result')}::text as result, ${sql.placeholder('outcome')}::text as outcome,
      ${sql.placeholder('sign')}::int as sign
    from tips t join tipsters tp on tp.id = t.tipster_id
    where t.id = ${sql.placeholder('tipId')}::int`),
);

export async function applyTipResult(
  tx: DbOrTx,
  tipId: number,
  settled: { result: 'WIN' | 'LOSS' | 'VOID'; outcome: Outcome },
  sign: 1 | -1,
): Promise<void> {
  await applyTipResultStatement(tx, { tipId, result: settled.result, outcome: settled.outcome, sign });
}

/**
 * Recomputes the last five results (newest kick-off first, voids skipped) in one statement, from
 * the settled-tips index. It must run in a statement of its own after the aggregates: the upsert
 * above waits for a concurrent settlement of the same tipster to commit, so this statement's
 * snapshot includes that settlement (in one statement with the upsert it would not). It returns
 * the tipster as it now stands, so that a settlement's response needs no read of its own.
 */
const refreshLastResultsStatement = preparedSql(
  'refresh_last_results_returning',
  sql`update tipsters set last_results = coalesce((
      select array_agg(r.result = 'WIN' order by r.event_time desc, r.id desc)
      from (select result, event_time, id from tips
        where tipster_id = ${sql.placeholder('tipsterId')}::int and result is not null and result <> 'VOID'
        order by event_time desc, id desc limit 5) r), '{}')
    where id = ${sql.placeholder('tipsterId')}::int
    returning *`,
);

export type TipsterRow = typeof tipsters.$inferSelect;

export async function refreshLastResults(tx: DbOrTx, tipsterId: number): Promise<TipsterRow> {
  const [row] = await refreshLastResultsStatement(tx, { tipsterId });
  return mapRow(tipsters, row);
}
