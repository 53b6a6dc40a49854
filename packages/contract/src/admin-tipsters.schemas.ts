import { z } from 'zod';
import { AdminReasonSchema } from './backoffice.schemas';
import { text } from './backoffice-fields';
import { TipsterCategorySchema } from './categories.schemas';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { BACKOFFICE_MESSAGES } from './rules/backoffice';
import { MESSAGES } from './rules/errors';
import { textInput } from './text-input';
import { IsoDateTimeSchema } from './tips.schemas';

// Admin API: tipster profiles.

export const TipsterUpsertBodySchema = z.object({
  name: text(80),
  category: TipsterCategorySchema,
  location: textInput().trim().max(100, { error: MESSAGES.fieldTooLong }).default(''),
  bio: textInput().trim().max(5000, { error: MESSAGES.fieldTooLong }).default(''),
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
  q: textInput().trim().max(100, { error: MESSAGES.fieldTooLong }).default(''),
  pageNumber: PageNumberSchema,
  pageSize: pageSizeSchema(20),
});
export type AdminTipstersQuery = z.infer<typeof AdminTipstersQuerySchema>;

export const AdminTipsterPageSchema = pagedSchema(AdminTipsterSchema);
export type AdminTipsterPage = z.infer<typeof AdminTipsterPageSchema>;

/**
 * `POST /api/admin/tipsters/{id}/tier` (decision 165): an admin moves a person tipster to another
 * tier with a reason (audited, emailed). The category is checked by the service (422 when it is not
 * NOVICE, SENIOR or PREMIUM), so the body takes any short text.
 */
export const TipsterTierBodySchema = z.object({
  category: textInput({ error: BACKOFFICE_MESSAGES.tierInvalid })
    .trim()
    .max(40, { error: BACKOFFICE_MESSAGES.tierInvalid }),
  reason: AdminReasonSchema,
});
export type TipsterTierBody = z.infer<typeof TipsterTierBodySchema>;
export type TipsterTierInput = z.input<typeof TipsterTierBodySchema>;

export const TipsterTierChangeSchema = z.object({
  id: z.int().positive(),
  previousCategory: TipsterCategorySchema,
  category: TipsterCategorySchema,
  /** The daily review leaves the tier alone until then. */
  heldUntil: IsoDateTimeSchema,
});
export type TipsterTierChange = z.infer<typeof TipsterTierChangeSchema>;
export const TipsterTierResponseSchema = z.object({ data: TipsterTierChangeSchema });
export type TipsterTierResponse = z.infer<typeof TipsterTierResponseSchema>;
