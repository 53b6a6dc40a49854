/**
 * The benchmark's dataset, written with set-based SQL (generate_series) so that a million tips
 * take seconds, not the hours the factories would. The same SQL runs on PostgreSQL and PGlite.
 *
 * - tipsters: SENIOR and PREMIUM alternately;
 * - tips: tip g belongs to tipster 1 + g mod T. A hash of g picks its kind: about 2 % open (kick-off
 *   30 minutes to 7 days ahead), 0.2 % kicked off in the last hours and awaiting settlement, the rest
 *   settled over the past two years (WIN/LOSS/VOID, each tipster with its own hit rate);
 * - the aggregates settlement keeps (tipster_stats for all time, month and week; last_results) are
 *   derived from those tips in bulk, with the same formulas as features/settlement (bench only);
 * - buyers with a large credit balance that went through the ledger (one bonus entry each), and
 *   one admin (the settlement timing's actor).
 */

export type Exec = (sql: string) => Promise<void>;
export type Query = (sql: string) => Promise<Array<Record<string, unknown>>>;

export interface SeedSize {
  tips: number;
  tipsters: number;
  buyers: number;
}

export const BUYER_CREDITS_CENTS = 100_000_000; // one million credits each: never the limit
export const BENCH_PASSWORD_HASH = '$argon2id$v=19$m=19456,t=2,p=1$YmVuY2hiZW5jaA$bench-no-login';

export interface SeedReport {
  tips: number;
  openTips: number;
  awaitingSettlement: number;
  settledTips: number;
  tipsters: number;
  buyers: number;
  statsRows: number;
  ms: number;
}

export async function seedLargeDataset(
  exec: Exec,
  query: Query,
  size: SeedSize,
  now: Date,
): Promise<SeedReport> {
  const started = performance.now();
  const nowSql = `'${now.toISOString()}'::timestamptz`;
  const T = size.tipsters;

  await exec(`
    insert into tipsters (name, category, location, bio)
    select 'Bench tipster ' || i, case when i % 2 = 0 then 'SENIOR' else 'PREMIUM' end,
      'Bench City', 'A benchmark tipster with a long history.'
    from generate_series(1, ${T}) i`);
  const [{ first }] = await query('select min(id)::int as first from tipsters');

  // kind: 0–19 of 1024 open, 20–21 awaiting settlement, the rest settled.
  await exec(`
    with gen as (
      select g, 1 + g % ${T} as i, (hashint4(g) & 1023) as k, (hashint4(g + 7) & 15) as luck
      from generate_series(1, ${size.tips}) g
    ), timed as (
      select gen.*,
        case
          when k < 20 then ${nowSql} + ((30 + (g * 13) % 10050) * interval '1 minute')
          when k < 22 then ${nowSql} - ((100 + g % 180) * interval '1 minute')
          else ${nowSql} - interval '3 hours' - (((g::bigint * 7919) % 1051200) * interval '1 minute')
        end as ev
      from gen
    )
    insert into tips (tipster_id, tips_type, league, home_team, away_team, event_time, betting_type,
      selection, odds_hundredths, price_cents, published_at, result, result_details, settled_at)
    select ${first} + i - 1, case when i % 2 = 0 then 'SENIOR' else 'PREMIUM' end, 'Bench League',
      'Home ' || (g % 500), 'Away ' || (g % 499), ev,
      (array[1,2,3,4,5,6,7,8,14,15,113])[1 + g % 11], 'Home', 120 + (g * 37) % 300,
      (array[0,500,900,1250,2500,4900,9900])[1 + (hashint4(g + 3) & 1023) % 7],
      case when k < 20 then ${nowSql} - interval '1 hour' else ev - interval '6 hours' end,
      case when k < 22 then null when luck < 5 + i % 5 then 'WIN' when luck < 14 then 'LOSS' else 'VOID' end,
      case when k < 22 then null else 'FT 1-0 (HT 0-0)' end,
      case when k < 22 then null else ev + interval '2 hours' end
    from timed`);

  for (const [period, start] of [
    ['all', `'1970-01-01'::date`],
    ['month', `date_trunc('month', t.event_time at time zone 'UTC')::date`],
    ['week', `date_trunc('week', t.event_time at time zone 'UTC')::date`],
  ] as const) {
    await exec(`
      insert into tipster_stats (tipster_id, period, period_start, category, total_tips, wins, losses, voids,
        odds_sum_hundredths, hit_rate_bp)
      select t.tipster_id, '${period}', ${start}, min(t.tips_type), count(*),
        count(*) filter (where t.result = 'WIN'), count(*) filter (where t.result = 'LOSS'),
        count(*) filter (where t.result = 'VOID'), sum(t.odds_hundredths),
        coalesce(count(*) filter (where t.result = 'WIN') * 10000
          / nullif(count(*) filter (where t.result in ('WIN', 'LOSS')), 0), 0)
      from tips t
      where t.result is not null
      group by t.tipster_id, ${start}`);
  }
  // Bench only: the record rows settlement keeps (decision 075) with their sums, so that the server's
  // start-up backfill finds nothing to do; runs, drawdown, series and luck are left empty here.
  await exec(`
    insert into tipster_records (tipster_id, settled_tips, profit_milli, longest_losing_run,
      max_drawdown_milli, series)
    select t.tipster_id, count(*),
      sum(case t.result when 'WIN' then t.odds_hundredths * 10 - 1000 when 'LOSS' then -1000 else 0 end),
      0, 0, '[]'::jsonb
    from tips t
    where t.result is not null
    group by t.tipster_id`);
  await exec(`
    update tipsters tp set last_results = coalesce((
      select array_agg(r.result = 'WIN' order by r.event_time desc, r.id desc)
      from (select result, event_time, id from tips
            where tipster_id = tp.id and result is not null and result <> 'VOID'
            order by event_time desc, id desc limit 5) r), '{}')`);

  await exec(`
    insert into users (username, email, password_hash, first_name, last_name, phone, country, roles,
      email_verified, age_confirmed_at, terms_accepted_at)
    select 'benchbuyer' || g, 'benchbuyer' || g || '@bench.test', '${BENCH_PASSWORD_HASH}', 'Bench', 'Buyer',
      '+440000000000', 'GB', '{user}', true, ${nowSql}, ${nowSql}
    from generate_series(1, ${size.buyers}) g`);
  await exec(`
    insert into users (username, email, password_hash, first_name, last_name, phone, country, roles,
      email_verified, age_confirmed_at, terms_accepted_at)
    values ('benchadmin', 'benchadmin@bench.test', '${BENCH_PASSWORD_HASH}', 'Bench', 'Admin', '+440000000000',
      'GB', '{user,admin}', true, ${nowSql}, ${nowSql})`);
  // Credits through the ledger, so that balance = sum of entries holds from the start.
  await exec(`
    insert into ledger_entries (user_id, amount_cents, reason, reference, idempotency_key)
    select id, ${BUYER_CREDITS_CENTS}, 'bonus', 'bench', 'bench-bonus-' || id
    from users where username like 'benchbuyer%'`);
  await exec(`update users set credit_balance = ${BUYER_CREDITS_CENTS} where username like 'benchbuyer%'`);

  const [counts] = await query(`
    select count(*)::int as tips,
      count(*) filter (where result is null and event_time > ${nowSql})::int as open,
      count(*) filter (where result is null and event_time <= ${nowSql})::int as awaiting,
      count(*) filter (where result is not null)::int as settled,
      (select count(*)::int from tipster_stats) as stats
    from tips`);
  return {
    tips: Number(counts.tips),
    openTips: Number(counts.open),
    awaitingSettlement: Number(counts.awaiting),
    settledTips: Number(counts.settled),
    tipsters: T,
    buyers: size.buyers,
    statsRows: Number(counts.stats),
    ms: Math.round(performance.now() - started),
  };
}

/** As autovacuum would leave it: planner statistics and a visibility map (index-only scans). */
export async function analyzeDataset(exec: Exec): Promise<void> {
  await exec('vacuum analyze');
  // Write the seed's dirty pages now, not while the first measured rows run (on PostgreSQL the
  // checkpointer otherwise competes with the server and the baseline for the two cores).
  await exec('checkpoint');
}
