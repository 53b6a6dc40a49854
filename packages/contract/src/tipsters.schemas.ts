import { z } from 'zod';
import { TipCategoryFilterSchema, TipsterCategorySchema } from './categories.schemas';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { documentedParameter, queryBoolean } from './query-params';
import { MAX_DB_ID, PAGE_SIZES } from './rules/constants';
import { MESSAGES } from './rules/errors';
import { TipSchema } from './tips.schemas';

// Route params arrive as strings; a non-numeric, non-positive or out-of-range (int4) id is a 400,
// not a 404 (and never reaches PostgreSQL, which refuses it with an error).
export const IdSchema = documentedParameter(
  z
    .union([z.number(), z.string()])
    .transform((value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value))
    .pipe(
      z
        .int({ error: MESSAGES.invalidId })
        .positive({ error: MESSAGES.invalidId })
        .max(MAX_DB_ID, { error: MESSAGES.invalidId }),
    ),
  { schema: { type: 'integer', minimum: 1, maximum: MAX_DB_ID } },
);

// Params of /tipsters/profile/{id}, /tipsters/records/{id}, /tipsters/follow/{id}.
export const IdParamSchema = z.object({ id: IdSchema });
export type IdParam = z.infer<typeof IdParamSchema>;

export const TipsterSchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  category: TipsterCategorySchema,
  location: z.string(),
  bio: z.string(),
  profileImageUrl: z.string().nullable(),
  // Last 5 finalized tips, newest first; true = win.
  results: z.array(z.boolean()),
  totalWins: z.int().nonnegative(),
  totalLosses: z.int().nonnegative(),
  // False for visitors.
  isFollowed: z.boolean(),
});
export type Tipster = z.infer<typeof TipsterSchema>;

export const TipsterListQuerySchema = z.object({
  category: TipCategoryFilterSchema.default(''),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(PAGE_SIZES.tipstersDefault),
  random: queryBoolean('random', false),
});
export type TipsterListQuery = z.infer<typeof TipsterListQuerySchema>;
export type TipsterListQueryInput = z.input<typeof TipsterListQuerySchema>;

// A tipster in a list (GET /tipsters), with the figures the list is ordered by (decision 160):
// profit in units over all settled tips, and that sample (voids included).
export const RankedTipsterSchema = TipsterSchema.extend({
  profit: z.number(),
  settledTips: z.int().nonnegative(),
});
export type RankedTipster = z.infer<typeof RankedTipsterSchema>;

export const TipsterPageSchema = pagedSchema(RankedTipsterSchema);
export type TipsterPage = z.infer<typeof TipsterPageSchema>;

// How likely a bettor with no edge, at the same odds and stakes, does at least as well (decision 076).
export const LuckSchema = z.object({
  // 0..1, estimated from `simulations` seeded runs.
  probability: z.number().min(0).max(1),
  // The same as "1 time in N" (N = round(1 / probability)); null when no run did as well.
  oneIn: z.int().positive().nullable(),
  simulations: z.int().positive(),
});
export type Luck = z.infer<typeof LuckSchema>;

export const UnitsPointSchema = z.object({
  // YYYY-MM-DD.
  date: z.string(),
  tips: z.int().nonnegative(),
  profit: z.number(),
});
export type UnitsPoint = z.infer<typeof UnitsPointSchema>;

export const MonthFiguresSchema = z.object({
  // YYYY-MM.
  month: z.string(),
  tips: z.int().nonnegative(),
  unitsStaked: z.int().nonnegative(),
  profit: z.number(),
  yield: z.number(),
});
export type MonthFigures = z.infer<typeof MonthFiguresSchema>;

// Closing-line value over the tipster's tips that have a closing price (decision 155): the average
// CLV (a fraction, 0.034 = +3.4 %), the share of them taken at better odds than the fair close
// (0..1) and how many there are; null figures while the sample is 0. Tips without a closing price
// (no price at kick-off, not kicked off yet, history before closing prices) are left out.
export const ClvFiguresSchema = z.object({
  average: z.number().nullable(),
  beatCloseRate: z.number().min(0).max(1).nullable(),
  sample: z.int().nonnegative(),
});
export type ClvFigures = z.infer<typeof ClvFiguresSchema>;

export const TipsterProfileSchema = TipsterSchema.extend({
  activeTips: z.array(TipSchema),
  averageOdds: z.number().nonnegative(),
  // Percent, 0..100.
  hitRate: z.number().min(0).max(100),
  totalTips: z.int().nonnegative(),
  wins: z.int().nonnegative(),
  // Voids count as draws.
  draws: z.int().nonnegative(),
  losses: z.int().nonnegative(),
  // Units (decision 075): kept at settlement, all time. Profit and drawdown in units (2 decimals).
  unitsStaked: z.int().nonnegative(),
  profit: z.number(),
  // Percent: profit ÷ units staked × 100.
  yield: z.number(),
  // Percent of all settled tips (voids included) that won in full or in half.
  strikeRate: z.number().min(0).max(100),
  longestLosingRun: z.int().nonnegative(),
  maxDrawdown: z.number().nonnegative(),
  profitableMonths: z.int().nonnegative(),
  // Months with at least one settled tip.
  months: z.int().nonnegative(),
  // Null before the first settled tip that is not a push.
  luck: LuckSchema.nullable(),
  // Cumulative profit at the end of each day with a settled tip (kick-off day, UTC), oldest first.
  unitsSeries: z.array(UnitsPointSchema),
  // Newest month first.
  monthly: z.array(MonthFiguresSchema),
  clv: ClvFiguresSchema,
});
export type TipsterProfile = z.infer<typeof TipsterProfileSchema>;

export const StatisticsRowSchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  totalTips: z.int().nonnegative(),
  averageOdds: z.number().nonnegative(),
  // Percent, 0..100.
  winPercentage: z.number().min(0).max(100),
  wins: z.int().nonnegative(),
  fails: z.int().nonnegative(),
  // Units won in the table's window and profit ÷ units staked × 100 (decision 075).
  profit: z.number(),
  yield: z.number(),
});
export type StatisticsRow = z.infer<typeof StatisticsRowSchema>;

export const ProvenRowSchema = StatisticsRowSchema.extend({ luck: LuckSchema });
export type ProvenRow = z.infer<typeof ProvenRowSchema>;

// `topMonthySeniors` is misspelled in the SPEC's wire format and stays so.
export const StatisticsResponseSchema = z.object({
  topTipstersAllTime: z.array(StatisticsRowSchema),
  topMonthlyPremiums: z.array(StatisticsRowSchema),
  topWeeklyPremiums: z.array(StatisticsRowSchema),
  topMonthySeniors: z.array(StatisticsRowSchema),
  topWeeklySeniors: z.array(StatisticsRowSchema),
  // All time, least likely to be luck first (decision 076); only tipsters with the minimum sample.
  mostProven: z.array(ProvenRowSchema),
});
export type StatisticsResponse = z.infer<typeof StatisticsResponseSchema>;

export const FollowedTipstersResponseSchema = z.object({ data: z.array(TipsterSchema) });
export type FollowedTipstersResponse = z.infer<typeof FollowedTipstersResponseSchema>;
