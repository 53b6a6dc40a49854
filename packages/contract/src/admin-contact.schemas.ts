import { z } from 'zod';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { IsoDateTimeSchema } from './tips.schemas';

// Admin API: contact messages.

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
