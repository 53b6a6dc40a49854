import { z } from 'zod';
import { BettingTypeCodeSchema } from './betting-types.schemas';
import { TipCategoryFilterSchema, TipsterCategorySchema } from './categories.schemas';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import {
  documentedParameter,
  queryBoolean,
  queryCodeList,
  queryInt,
  queryIntList,
  queryNumber,
  queryOptionalEnum,
  queryOptionalInt,
  queryOptionalNumber,
} from './query-params';
import { AI_PLAN_CHOICE_PATTERN, AI_PLAN_KINDS, type AiPlanChoice, aiPlanSummary } from './rules/ai-plans';
import { BETTING_TYPE_CODES, isBettingTypeCode } from './rules/betting-types';
import {
  CART_MAX_TIPS,
  ODDS_FILTER,
  PAGE_SIZES,
  RECORDS_MONTHS_MAX,
  TIP_LIST_SORTS,
  TIPS_LIST_PRICE_DEFAULTS,
} from './rules/constants';
import { MESSAGES } from './rules/errors';

// Response schemas here carry no transforms: the API serialises replies by zod *encoding*, which
// refuses one-way transforms. Dates are ISO strings, money is dollars with 2 decimals.

export const IsoDateTimeSchema = z.iso.datetime({ offset: true });

export const TIP_RESULTS = ['Win', 'Loss', 'Void'] as const;
export const TipResultSchema = z.enum(TIP_RESULTS);
export type TipResult = z.infer<typeof TipResultSchema>;

// How the bet settled by bookmakers' rules (decision 047): a quarter line can win or lose half the
// stake. `result` stays the SPEC's Win / Loss / Void (HALF_WIN shows as Win, HALF_LOSS as Loss).
export const TIP_OUTCOMES = ['WIN', 'HALF_WIN', 'VOID', 'HALF_LOSS', 'LOSS'] as const;
export const TipOutcomeSchema = z.enum(TIP_OUTCOMES);
export type TipOutcome = z.infer<typeof TipOutcomeSchema>;

// The fixture a tip is on (null for tips published before fixtures existed).
export const FixtureIdSchema = z.int().positive().max(2_147_483_647);

export const CURRENCIES = ['CREDITS', 'DOLLARS'] as const;
export const CurrencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof CurrencySchema>;

export const TipIdSchema = z.int().positive();

export const TipsterSummarySchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  category: TipsterCategorySchema,
  profileImageUrl: z.string().nullable(),
});
export type TipsterSummary = z.infer<typeof TipsterSummarySchema>;

// The last price before kick-off of the tip's selection (decision 155): decimal odds and when the
// price was read. Null until kick-off, and for a market that had no price at kick-off.
export const ClosingOddsSchema = z.object({ odds: z.number().positive(), at: IsoDateTimeSchema });
export type ClosingOdds = z.infer<typeof ClosingOddsSchema>;

// What every tip says of its closing (decision 155): closing odds, CLV as a fraction (0.034 =
// +3.4 %: odds taken ÷ fair closing odds − 1, the margin removed proportionally), and whether the
// market had no closing price (true only once closed without one).
export const TipClosingFields = {
  closingOdds: ClosingOddsSchema.nullable(),
  clv: z.number().nullable(),
  noClosingPrice: z.boolean(),
};
/** The AI plan a tip is sold as (issue #30.4); null for a tipster's tip. */
export const AiPlanSummarySchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  kind: z.enum(AI_PLAN_KINDS),
  picks: z.int().positive(),
});
/**
 * The market's best price of the selection when the tip was published (decision 150): decimal
 * odds, the bookmaker, the price source ('house-book' = demo prices from a rating model) and when
 * the price was read.
 */
export const ReferenceOddsSchema = z.object({
  odds: z.number(),
  bookmaker: z.string(),
  source: z.string(),
  at: IsoDateTimeSchema,
});
export type ReferenceOdds = z.infer<typeof ReferenceOddsSchema>;

export const TipSchema = z.object({
  id: TipIdSchema,
  tipsType: z.string(),
  eventTime: IsoDateTimeSchema,
  eventName: z.string().nullable(),
  // The competition's code ('en.1', 'uefa.cl') when eventName is a known competition: the key the
  // web translates the name from (eventName stays the English name). Optional for older clients' fixtures.
  competitionCode: z.string().nullable().optional(),
  // Null for tips that are not about one match (AI plan subscriptions): the cart then shows the date.
  homeTeam: z.string().nullable(),
  awayTeam: z.string().nullable(),
  bettingType: BettingTypeCodeSchema,
  bettingTypeName: z.string(),
  // Null unless the caller may see it (bought, own tip, admin, free or finalized): shown as 'Pending'.
  selection: z.string().nullable(),
  // The tipster's analysis: paid content like the selection (decision 141), null exactly when the
  // selection is, '' when the tipster wrote none.
  reasoning: z.string().nullable(),
  odds: z.number().nonnegative(),
  // The reference price (decision 150): one selection's price, so shown with the selection (null
  // while it is hidden) and null for history published before prices were checked.
  referenceOdds: ReferenceOddsSchema.nullable(),
  // False for tips published before odds were checked against the market ("odds not verified").
  oddsVerified: z.boolean(),
  price: z.number().nonnegative(),
  isFree: z.boolean(),
  isFinalized: z.boolean(),
  isWin: z.boolean().nullable(),
  result: TipResultSchema.nullable(),
  // Null while the tip is open.
  outcome: TipOutcomeSchema.nullable(),
  resultDetails: z.string().nullable(),
  fixtureId: FixtureIdSchema.nullable(),
  currency: CurrencySchema,
  isOwned: z.boolean(),
  tipster: TipsterSummarySchema.extend({ results: z.array(z.boolean()) }),
  ...TipClosingFields,
  /** A tip of an AI plan is bought as that plan: its first pick, the rest delivered daily. */
  plan: AiPlanSummarySchema.nullable().optional(),
});
export type Tip = z.infer<typeof TipSchema>;

export const TipListQuerySchema = z
  .object({
    category: TipCategoryFilterSchema.default(''),
    pageNumber: PageNumberSchema,
    pageSize: pageSizeSchema(PAGE_SIZES.tipsDefault),
    filters: queryIntList({
      name: 'filters',
      maxItems: 20,
      isValid: isBettingTypeCode,
      invalidMessage: (part) => `filters: unknown betting type '${part}'`,
      item: { enum: BETTING_TYPE_CODES },
    }),
    minPrice: queryNumber({
      name: 'minPrice',
      min: 0,
      max: 1_000_000,
      default: TIPS_LIST_PRICE_DEFAULTS.min,
    }),
    maxPrice: queryNumber({
      name: 'maxPrice',
      min: 0,
      max: 1_000_000,
      default: TIPS_LIST_PRICE_DEFAULTS.max,
    }),
    random: queryBoolean('random', false),
    // Issue #30.1: a kick-off window, so "today" is the viewer's day (the web app sends the
    // boundaries of today, tomorrow or later in the viewer's time zone). Without them: every open tip.
    kickOffFrom: z.iso.datetime({ offset: true, error: 'kickOffFrom must be an ISO date-time' }).optional(),
    kickOffTo: z.iso.datetime({ offset: true, error: 'kickOffTo must be an ISO date-time' }).optional(),
    // Issue #30.1: what a punter filters by beside the SPEC's. Competition codes as the tips carry
    // them (`competitionCode`, e.g. `de.1`, `uefa.cl`); decimal odds, both ends inclusive.
    competitions: queryCodeList({
      name: 'competitions',
      maxItems: 20,
      pattern: /^[a-z0-9]{1,10}(\.[a-z0-9]{1,10})?$/,
    }),
    minOdds: queryOptionalNumber({ name: 'minOdds', min: ODDS_FILTER.min, max: ODDS_FILTER.max }),
    maxOdds: queryOptionalNumber({ name: 'maxOdds', min: ODDS_FILTER.min, max: ODDS_FILTER.max }),
    // The list's order; absent: by kick-off (or the daily shuffle with random=true).
    sort: queryOptionalEnum('sort', TIP_LIST_SORTS),
  })
  .refine((query) => query.minPrice <= query.maxPrice, {
    message: MESSAGES.minPriceExceedsMax,
    path: ['minPrice'],
  })
  .refine(
    (query) =>
      !query.kickOffFrom || !query.kickOffTo || Date.parse(query.kickOffFrom) < Date.parse(query.kickOffTo),
    { message: 'kickOffFrom must be before kickOffTo', path: ['kickOffFrom'] },
  )
  .refine(
    (query) => query.minOdds === undefined || query.maxOdds === undefined || query.minOdds <= query.maxOdds,
    {
      message: 'minOdds must not exceed maxOdds',
      path: ['minOdds'],
    },
  )
  .refine((query) => !(query.random && query.sort), {
    message: 'random and sort cannot be combined',
    path: ['sort'],
  });
export type TipListQuery = z.infer<typeof TipListQuerySchema>;
export type TipListQueryInput = z.input<typeof TipListQuerySchema>;

export const TipPageSchema = pagedSchema(TipSchema);
export type TipPage = z.infer<typeof TipPageSchema>;

// GET /tips/cart?tipIds=1,2,3. Duplicates collapse; an empty list is allowed (empty cart).
export const CartQuerySchema = z.object({
  tipIds: queryIntList({
    name: 'tipIds',
    maxItems: CART_MAX_TIPS,
    isValid: (value): value is number => Number.isSafeInteger(value) && value > 0,
    invalidMessage: (part) => `tipIds: '${part}' is not a tip id`,
    item: { minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
  }),
  // Lines sold under another plan than their tip's own, as `tipId:planId` (decision 190: the monthly
  // AI plan is sold with the high model's pick). Absent for every other cart.
  plans: queryCodeList({
    name: 'plans',
    maxItems: CART_MAX_TIPS,
    pattern: AI_PLAN_CHOICE_PATTERN,
    noun: 'tipId:planId pair',
  }),
});
export type CartQuery = z.infer<typeof CartQuerySchema>;
export type CartQueryInput = z.input<typeof CartQuerySchema>;

// Why a cart id cannot be bought now. FREE: the tip needs no purchase (its selection is already
// public), so POST /tips/buy would refuse it; the client drops it from the cart like the others.
export const CART_UNAVAILABLE_REASONS = ['NOT_FOUND', 'SALES_CLOSED', 'FREE', 'OWNED', 'OWN_TIP'] as const;
export const CartUnavailableReasonSchema = z.enum(CART_UNAVAILABLE_REASONS);
export type CartUnavailableReason = z.infer<typeof CartUnavailableReasonSchema>;

export const CART_UNAVAILABLE_MESSAGES: Record<CartUnavailableReason, string> = {
  NOT_FOUND: MESSAGES.tipNotFound,
  SALES_CLOSED: MESSAGES.tipSalesClosed,
  FREE: 'This tip is free: no purchase is needed',
  OWNED: MESSAGES.tipAlreadyOwned,
  OWN_TIP: MESSAGES.tipOwnTip,
};

export const CartUnavailableSchema = z.object({
  id: TipIdSchema,
  reason: CartUnavailableReasonSchema,
  message: z.string(),
});
export type CartUnavailable = z.infer<typeof CartUnavailableSchema>;

// `data`: the cart's tips that can be bought now, in the order asked. `unavailableIds` (and, with
// the reason, `unavailable`): ids that cannot (unknown, finalized, kicked off, free, owned, own tip).
export const CartResponseSchema = z.object({
  data: z.array(TipSchema),
  unavailableIds: z.array(TipIdSchema),
  unavailable: z.array(CartUnavailableSchema),
});
export type CartResponse = z.infer<typeof CartResponseSchema>;

export const TipIdsSchema = z
  // Ids past int4 are reported as not found by the cart's pricing (they never reach PostgreSQL).
  .array(TipIdSchema, { error: MESSAGES.cartEmpty })
  .min(1, { error: MESSAGES.cartEmpty })
  .max(CART_MAX_TIPS, { error: MESSAGES.cartTooLarge })
  .refine((ids) => new Set(ids).size === ids.length, { message: MESSAGES.cartDuplicate });

// A cart line sold under another plan than its tip's own (decision 190): only a known plan here; the
// server checks that the tip's model sells it.
export const AiPlanChoiceSchema = z.object({
  tipId: TipIdSchema,
  planId: z.int().refine((planId) => aiPlanSummary(planId) !== null, { message: 'plans: unknown plan' }),
});

export const AiPlanChoicesSchema = z
  .array(AiPlanChoiceSchema)
  .max(CART_MAX_TIPS, { error: MESSAGES.cartTooLarge })
  .refine((choices) => new Set(choices.map((c) => c.tipId)).size === choices.length, {
    message: 'plans: a tip may name one plan',
  });

/** Every plan choice must be about a tip of the cart. */
export function choicesInCart(body: {
  cart: readonly number[];
  plans?: readonly AiPlanChoice[] | undefined;
}) {
  return (body.plans ?? []).every((choice) => body.cart.includes(choice.tipId));
}
export const CHOICE_OUTSIDE_CART = {
  message: 'plans: a plan is named for a tip not in the cart',
  path: ['plans'],
};

// Request bodies that carry the cart: POST /tips/buy, /tips/purchase/paypal (and /tips/purchase).
export const TipIdCartSchema = z
  .object({ cart: TipIdsSchema, plans: AiPlanChoicesSchema.optional() })
  .refine(choicesInCart, CHOICE_OUTSIDE_CART);
export type TipIdCart = z.infer<typeof TipIdCartSchema>;

// One item per AI plan (SPEC §2 /today-ai-tips). `id` is the plan's id (1..4): the page sorts by it,
// shows SUBSCRIBE for id > 1 and the image ai{min(id, 3)}.webp. `tipId` is the tip behind today's
// match (null when the plan's model has no open tip): the one whose selection is shown.
export const AiTipSchema = z.object({
  id: z.int().positive(),
  planId: z.int().positive(),
  tipId: TipIdSchema.nullable(),
  tipsterName: z.string(),
  category: TipsterCategorySchema,
  price: z.number().nonnegative(),
  isFree: z.boolean(),
  homeTeam: z.string().nullable(),
  awayTeam: z.string().nullable(),
  eventTime: IsoDateTimeSchema.nullable(),
  selection: z.string().nullable(),
  date: IsoDateTimeSchema,
  // The tip behind the item (null with tipId): its fixture and, once settled, its outcome.
  fixtureId: FixtureIdSchema.nullable(),
  outcome: TipOutcomeSchema.nullable(),
  // The tip's odds (the market's best price when the model published it, decision 150) and the
  // model's edge at that price: its probability × odds − 1 (0.05 = +5 %). Null without a tip, or
  // for a pick without a recorded probability; optional for older clients' fixtures.
  odds: z.number().nullable().optional(),
  modelEdge: z.number().nullable().optional(),
});
export type AiTip = z.infer<typeof AiTipSchema>;

export const AiTipsResponseSchema = z.object({ aiTips: z.array(AiTipSchema) });
export type AiTipsResponse = z.infer<typeof AiTipsResponseSchema>;

export const RunningTipsResponseSchema = z.object({ data: z.array(TipSchema) });
export type RunningTipsResponse = z.infer<typeof RunningTipsResponseSchema>;

export const TipHistoryQuerySchema = z.object({
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(PAGE_SIZES.tipsDefault),
});
export type TipHistoryQuery = z.infer<typeof TipHistoryQuerySchema>;

export const TipHistoryPageSchema = pagedSchema(TipSchema);
export type TipHistoryPage = z.infer<typeof TipHistoryPageSchema>;

export const TipsterWithTipsSchema = z.object({ tipster: TipsterSummarySchema, tips: z.array(TipSchema) });
export type TipsterWithTips = z.infer<typeof TipsterWithTipsSchema>;

export const FollowingTipsResponseSchema = z.object({ data: z.array(TipsterWithTipsSchema) });
export type FollowingTipsResponse = z.infer<typeof FollowingTipsResponseSchema>;

// GET /tipsters/records/{id}: month 1..6 = within the last n months, 0 = all history.
export const RecordsQuerySchema = z.object({
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(PAGE_SIZES.records),
  // 0 or empty = every betting type.
  bettingType: documentedParameter(
    queryOptionalInt({ name: 'bettingType', min: 0, max: 1000 })
      .transform((code) => (code === 0 ? undefined : code))
      .pipe(BettingTypeCodeSchema.optional()),
    { schema: { type: 'integer', enum: [0, ...BETTING_TYPE_CODES] }, allowEmptyValue: true },
  ),
  month: queryInt({ name: 'month', min: 0, max: RECORDS_MONTHS_MAX, default: 0 }),
});
export type RecordsQuery = z.infer<typeof RecordsQuerySchema>;
export type RecordsQueryInput = z.input<typeof RecordsQuerySchema>;

// Records are finalized tips, so the selection and the analysis are always visible.
export const RecordSchema = z.object({
  id: TipIdSchema,
  eventTime: IsoDateTimeSchema,
  homeTeam: z.string().nullable(),
  awayTeam: z.string().nullable(),
  bettingType: BettingTypeCodeSchema,
  bettingTypeName: z.string(),
  selection: z.string(),
  // The tipster's analysis ('' when none was written); optional for older clients' fixtures.
  reasoning: z.string().optional(),
  odds: z.number().nonnegative(),
  // The reference price (decision 150); null for history published before prices were checked.
  referenceOdds: ReferenceOddsSchema.nullable(),
  result: TipResultSchema,
  // Null for a void (counted as a draw).
  isWin: z.boolean().nullable(),
  // The settled outcome (HALF_WIN / HALF_LOSS explain a quarter line's Win / Loss).
  outcome: TipOutcomeSchema,
  resultDetails: z.string().nullable(),
  fixtureId: FixtureIdSchema.nullable(),
  // Units staked (1–10) and won or lost by the outcome (decision 075).
  stake: z.int().min(1).max(10),
  profit: z.number(),
  ...TipClosingFields,
});
export type TipRecord = z.infer<typeof RecordSchema>;

export const RecordPageSchema = pagedSchema(RecordSchema);
export type RecordPage = z.infer<typeof RecordPageSchema>;

/**
 * A member's AI plan (issue #30.4): how many of its picks arrived, when the last one is expected
 * (one a day from the purchase), and when the latest arrived, so a page can say when the next is due.
 */
export const AiSubscriptionSchema = z.object({
  id: z.int().positive(),
  plan: AiPlanSummarySchema,
  picksDelivered: z.int().nonnegative(),
  picksTotal: z.int().positive(),
  startedAt: IsoDateTimeSchema,
  lastPickAt: IsoDateTimeSchema.nullable(),
  lastPickAround: IsoDateTimeSchema,
  completedAt: IsoDateTimeSchema.nullable(),
});
export type AiSubscription = z.infer<typeof AiSubscriptionSchema>;
export const AiSubscriptionsResponseSchema = z.object({ data: z.array(AiSubscriptionSchema) });
export type AiSubscriptionsResponse = z.infer<typeof AiSubscriptionsResponseSchema>;
