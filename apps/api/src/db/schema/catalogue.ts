import { ALERT_MODES, TIPS_LIST_PRICE_DEFAULTS, TIPSTER_CATEGORIES } from '@tips/contract/rules';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { fixtures } from './football';
import { hasRankingSample } from './ranking-order';
import { users } from './users';

// One list of tipster categories from URL to SQL: the contract's.
export { TIPSTER_CATEGORIES } from '@tips/contract/rules';

export const tipsters = pgTable(
  'tipsters',
  {
    id: serial('id').primaryKey(),
    /** The account that publishes as this tipster (role tipster); null for house/AI tipsters. */
    userId: integer('user_id')
      .unique()
      .references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    category: text('category', { enum: TIPSTER_CATEGORIES }).notNull(),
    location: text('location').notNull().default(''),
    bio: text('bio').notNull().default(''),
    profileImage: text('profile_image'),
    /** The markets (betting type codes) the tipster says they cover; set when applying (decision 140). */
    markets: smallint('markets').array().notNull().default(sql`'{}'::smallint[]`),
    /** When the tipster accepted the tipster charter (/tipster-charter); null for profiles made by an admin. */
    charterAcceptedAt: timestamp('charter_accepted_at', { withTimezone: true }),
    /**
     * Promotion by the record (decision 165): when the record first fell below the tier's keep bar
     * (null while it meets it); the day the daily review last looked at this tipster (one review a
     * day, whatever the number of processes); until when an admin's tier change holds.
     */
    tierBelowSince: timestamp('tier_below_since', { withTimezone: true }),
    tierReviewedOn: date('tier_reviewed_on', { mode: 'string' }),
    tierHeldUntil: timestamp('tier_held_until', { withTimezone: true }),
    /** Last five settled results, newest first (true = win); kept by settlement. */
    lastResults: boolean('last_results').array().notNull().default(sql`'{}'::boolean[]`),
    /** Stable random key so random=true lists page consistently without ORDER BY random(). */
    shuffleKey: integer('shuffle_key').notNull().default(sql`floor(random() * 2147483647)::int`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tipsters_category_idx').on(t.category, t.id),
    index('tipsters_shuffle_idx').on(t.shuffleKey),
    // Applicants cannot share a display name (decision 140); admin-made profiles are not held to it.
    uniqueIndex('tipsters_name_lower_uq')
      .on(sql`lower(${t.name})`)
      .where(sql`${t.charterAcceptedAt} is not null`),
  ],
);

export const TIP_RESULTS = ['WIN', 'LOSS', 'VOID'] as const;

/**
 * How a bookmaker settles the bet (quarter lines split the stake, so half wins and half losses
 * exist). `result` stays the SPEC's WIN / LOSS / VOID, derived from it: HALF_WIN → WIN,
 * HALF_LOSS → LOSS, VOID → VOID.
 */
export const TIP_OUTCOMES = ['WIN', 'HALF_WIN', 'VOID', 'HALF_LOSS', 'LOSS'] as const;
/** A tip's closing (decision 155): a closing price, or none in the market at kick-off. */
export const CLOSING_STATUSES = ['closed', 'no_price'] as const;

/**
 * A published tip. Match, market, selection, odds and price are immutable after publication
 * (enforced by a trigger); only the settlement columns change, once.
 */
export const tips = pgTable(
  'tips',
  {
    id: serial('id').primaryKey(),
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id),
    /** The tipster's category when the tip was published (the SPEC's tipsType). */
    tipsType: text('tips_type', { enum: TIPSTER_CATEGORIES }).notNull(),
    /** The real match the tip is on; league, teams and kick-off are copied from it at publication. */
    fixtureId: integer('fixture_id').references(() => fixtures.id),
    league: text('league').notNull(),
    homeTeam: text('home_team').notNull(),
    awayTeam: text('away_team').notNull(),
    eventTime: timestamp('event_time', { withTimezone: true }).notNull(),
    bettingType: integer('betting_type').notNull(),
    selection: text('selection').notNull(),
    /** Decimal odds in hundredths (1.85 → 185): integers keep sums exact. */
    oddsHundredths: integer('odds_hundredths').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The tipster's confidence in units, 1–10 (AI tips 1): profit is counted in these units. */
    stake: smallint('stake').notNull().default(1),
    currency: text('currency', { enum: ['DOLLARS', 'CREDITS'] })
      .notNull()
      .default('DOLLARS'),
    reasoning: text('reasoning').notNull().default(''),
    aiPlanId: integer('ai_plan_id'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
    result: text('result', { enum: TIP_RESULTS }),
    outcome: text('outcome', { enum: TIP_OUTCOMES }),
    resultDetails: text('result_details'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    settledBy: integer('settled_by').references(() => users.id),
    shuffleKey: integer('shuffle_key').notNull().default(sql`floor(random() * 2147483647)::int`),
    /**
     * The commitment published at once (decision 077): SHA-256 over the canonical tip and the salt,
     * both set by a trigger at insert and immutable. The salt is revealed with the selection.
     */
    commitSalt: text('commit_salt')
      .notNull()
      .$defaultFn(() => ''),
    commitment: text('commitment')
      .notNull()
      .$defaultFn(() => ''),
    /**
     * The closing price (decision 155), fixed once after kick-off by the closing worker: 'closed'
     * with the last price before kick-off, or 'no_price' when the market had none; null before.
     * Appends a 'closed' record event (decision 156); immutable once set.
     */
    closingStatus: text('closing_status', { enum: CLOSING_STATUSES }),
    closingOddsHundredths: integer('closing_odds_hundredths'),
    /** When the closing price was read from the source. */
    closingPriceAt: timestamp('closing_price_at', { withTimezone: true }),
    /** The closing market's overround: Σ implied probabilities in parts per million (≥ 10⁶). */
    closingOverroundPpm: integer('closing_overround_ppm'),
    /** Odds taken ÷ fair closing odds − 1, in parts per million (34 000 = +3.4 %). */
    clvPpm: integer('clv_ppm'),
    /** When the closing was recorded (the closed event's time). */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * The market's best price of the selection when the tip was published (decision 150): odds in
     * hundredths, its bookmaker, the price source and when it was read. Committed by tip:v3; all
     * null for tips published before prices were checked ("odds not verified").
     */
    referenceOddsHundredths: integer('reference_odds_hundredths'),
    referenceBookmaker: text('reference_bookmaker'),
    referenceSource: text('reference_source'),
    referenceAt: timestamp('reference_at', { withTimezone: true }),
    /**
     * The margin-free probability of the selection at the reference price, in millionths
     * (proportional removal over the bookmaker's market): what the luck figure's no-edge bettor wins with.
     */
    referenceFairPpm: integer('reference_fair_ppm'),
  },
  (t) => [
    check('tips_price_non_negative', sql`${t.priceCents} >= 0`),
    check('tips_odds_positive', sql`${t.oddsHundredths} > 100`),
    check(
      'tips_reference_complete',
      sql`(${t.referenceOddsHundredths} is null and ${t.referenceBookmaker} is null and ${t.referenceSource} is null and ${t.referenceAt} is null) or (${t.referenceOddsHundredths} > 100 and ${t.referenceBookmaker} is not null and ${t.referenceSource} is not null and ${t.referenceAt} is not null)`,
    ),
    check('tips_stake_range', sql`${t.stake} between 1 and 10`),
    check('tips_published_before_kickoff', sql`${t.publishedAt} < ${t.eventTime}`),
    check(
      'tips_outcome_matches_result',
      sql`(${t.result} is null and ${t.outcome} is null) or (${t.result} = 'WIN' and ${t.outcome} in ('WIN', 'HALF_WIN')) or (${t.result} = 'LOSS' and ${t.outcome} in ('LOSS', 'HALF_LOSS')) or (${t.result} = 'VOID' and ${t.outcome} = 'VOID')`,
    ),
    check(
      'tips_settlement_complete',
      sql`(${t.result} is null and ${t.settledAt} is null) or (${t.result} is not null and ${t.settledAt} is not null)`,
    ),
    // Today's list: open tips by kick-off, optionally per category (partial: settled tips drop out).
    // The list's filter columns and the shuffle key ride along, so that its count and its page of
    // ids (random order included) are index-only scans; only the page's rows are fetched.
    index('tips_open_list_idx')
      .on(t.eventTime, t.id, t.tipsType, t.bettingType, t.priceCents, t.aiPlanId, t.shuffleKey)
      .where(sql`${t.result} is null`),
    // The list's total: the same filters in a narrow partial index (about half the size of
    // tips_open_list_idx, AI plan tips left out), so counting ~20,000 open tips reads half the pages.
    // The odds ride along too (issue #30.1: the odds-range filter), so that count stays index-only.
    index('tips_open_count_idx')
      .on(t.eventTime, t.priceCents, t.tipsType, t.bettingType, t.oddsHundredths)
      .where(sql`${t.result} is null and ${t.aiPlanId} is null`),
    // The list by competition (issue #30.1): a competition's open tips by kick-off, with the other
    // filter columns, so its count and its page of ids are index-only scans of a few pages.
    index('tips_open_by_league_idx')
      .on(t.league, t.eventTime, t.id, t.priceCents, t.tipsType, t.bettingType, t.oddsHundredths)
      .where(sql`${t.result} is null and ${t.aiPlanId} is null`),
    index('tips_open_by_type_time_idx').on(t.tipsType, t.eventTime, t.id).where(sql`${t.result} is null`),
    index('tips_open_by_tipster_idx').on(t.tipsterId, t.eventTime).where(sql`${t.result} is null`),
    // Records: a tipster's settled tips, newest first.
    index('tips_settled_by_tipster_idx')
      .on(t.tipsterId, t.eventTime.desc(), t.id.desc())
      .where(sql`${t.result} is not null`),
    // Automatic settlement: the open tips of a fixture whose result arrived.
    index('tips_open_by_fixture_idx').on(t.fixtureId).where(sql`${t.result} is null`),
    index('tips_ai_plan_idx').on(t.aiPlanId, t.eventTime).where(sql`${t.aiPlanId} is not null`),
    check(
      'tips_closing_complete',
      sql`(${t.closingStatus} is null and ${t.closedAt} is null and ${t.closingOddsHundredths} is null) or (${t.closingStatus} = 'no_price' and ${t.closedAt} is not null and ${t.closingOddsHundredths} is null and ${t.closingPriceAt} is null and ${t.closingOverroundPpm} is null and ${t.clvPpm} is null) or (${t.closingStatus} = 'closed' and ${t.closedAt} is not null and ${t.closingOddsHundredths} > 100 and ${t.closingPriceAt} is not null and ${t.closingOverroundPpm} >= 1000000 and ${t.clvPpm} is not null)`,
    ),
    // The closing worker: tips on a fixture not closed yet, by kick-off.
    index('tips_unclosed_idx')
      .on(t.eventTime, t.fixtureId)
      .where(sql`${t.closingStatus} is null and ${t.fixtureId} is not null`),
  ],
);

/**
 * Open tips counted per kick-off hour (UTC) and category, kept by triggers on tips (migration 0027,
 * decision 187): the tip list's total adds whole hours from here and counts only the partial hours
 * at the window's edges from tips_open_count_idx. Counts what the list counts by default: not
 * settled, not an AI plan's, priced at most OPEN_TIP_HOURS_MAX_PRICE_CENTS.
 */
export const openTipHours = pgTable(
  'open_tip_hours',
  {
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    tipsType: text('tips_type', { enum: TIPSTER_CATEGORIES }).notNull(),
    tips: integer('tips').notNull(),
  },
  (t) => [primaryKey({ columns: [t.hour, t.tipsType] })],
);

/** The list's default price ceiling in cents ($10,000): the hours count tips up to it (migration 0027 writes it out). */
export const OPEN_TIP_HOURS_MAX_PRICE_CENTS = TIPS_LIST_PRICE_DEFAULTS.max * 100;

export const follows = pgTable(
  'follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** This tipster's alert emails; null follows the user's default (alert_settings). */
    alertMode: text('alert_mode', { enum: ALERT_MODES }),
    /** When alert_mode last changed: an unsubscribe link issued before it cannot undo it (decision 113). */
    alertModeChangedAt: timestamp('alert_mode_changed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.tipsterId] }), index('follows_tipster_idx').on(t.tipsterId)],
);

export const STAT_PERIODS = ['all', 'month', 'week'] as const;

/**
 * Per-tipster aggregates, updated in the settlement transaction. Lists, profiles and rankings
 * read these and never scan tips. period_start: 1970-01-01 for 'all', the month's first day,
 * or the ISO week's Monday (UTC).
 */
export const tipsterStats = pgTable(
  'tipster_stats',
  {
    tipsterId: integer('tipster_id')
      .notNull()
      .references(() => tipsters.id, { onDelete: 'cascade' }),
    period: text('period', { enum: STAT_PERIODS }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    /** Denormalised from the tipster so rankings per category need no join to filter. */
    category: text('category', { enum: TIPSTER_CATEGORIES }).notNull(),
    totalTips: integer('total_tips').notNull().default(0),
    wins: integer('wins').notNull().default(0),
    losses: integer('losses').notNull().default(0),
    voids: integer('voids').notNull().default(0),
    oddsSumHundredths: integer('odds_sum_hundredths').notNull().default(0),
    /** wins / (wins + losses) in basis points (0–10000), kept for ranking by index. */
    hitRateBp: integer('hit_rate_bp').notNull().default(0),
    /** Units staked on the settled tips (voids included: the stake was placed and returned). */
    stakedUnits: integer('staked_units').notNull().default(0),
    /** Profit in thousandths of a unit (exact for half outcomes; decision 075). */
    profitMilli: bigint('profit_milli', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tipsterId, t.period, t.periodStart] }),
    // Rankings (decision 160) walk this in their exact ORDER BY (ranking-order.ts) and stop after
    // LIMIT rows, whatever the categories asked for (filtered on the way): a sort of every
    // tipster's all-time row at 10,000 tipsters took 17 ms (docs/performance.md).
    index('tipster_stats_profit_rank_idx').on(
      t.period,
      t.periodStart,
      // NULLS FIRST is what a plain DESC in ORDER BY means; NULLS LAST would not match it.
      sql`${hasRankingSample({ period: t.period, totalTips: t.totalTips })} desc nulls first`,
      t.profitMilli.desc().nullsFirst(),
      t.totalTips.desc().nullsFirst(),
      t.tipsterId,
    ),
  ],
);

/**
 * One row per tipster with settled tips: the figures that depend on the order of the record (runs,
 * drawdown, the daily units series) and the luck estimate (decisions 075, 076). Recomputed from
 * the tipster's settled tips right after each settlement commits (decision 107: the transaction
 * only bumps `changes`), read by the profile and the "most proven" ranking.
 */
export const tipsterRecords = pgTable(
  'tipster_records',
  {
    tipsterId: integer('tipster_id')
      .primaryKey()
      .references(() => tipsters.id, { onDelete: 'cascade' }),
    settledTips: integer('settled_tips').notNull(),
    profitMilli: bigint('profit_milli', { mode: 'number' }).notNull(),
    longestLosingRun: integer('longest_losing_run').notNull(),
    maxDrawdownMilli: bigint('max_drawdown_milli', { mode: 'number' }).notNull(),
    /** Simulated no-edge runs that did at least as well, out of luck_simulations; null: no bets. */
    luckHits: integer('luck_hits'),
    luckSimulations: integer('luck_simulations'),
    /** Kept for ordering by it: luck_hits / luck_simulations. */
    luckProbability: doublePrecision('luck_probability'),
    /** [{date, tips, profitMilli}] per kick-off day, oldest first (cumulative profit). */
    series: jsonb('series').$type<Array<{ date: string; tips: number; profitMilli: number }>>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Settlements and corrections of this tipster's tips so far (bumped in their transactions). */
    changes: integer('changes').notNull().default(0),
    /** The `changes` the figures above were computed at; stale while it differs (decision 107). */
    refreshedChanges: integer('refreshed_changes').notNull().default(0),
  },
  (t) => [index('tipster_records_luck_idx').on(t.luckProbability, t.settledTips.desc(), t.tipsterId)],
);

export const aiPlans = pgTable('ai_plans', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  category: text('category', { enum: TIPSTER_CATEGORIES }).notNull(),
  winRate: integer('win_rate').notNull(),
  tipsTotal: integer('tips_total').notNull(),
  priceCents: integer('price_cents').notNull(),
  kind: text('kind', { enum: ['daily', 'weekly', 'monthly'] }).notNull(),
});
