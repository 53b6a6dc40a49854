import { z } from 'zod';
import { AdminReasonSchema, BackofficeTipSchema, TipResultCodeSchema } from './backoffice.schemas';
import { text } from './backoffice-fields';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { BACKOFFICE_MESSAGES } from './rules/backoffice';
import { MESSAGES } from './rules/errors';
import { textInput } from './text-input';
import { IsoDateTimeSchema } from './tips.schemas';

// Admin: settlement

export const MatchScoreSchema = z
  .object({
    home: z.int().min(0).max(99),
    away: z.int().min(0).max(99),
    htHome: z.int().min(0).max(99),
    htAway: z.int().min(0).max(99),
  })
  .refine((s) => s.htHome <= s.home && s.htAway <= s.away, { message: BACKOFFICE_MESSAGES.scoreInvalid });
export type MatchScore = z.infer<typeof MatchScoreSchema>;

const ResultDetailsSchema = textInput().trim().max(500, { error: MESSAGES.fieldTooLong });

/**
 * Either an explicit result with details, or the final score (the result is then graded from the
 * selection and the details default to the score). An explicit result wins over the graded one.
 */
export const SettleTipBodySchema = z
  .object({
    result: TipResultCodeSchema.optional(),
    resultDetails: ResultDetailsSchema.optional(),
    score: MatchScoreSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (!body.result && !body.score) {
      ctx.addIssue({ code: 'custom', path: ['result'], message: BACKOFFICE_MESSAGES.resultOrScoreRequired });
    } else if (!body.score && !body.resultDetails) {
      ctx.addIssue({
        code: 'custom',
        path: ['resultDetails'],
        message: BACKOFFICE_MESSAGES.resultDetailsRequired,
      });
    }
  });
export type SettleTipBody = z.infer<typeof SettleTipBodySchema>;

export const CorrectTipBodySchema = z
  .object({
    result: TipResultCodeSchema.optional(),
    resultDetails: ResultDetailsSchema.optional(),
    score: MatchScoreSchema.optional(),
    reason: AdminReasonSchema,
  })
  .superRefine((body, ctx) => {
    if (!body.result && !body.score) {
      ctx.addIssue({ code: 'custom', path: ['result'], message: BACKOFFICE_MESSAGES.resultOrScoreRequired });
    } else if (!body.score && !body.resultDetails) {
      ctx.addIssue({
        code: 'custom',
        path: ['resultDetails'],
        message: BACKOFFICE_MESSAGES.resultDetailsRequired,
      });
    }
  });
export type CorrectTipBody = z.infer<typeof CorrectTipBodySchema>;

export const SettleTipResponseSchema = z.object({
  data: BackofficeTipSchema,
  // Buyers who were emailed the result.
  emailsQueued: z.int().nonnegative(),
});
export type SettleTipResponse = z.infer<typeof SettleTipResponseSchema>;

export const SuggestResultBodySchema = z.object({ score: MatchScoreSchema });
export type SuggestResultBody = z.infer<typeof SuggestResultBodySchema>;

export const SuggestResultResponseSchema = z.object({
  // Null when the selection cannot be graded automatically.
  result: TipResultCodeSchema.nullable(),
  resultDetails: z.string(),
});
export type SuggestResultResponse = z.infer<typeof SuggestResultResponseSchema>;

export const SettleMatchBodySchema = z.object({
  homeTeam: text(100),
  awayTeam: text(100),
  eventTime: IsoDateTimeSchema,
  score: MatchScoreSchema,
});
export type SettleMatchBody = z.infer<typeof SettleMatchBodySchema>;

export const SettleMatchResponseSchema = z.object({
  settled: z.array(z.object({ tipId: z.int().positive(), result: TipResultCodeSchema })),
  // Open tips of the match left for one-by-one settlement (their selection cannot be graded).
  skipped: z.array(z.object({ tipId: z.int().positive(), reason: z.string() })),
  emailsQueued: z.int().nonnegative(),
});
export type SettleMatchResponse = z.infer<typeof SettleMatchResponseSchema>;

export const UnsettledTipsQuerySchema = z.object({
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type UnsettledTipsQuery = z.infer<typeof UnsettledTipsQuerySchema>;

export const BackofficeTipPageSchema = pagedSchema(BackofficeTipSchema);
export type BackofficeTipPage = z.infer<typeof BackofficeTipPageSchema>;

export const UnsettledMatchSchema = z.object({
  league: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  eventTime: IsoDateTimeSchema,
  openTips: z.int().positive(),
});
export type UnsettledMatch = z.infer<typeof UnsettledMatchSchema>;

export const UnsettledMatchesResponseSchema = z.object({ data: z.array(UnsettledMatchSchema) });
export type UnsettledMatchesResponse = z.infer<typeof UnsettledMatchesResponseSchema>;
