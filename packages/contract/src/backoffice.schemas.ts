import { z } from 'zod';
import { BettingTypeCodeSchema } from './betting-types';
import { TipsterCategorySchema } from './categories';
import { MESSAGES } from './errors';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging';
import { OrderStatusSchema, OrderTypeSchema } from './payment-methods';
import { queryOptionalInt } from './query-params';
import { IsoDateTimeSchema, TipSchema } from './tips.schemas';
import { RoleSchema } from './users.schemas';

// The back office: the tipster portal (/api/tipster/*) and the admin API (/api/admin/*).
// Request schemas may transform (the API decodes them); response schemas must not.

export const BACKOFFICE_MESSAGES = {
  kickoffPassed: 'The match has already kicked off: tips can only be published before kick-off.',
  kickoffTooFar: 'Tips can be published at most 30 days before kick-off.',
  sameTeams: 'Home and away team must be different.',
  selectionInvalid: 'The selection does not fit the betting type.',
  oddsInvalid: 'Odds must be a decimal number from 1.01 to 1000 with at most 2 decimals.',
  priceInvalid: 'Price must be from 0 to 10000 dollars with at most 2 decimals.',
  priceRequired: 'Enter a price, or mark the tip as free.',
  noTipsterProfile: 'Your account is not linked to a tipster profile.',
  notKickedOff: 'This match has not kicked off yet, so it cannot be settled.',
  resultOrScoreRequired: 'Send a result or a final score.',
  resultDetailsRequired: 'Result details are required.',
  cannotGrade: 'This selection cannot be graded from a score: send the result explicitly.',
  noOpenTipsForMatch: 'No open tips for this match.',
  correctionChangesNothing:
    'The correction changes nothing: the tip already has this result and these details.',
  reasonRequired: 'A reason is required.',
  amountInvalid: 'Amount must be a non-zero number of credits with at most 2 decimals.',
  idempotencyKeyReused: 'This idempotency key was already used for another adjustment.',
  balanceWouldGoNegative: 'This adjustment would make the balance negative.',
  cannotRemoveOwnAdmin: 'You cannot remove your own admin role.',
  tipsterLinkedElsewhere: 'This tipster profile is linked to another user; unlink it first.',
  notManualOrder: 'Only manual payment requests are confirmed or rejected here.',
  userNotFound: 'User not found',
  contactMessageNotFound: 'Message not found',
  contactMessageHandled: 'This message has already been handled.',
  scoreInvalid: 'The half-time score cannot exceed the full-time score.',
} as const;

const text = (max: number, required: string = MESSAGES.badRequest) =>
  z
    .string({ error: required })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: MESSAGES.fieldTooLong });

const hasAtMostTwoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/** A required explanation, stored in the audit log. */
export const AdminReasonSchema = text(500, BACKOFFICE_MESSAGES.reasonRequired).pipe(
  z.string().min(3, { error: BACKOFFICE_MESSAGES.reasonRequired }),
);

// ---------------------------------------------------------------------------------------------
// Selections: one format per betting type, so that every tip can be graded from a final score.

const LINE_HALF = String.raw`(?:0|[+-]\d{1,2}(?:\.[05])?)`;
const SELECTION_PATTERNS: Record<number, RegExp> = {
  1: new RegExp(`^(home|away) ${LINE_HALF}$`, 'i'),
  5: new RegExp(`^(home|away) ${LINE_HALF}$`, 'i'),
  2: /^(over|under) \d{1,2}(?:\.[05])?$/i,
  8: /^(over|under) \d{1,2}(?:\.[05])?$/i,
  3: /^(home|draw|away)$/i,
  6: /^(home|draw|away)$/i,
  4: /^\d{1,2}-\d{1,2}$/,
  7: /^\d{1,2}-\d{1,2}$/,
  14: /^(home|away) (?:0|[+-]\d{1,2})$/i,
  15: /^(odd|even)$/i,
  113: /^(home|away)$/i,
};

/** Human hints for the publish form, per betting type. */
export const SELECTION_EXAMPLES: Record<number, string> = {
  1: 'Home -0.5, Away +1',
  2: 'Over 2.5, Under 3',
  3: 'Home, Draw, Away',
  4: '2-1',
  5: 'Home -0.5, Away +0.5',
  6: 'Home, Draw, Away',
  7: '1-0',
  8: 'Over 0.5, Under 1.5',
  14: 'Home -1, Away +1',
  15: 'Odd, Even',
  113: 'Home, Away',
};

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/**
 * The canonical spelling of a selection for its betting type ('home -0.5' → 'Home -0.5',
 * '2 - 1' → '2-1'), or null when it does not fit. Quarter lines are refused: they settle as
 * half wins and half losses, which a tip's WIN / LOSS / VOID cannot express.
 */
export function normalizeSelection(bettingType: number, raw: string): string | null {
  const pattern = SELECTION_PATTERNS[bettingType];
  if (!pattern) return null;
  const compact = raw.trim().replace(/\s+/g, ' ');
  const candidate = /^\d{1,2} ?- ?\d{1,2}$/.test(compact) ? compact.replaceAll(' ', '') : compact;
  if (!pattern.test(candidate)) return null;
  const [word, ...rest] = candidate.split(' ');
  return /^\d/.test(word) ? candidate : [capitalize(word), ...rest].join(' ');
}

// ---------------------------------------------------------------------------------------------
// Tips as the back office sees them: the public tip plus publication and settlement details.

export const BackofficeTipSchema = TipSchema.extend({
  league: z.string(),
  reasoning: z.string(),
  publishedAt: IsoDateTimeSchema,
  settledAt: IsoDateTimeSchema.nullable(),
});
export type BackofficeTip = z.infer<typeof BackofficeTipSchema>;

export const TipResultCodeSchema = z.enum(['WIN', 'LOSS', 'VOID'], {
  error: 'result must be WIN, LOSS or VOID',
});
export type TipResultCode = z.infer<typeof TipResultCodeSchema>;

// ---------------------------------------------------------------------------------------------
// Tipster portal

export const MAX_PUBLISH_AHEAD_DAYS = 30;

export const PublishTipBodySchema = z
  .object({
    league: text(100),
    homeTeam: text(100),
    awayTeam: text(100),
    eventTime: IsoDateTimeSchema,
    bettingType: BettingTypeCodeSchema,
    selection: text(40, BACKOFFICE_MESSAGES.selectionInvalid),
    odds: z
      .number({ error: BACKOFFICE_MESSAGES.oddsInvalid })
      .min(1.01, { error: BACKOFFICE_MESSAGES.oddsInvalid })
      .max(1000, { error: BACKOFFICE_MESSAGES.oddsInvalid })
      .refine(hasAtMostTwoDecimals, { message: BACKOFFICE_MESSAGES.oddsInvalid }),
    // Dollars; 0 (or free: true) publishes a free tip.
    price: z
      .number({ error: BACKOFFICE_MESSAGES.priceInvalid })
      .min(0, { error: BACKOFFICE_MESSAGES.priceInvalid })
      .max(10000, { error: BACKOFFICE_MESSAGES.priceInvalid })
      .refine(hasAtMostTwoDecimals, { message: BACKOFFICE_MESSAGES.priceInvalid })
      .optional(),
    free: z.boolean().optional(),
    reasoning: z.string().trim().max(2000, { error: MESSAGES.fieldTooLong }).default(''),
  })
  .superRefine((body, ctx) => {
    if (body.homeTeam.toLowerCase() === body.awayTeam.toLowerCase()) {
      ctx.addIssue({ code: 'custom', path: ['awayTeam'], message: BACKOFFICE_MESSAGES.sameTeams });
    }
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
  // Gross, in dollars with 2 decimals.
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
  earnings: z.number().nonnegative(),
});
export type TipsterSummaryResponse = z.infer<typeof TipsterSummaryResponseSchema>;

// ---------------------------------------------------------------------------------------------
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

const ResultDetailsSchema = z.string().trim().max(500, { error: MESSAGES.fieldTooLong });

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

// ---------------------------------------------------------------------------------------------
// Admin: orders (manual payment requests)

export const AdminOrderIdParamSchema = z.object({ id: z.uuid({ error: MESSAGES.orderNotFound }) });
export type AdminOrderIdParam = z.infer<typeof AdminOrderIdParamSchema>;

export const AdminOrdersQuerySchema = z.object({
  status: OrderStatusSchema.default('PENDING'),
  type: OrderTypeSchema.optional(),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type AdminOrdersQuery = z.infer<typeof AdminOrdersQuerySchema>;

export const AdminOrderSchema = z.object({
  id: z.string(),
  type: OrderTypeSchema,
  method: z.int(),
  methodName: z.string(),
  provider: z.enum(['paypal', 'manual', 'credits']),
  status: OrderStatusSchema,
  // Dollars.
  amount: z.number().nonnegative(),
  currency: z.string(),
  // For credit orders: the credits granted.
  credits: z.number().nonnegative().nullable(),
  user: z.object({ id: z.int().positive(), username: z.string(), email: z.string() }).nullable(),
  contact: z.object({
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string().nullable(),
    country: z.string().nullable(),
    mobile: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      tipId: z.int().positive().nullable(),
      aiPlanId: z.int().positive().nullable(),
      // 'Home vs Away', or the plan's name.
      description: z.string(),
      price: z.number().nonnegative(),
    }),
  ),
  rejectionReason: z.string().nullable(),
  decidedBy: z.int().positive().nullable(),
  createdAt: IsoDateTimeSchema,
  completedAt: IsoDateTimeSchema.nullable(),
});
export type AdminOrder = z.infer<typeof AdminOrderSchema>;

export const AdminOrderPageSchema = pagedSchema(AdminOrderSchema);
export type AdminOrderPage = z.infer<typeof AdminOrderPageSchema>;

export const RejectOrderBodySchema = z.object({ reason: AdminReasonSchema });
export type RejectOrderBody = z.infer<typeof RejectOrderBodySchema>;

export const AdminOrderResponseSchema = z.object({ data: AdminOrderSchema });
export type AdminOrderResponse = z.infer<typeof AdminOrderResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: users

export const AdminUsersQuerySchema = z.object({
  q: z.string().trim().max(100, { error: MESSAGES.fieldTooLong }).default(''),
  role: RoleSchema.optional(),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.int().positive(),
  username: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  country: z.string(),
  roles: z.array(z.string()),
  emailVerified: z.boolean(),
  // Credits with 2 decimals.
  creditBalance: z.number().nonnegative(),
  tipsterId: z.int().positive().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AdminUserPageSchema = pagedSchema(AdminUserSchema);
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminLedgerEntrySchema = z.object({
  id: z.int().positive(),
  // Credits, signed.
  amount: z.number(),
  reason: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  createdBy: z.int().positive().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type AdminLedgerEntry = z.infer<typeof AdminLedgerEntrySchema>;

export const AdminUserDetailResponseSchema = z.object({
  data: z.object({
    user: AdminUserSchema,
    tipster: z.object({ id: z.int().positive(), name: z.string() }).nullable(),
    // Sum of all ledger entries; equals creditBalance while the ledger is consistent.
    ledgerTotal: z.number(),
    // Newest first, at most 50 orders and 100 entries.
    orders: z.array(AdminOrderSchema),
    ledger: z.array(AdminLedgerEntrySchema),
  }),
});
export type AdminUserDetailResponse = z.infer<typeof AdminUserDetailResponseSchema>;

export const AdminUserResponseSchema = z.object({ data: AdminUserSchema });
export type AdminUserResponse = z.infer<typeof AdminUserResponseSchema>;

export const SetRolesBodySchema = z.object({
  roles: z.array(RoleSchema).max(3),
});
export type SetRolesBody = z.infer<typeof SetRolesBodySchema>;

export const LinkTipsterBodySchema = z.object({ tipsterId: z.int().positive().nullable() });
export type LinkTipsterBody = z.infer<typeof LinkTipsterBodySchema>;

export const MAX_CREDIT_ADJUSTMENT = 1_000_000;

export const AdjustCreditsBodySchema = z.object({
  // Credits, signed: positive adds, negative takes away.
  amount: z
    .number({ error: BACKOFFICE_MESSAGES.amountInvalid })
    .min(-MAX_CREDIT_ADJUSTMENT, { error: BACKOFFICE_MESSAGES.amountInvalid })
    .max(MAX_CREDIT_ADJUSTMENT, { error: BACKOFFICE_MESSAGES.amountInvalid })
    .refine((value) => value !== 0 && hasAtMostTwoDecimals(value), {
      message: BACKOFFICE_MESSAGES.amountInvalid,
    }),
  reason: AdminReasonSchema,
  // Sent again with a retried request, it applies the adjustment once.
  idempotencyKey: z.string().trim().min(8).max(100).optional(),
});
export type AdjustCreditsBody = z.infer<typeof AdjustCreditsBodySchema>;

export const AdjustCreditsResponseSchema = z.object({
  balance: z.number().nonnegative(),
  entry: AdminLedgerEntrySchema,
});
export type AdjustCreditsResponse = z.infer<typeof AdjustCreditsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: tipster profiles

export const TipsterUpsertBodySchema = z.object({
  name: text(80),
  category: TipsterCategorySchema,
  location: z.string().trim().max(100, { error: MESSAGES.fieldTooLong }).default(''),
  bio: z.string().trim().max(5000, { error: MESSAGES.fieldTooLong }).default(''),
});
export type TipsterUpsertBody = z.infer<typeof TipsterUpsertBodySchema>;

export const AdminTipsterSchema = z.object({
  id: z.int().positive(),
  name: z.string(),
  category: TipsterCategorySchema,
  location: z.string(),
  bio: z.string(),
  profileImageUrl: z.string().nullable(),
  user: z.object({ id: z.int().positive(), username: z.string() }).nullable(),
  createdAt: IsoDateTimeSchema,
});
export type AdminTipster = z.infer<typeof AdminTipsterSchema>;

export const AdminTipsterResponseSchema = z.object({ data: AdminTipsterSchema });
export type AdminTipsterResponse = z.infer<typeof AdminTipsterResponseSchema>;

export const AdminTipstersQuerySchema = z.object({
  q: z.string().trim().max(100, { error: MESSAGES.fieldTooLong }).default(''),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type AdminTipstersQuery = z.infer<typeof AdminTipstersQuerySchema>;

export const AdminTipsterPageSchema = pagedSchema(AdminTipsterSchema);
export type AdminTipsterPage = z.infer<typeof AdminTipsterPageSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: contact messages

export const CONTACT_MESSAGE_STATUSES = ['open', 'handled', 'all'] as const;
export const AdminContactMessagesQuerySchema = z.object({
  status: z.enum(CONTACT_MESSAGE_STATUSES, { error: 'status must be open, handled or all' }).default('open'),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type AdminContactMessagesQuery = z.infer<typeof AdminContactMessagesQuerySchema>;

export const AdminContactMessageSchema = z.object({
  id: z.int().positive(),
  userId: z.int().positive().nullable(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  createdAt: IsoDateTimeSchema,
  handledAt: IsoDateTimeSchema.nullable(),
  handledBy: z.int().positive().nullable(),
});
export type AdminContactMessage = z.infer<typeof AdminContactMessageSchema>;

export const AdminContactMessagePageSchema = pagedSchema(AdminContactMessageSchema);
export type AdminContactMessagePage = z.infer<typeof AdminContactMessagePageSchema>;

export const AdminContactMessageResponseSchema = z.object({ data: AdminContactMessageSchema });
export type AdminContactMessageResponse = z.infer<typeof AdminContactMessageResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Admin: audit log

export const AdminAuditQuerySchema = z.object({
  entity: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(64).optional(),
  action: z.string().trim().max(60).optional(),
  actorUserId: queryOptionalInt({ name: 'actorUserId', min: 1, max: 2_147_483_647 }),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(50),
});
export type AdminAuditQuery = z.infer<typeof AdminAuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.int().positive(),
  actor: z.object({ id: z.int().positive(), username: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
  createdAt: IsoDateTimeSchema,
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditPageSchema = pagedSchema(AuditEntrySchema);
export type AuditPage = z.infer<typeof AuditPageSchema>;
