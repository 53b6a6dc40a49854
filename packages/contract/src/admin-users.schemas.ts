import { z } from 'zod';
import { AdminOrderSchema } from './admin-orders.schemas';
import { AdminReasonSchema } from './backoffice.schemas';
import { hasAtMostTwoDecimals } from './backoffice-fields';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { BACKOFFICE_MESSAGES } from './rules/backoffice';
import { MAX_DB_ID } from './rules/constants';
import { MESSAGES } from './rules/errors';
import { textInput } from './text-input';
import { IsoDateTimeSchema } from './tips.schemas';
import { RoleSchema } from './users.schemas';

// Admin API: users.

export const AdminUsersQuerySchema = z.object({
  q: textInput().trim().max(100, { error: MESSAGES.fieldTooLong }).default(''),
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

export const LinkTipsterBodySchema = z.object({
  tipsterId: z.int().positive().max(MAX_DB_ID, { error: MESSAGES.invalidId }).nullable(),
});
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
  idempotencyKey: textInput().trim().min(8).max(100).optional(),
});
export type AdjustCreditsBody = z.infer<typeof AdjustCreditsBodySchema>;

export const AdjustCreditsResponseSchema = z.object({
  balance: z.number().nonnegative(),
  entry: AdminLedgerEntrySchema,
});
export type AdjustCreditsResponse = z.infer<typeof AdjustCreditsResponseSchema>;
