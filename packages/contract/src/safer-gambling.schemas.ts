import { z } from 'zod';
import { ODDS_FORMATS } from './rules/odds-format';
import {
  MAX_SPENDING_LIMIT_CENTS,
  SAFER_GAMBLING_MESSAGES,
  SELF_EXCLUSION_MAX_MONTHS,
  SELF_EXCLUSION_MIN_MONTHS,
  SPENDING_PERIODS,
  TIME_OUT_MAX_HOURS,
  TIME_OUT_MIN_HOURS,
} from './rules/safer-gambling';
import { CurrentPasswordSchema } from './users.schemas';

const M = SAFER_GAMBLING_MESSAGES;

export const SpendingPeriodSchema = z.enum(SPENDING_PERIODS, { error: M.limitInvalid });

/** PUT /api/safer-gambling/limits: an amount in dollars (= credits), or null for no limit. */
export const SetSpendingLimitBodySchema = z.object({
  period: SpendingPeriodSchema,
  limit: z
    .number({ error: M.limitInvalid })
    .min(1, { error: M.limitInvalid })
    .max(MAX_SPENDING_LIMIT_CENTS / 100, { error: M.limitInvalid })
    .multipleOf(0.01, { error: M.limitInvalid })
    .nullable(),
});
export type SetSpendingLimitBody = z.infer<typeof SetSpendingLimitBodySchema>;

export const StartTimeOutBodySchema = z.object({
  hours: z
    .number({ error: M.timeOutInvalid })
    .int({ error: M.timeOutInvalid })
    .min(TIME_OUT_MIN_HOURS, { error: M.timeOutInvalid })
    .max(TIME_OUT_MAX_HOURS, { error: M.timeOutInvalid }),
});
export type StartTimeOutBody = z.infer<typeof StartTimeOutBodySchema>;

export const SelfExcludeBodySchema = z.object({
  months: z
    .number({ error: M.selfExclusionInvalid })
    .int({ error: M.selfExclusionInvalid })
    .min(SELF_EXCLUSION_MIN_MONTHS, { error: M.selfExclusionInvalid })
    .max(SELF_EXCLUSION_MAX_MONTHS, { error: M.selfExclusionInvalid }),
});
export type SelfExcludeBody = z.infer<typeof SelfExcludeBodySchema>;

export const SpendingLimitViewSchema = z.object({
  period: SpendingPeriodSchema,
  /** In force now, in dollars; null: none. */
  limit: z.number().nullable(),
  /** Spent (or reserved by open orders) in the rolling window, in dollars. */
  spent: z.number(),
  /** A raise waiting for its 24-hour cool-off. */
  pending: z.object({ limit: z.number().nullable(), from: z.iso.datetime({ offset: true }) }).nullable(),
});
export type SpendingLimitView = z.infer<typeof SpendingLimitViewSchema>;

export const PurchaseBlockViewSchema = z.object({
  kind: z.enum(['TIME_OUT', 'SELF_EXCLUSION']),
  startedAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
});

export const SaferGamblingStateSchema = z.object({
  limits: z.array(SpendingLimitViewSchema),
  /** The active time-out or self-exclusion; null when the user may buy. */
  block: PurchaseBlockViewSchema.nullable(),
});
export type SaferGamblingState = z.infer<typeof SaferGamblingStateSchema>;

export const SaferGamblingResponseSchema = z.object({ data: SaferGamblingStateSchema });

/** PUT /api/users/odds-format */
export const OddsFormatBodySchema = z.object({
  oddsFormat: z.enum(ODDS_FORMATS, { error: 'Odds format must be DECIMAL, FRACTIONAL or AMERICAN.' }),
});
export type OddsFormatBody = z.infer<typeof OddsFormatBodySchema>;

/** POST /api/users/delete-account */
export const DeleteAccountBodySchema = z.object({ currentPassword: CurrentPasswordSchema });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;
