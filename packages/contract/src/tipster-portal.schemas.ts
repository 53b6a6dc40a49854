import { z } from 'zod';
import { BackofficeTipSchema } from './backoffice.schemas';
import { hasAtMostTwoDecimals, text } from './backoffice-fields';
import { BettingTypeCodeSchema } from './betting-types.schemas';
import { TipsterCategorySchema } from './categories.schemas';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { BACKOFFICE_MESSAGES, normalizeSelection } from './rules/backoffice';
import { MESSAGES } from './rules/errors';
import { textInput } from './text-input';

// Tipster portal

export const MAX_PUBLISH_AHEAD_DAYS = 30;

// The match is a fixture: league, teams and kick-off are copied from it by the API. A body that
// still sends league / homeTeam / awayTeam / eventTime is accepted and those keys are ignored
// (stripped), so older clients keep working and can never set a match of their own.
export const PublishTipBodySchema = z
  .object({
    fixtureId: z
      .int({ error: BACKOFFICE_MESSAGES.fixtureRequired })
      .positive({ error: BACKOFFICE_MESSAGES.fixtureRequired })
      .max(2_147_483_647, { error: BACKOFFICE_MESSAGES.fixtureRequired }),
    bettingType: BettingTypeCodeSchema,
    selection: text(40, BACKOFFICE_MESSAGES.selectionInvalid),
    odds: z
      .number({ error: BACKOFFICE_MESSAGES.oddsInvalid })
      .min(1.01, { error: BACKOFFICE_MESSAGES.oddsInvalid })
      .max(1000, { error: BACKOFFICE_MESSAGES.oddsInvalid })
      .refine(hasAtMostTwoDecimals, { message: BACKOFFICE_MESSAGES.oddsInvalid }),
    // The tipster's confidence in units (1–10); profit and yield are counted in units.
    stake: z
      .int({ error: BACKOFFICE_MESSAGES.stakeInvalid })
      .min(1, { error: BACKOFFICE_MESSAGES.stakeInvalid })
      .max(10, { error: BACKOFFICE_MESSAGES.stakeInvalid })
      .default(1),
    // Dollars; 0 (or free: true) publishes a free tip.
    price: z
      .number({ error: BACKOFFICE_MESSAGES.priceInvalid })
      .min(0, { error: BACKOFFICE_MESSAGES.priceInvalid })
      .max(10000, { error: BACKOFFICE_MESSAGES.priceInvalid })
      .refine(hasAtMostTwoDecimals, { message: BACKOFFICE_MESSAGES.priceInvalid })
      .optional(),
    free: z.boolean().optional(),
    reasoning: textInput().trim().max(2000, { error: MESSAGES.fieldTooLong }).default(''),
  })
  .superRefine((body, ctx) => {
    if (normalizeSelection(body.bettingType, body.selection) === null) {
      ctx.addIssue({ code: 'custom', path: ['selection'], message: BACKOFFICE_MESSAGES.selectionInvalid });
    }
    if (body.free !== true && body.price === undefined) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: BACKOFFICE_MESSAGES.priceRequired });
    }
  })
  .transform((body) => ({
    ...body,
    selection: normalizeSelection(body.bettingType, body.selection) as string,
    price: body.free === true ? 0 : (body.price ?? 0),
  }));
export type PublishTipBody = z.output<typeof PublishTipBodySchema>;
export type PublishTipInput = z.input<typeof PublishTipBodySchema>;

export const TipsterPortalTipSchema = BackofficeTipSchema.extend({
  // Buyers who paid for it (credits, card or manual request); admin grants and plans excluded.
  salesCount: z.int().nonnegative(),
  // The tipster's net share of its sales (after commission and take-backs), dollars (decision 170).
  earnings: z.number().nonnegative(),
});
export type TipsterPortalTip = z.infer<typeof TipsterPortalTipSchema>;

export const PublishTipResponseSchema = z.object({ data: BackofficeTipSchema });
export type PublishTipResponse = z.infer<typeof PublishTipResponseSchema>;

export const TIPSTER_TIP_STATUSES = ['all', 'open', 'settled'] as const;
export const TipsterTipsQuerySchema = z.object({
  status: z.enum(TIPSTER_TIP_STATUSES, { error: 'status must be all, open or settled' }).default('all'),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type TipsterTipsQuery = z.infer<typeof TipsterTipsQuerySchema>;

export const TipsterTipPageSchema = pagedSchema(TipsterPortalTipSchema);
export type TipsterTipPage = z.infer<typeof TipsterTipPageSchema>;

export const TipsterRecordSchema = z.object({
  totalTips: z.int().nonnegative(),
  wins: z.int().nonnegative(),
  losses: z.int().nonnegative(),
  // Voids count as draws.
  draws: z.int().nonnegative(),
  // Percent of decided tips, 0..100.
  hitRate: z.number().min(0).max(100),
  averageOdds: z.number().nonnegative(),
  // Units (decision 075): staked, won or lost (2 decimals), and profit ÷ staked × 100.
  unitsStaked: z.int().nonnegative(),
  profit: z.number(),
  yield: z.number(),
});
export type TipsterRecord = z.infer<typeof TipsterRecordSchema>;

export const TipsterSummaryResponseSchema = z.object({
  tipster: z.object({
    id: z.int().positive(),
    name: z.string(),
    category: TipsterCategorySchema,
    location: z.string(),
    bio: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  record: TipsterRecordSchema,
  tipsPublished: z.int().nonnegative(),
  openTips: z.int().nonnegative(),
  salesCount: z.int().nonnegative(),
  // The tipster's net share of every sale (after commission and take-backs), dollars (decision 170).
  earnings: z.number().nonnegative(),
});
export type TipsterSummaryResponse = z.infer<typeof TipsterSummaryResponseSchema>;
