import { z } from 'zod';
import { PageNumberSchema, pagedSchema, pageSizeSchema } from './paging.schemas';
import { queryOptionalInt } from './query-params';
import { textInput } from './text-input';
import { IsoDateTimeSchema } from './tips.schemas';

// Admin API: audit log.

export const AdminAuditQuerySchema = z.object({
  entity: textInput().trim().max(40).optional(),
  entityId: textInput().trim().max(64).optional(),
  action: textInput().trim().max(60).optional(),
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
