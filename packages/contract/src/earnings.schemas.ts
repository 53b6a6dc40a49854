import { z } from 'zod';
import { AdminReasonSchema } from './backoffice.schemas';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { MESSAGES } from './rules/errors';
import { IsoDateTimeSchema } from './tips.schemas';

// Tipster earnings and payouts (issue #28, decision 170). Amounts are dollars with 2 decimals.

export const EARNINGS_MESSAGES = {
  amountInvalid: 'Enter an amount in dollars with at most two decimals.',
  belowMinimum: 'This amount is below the payout minimum.',
  aboveAvailable: 'This amount is more than your available earnings.',
  noPayoutAccount: 'Add your PayPal address before requesting a payout.',
  negativeBalance: 'Your balance is negative: payouts resume once new earnings cover it.',
  unverified: 'Verify your email address before requesting a payout.',
  payoutNotFound: 'Payout not found.',
  notHoldable: 'Only a payout that has not been sent yet can be held.',
  notHeld: 'This payout is not held.',
  monthInvalid: 'month must look like 2026-11.',
} as const;

export const TipsterEarningsSchema = z.object({
  // Sales of tips not yet settled, or settled less than holdDays ago.
  pending: z.number(),
  // May be negative: a take-back larger than what was left is carried against future earnings.
  available: z.number(),
  // Payouts requested and not returned.
  paidOut: z.number().nonnegative(),
  sharePercent: z.int().min(0).max(100),
  holdDays: z.int().nonnegative(),
  payoutMinimum: z.number().nonnegative(),
  // A credit counts as this many cents in a sale's value (the deepest credit-pack discount).
  creditValueCents: z.int().min(0).max(100),
  paypalEmail: z.string().nullable(),
});
export type TipsterEarnings = z.infer<typeof TipsterEarningsSchema>;
export const TipsterEarningsResponseSchema = z.object({ data: TipsterEarningsSchema });
export type TipsterEarningsResponse = z.infer<typeof TipsterEarningsResponseSchema>;

export const EARNING_ENTRY_KINDS = [
  'sale',
  'void',
  'refund',
  'reversal',
  'dispute',
  'payout',
  'payout_restored',
] as const;
export const EarningEntryKindSchema = z.enum(EARNING_ENTRY_KINDS);
export type EarningEntryKind = z.infer<typeof EarningEntryKindSchema>;

const MonthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: EARNINGS_MESSAGES.monthInvalid });

export const EarningsEntriesQuerySchema = z.object({
  month: MonthSchema.optional(),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type EarningsEntriesQuery = z.infer<typeof EarningsEntriesQuerySchema>;

export const EarningEntrySchema = z.object({
  id: z.int().positive(),
  kind: EarningEntryKindSchema,
  // The tipster's side: + share of a sale, − a take-back or a payout.
  amount: z.number(),
  // What the buyer paid for the line (sales) or got back (take-backs), in dollars.
  buyerPaid: z.number().nullable(),
  paidWith: z.enum(['credits', 'paypal', 'manual']).nullable(),
  tipId: z.int().positive().nullable(),
  match: z.string().nullable(),
  payoutId: z.int().positive().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type EarningEntry = z.infer<typeof EarningEntrySchema>;
export const EarningEntryPageSchema = pagedSchema(EarningEntrySchema);
export type EarningEntryPage = z.infer<typeof EarningEntryPageSchema>;

export const EarningsMonthSchema = z.object({
  month: z.string(),
  // The tipster's net share of the month's sales after take-backs.
  net: z.number(),
  sales: z.int().nonnegative(),
  takenBack: z.int().nonnegative(),
});
export const EarningsByTipSchema = z.object({
  tipId: z.int().positive(),
  match: z.string(),
  eventTime: IsoDateTimeSchema,
  settled: z.boolean(),
  net: z.number(),
  sales: z.int().nonnegative(),
  takenBack: z.int().nonnegative(),
});
export const EarningsBreakdownResponseSchema = z.object({
  data: z.object({ months: z.array(EarningsMonthSchema), tips: z.array(EarningsByTipSchema) }),
});
export type EarningsBreakdownResponse = z.infer<typeof EarningsBreakdownResponseSchema>;

export const StatementQuerySchema = z.object({ month: MonthSchema });
export type StatementQuery = z.infer<typeof StatementQuerySchema>;

export const PayoutAccountBodySchema = z.object({
  // One schema the document can state (format email, at most 254 characters).
  paypalEmail: z.email({ error: MESSAGES.emailInvalid }).max(254, { error: MESSAGES.emailInvalid }),
});
export type PayoutAccountBody = z.infer<typeof PayoutAccountBodySchema>;
export const PayoutAccountResponseSchema = z.object({ data: z.object({ paypalEmail: z.string() }) });

export const PayoutRequestBodySchema = z.object({
  amount: z
    .number({ error: EARNINGS_MESSAGES.amountInvalid })
    .positive({ error: EARNINGS_MESSAGES.amountInvalid })
    .max(1_000_000, { error: EARNINGS_MESSAGES.amountInvalid })
    .multipleOf(0.01, { error: EARNINGS_MESSAGES.amountInvalid }),
});
export type PayoutRequestBody = z.infer<typeof PayoutRequestBodySchema>;

export const PAYOUT_STATUSES = [
  'REQUESTED',
  'HELD',
  'SENT',
  'SUCCEEDED',
  'UNCLAIMED',
  'FAILED',
  'RETURNED',
] as const;
export const PayoutStatusSchema = z.enum(PAYOUT_STATUSES);
export type PayoutStatus = z.infer<typeof PayoutStatusSchema>;

export const PayoutSchema = z.object({
  id: z.int().positive(),
  amount: z.number().positive(),
  currency: z.string(),
  status: PayoutStatusSchema,
  receiver: z.string(),
  createdAt: IsoDateTimeSchema,
  completedAt: IsoDateTimeSchema.nullable(),
});
export type Payout = z.infer<typeof PayoutSchema>;
export const PayoutResponseSchema = z.object({ data: PayoutSchema });
export type PayoutResponse = z.infer<typeof PayoutResponseSchema>;
export const PayoutPageSchema = pagedSchema(PayoutSchema);
export type PayoutPage = z.infer<typeof PayoutPageSchema>;
export const PayoutsQuerySchema = z.object({ pageNumber: PageNumberSchema, pageSize: pageSizeSchema(20) });
export type PayoutsQuery = z.infer<typeof PayoutsQuerySchema>;

// Admin

export const AdminPayoutsQuerySchema = z.object({
  status: PayoutStatusSchema.optional(),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type AdminPayoutsQuery = z.infer<typeof AdminPayoutsQuerySchema>;
export const AdminPayoutSchema = PayoutSchema.extend({
  tipster: z.object({ id: z.int().positive(), name: z.string() }),
  holdReason: z.string().nullable(),
  providerBatchId: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;
export const AdminPayoutPageSchema = pagedSchema(AdminPayoutSchema);
export const AdminPayoutResponseSchema = z.object({ data: AdminPayoutSchema });
export const AdminPayoutIdParamSchema = z.object({
  id: z.coerce
    .number({ error: EARNINGS_MESSAGES.payoutNotFound })
    .int({ error: EARNINGS_MESSAGES.payoutNotFound })
    .positive({ error: EARNINGS_MESSAGES.payoutNotFound })
    .max(2_147_483_647, { error: EARNINGS_MESSAGES.payoutNotFound }),
});
export const AdminPayoutHoldBodySchema = z.object({ reason: AdminReasonSchema });

export const PlatformRevenueMonthSchema = z.object({
  month: z.string(),
  // What buyers paid for tips (credits at the deepest pack discount).
  paid: z.number(),
  tipsterShares: z.number(),
  commission: z.number(),
  refunds: z.number(),
});
export const PlatformRevenueResponseSchema = z.object({ data: z.array(PlatformRevenueMonthSchema) });
export type PlatformRevenueResponse = z.infer<typeof PlatformRevenueResponseSchema>;
