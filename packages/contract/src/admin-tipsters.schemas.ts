import { z } from 'zod';
import { text } from './backoffice-fields';
import { TipsterCategorySchema } from './categories.schemas';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
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
