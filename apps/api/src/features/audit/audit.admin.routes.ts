import { AdminAuditQuerySchema, AuditPageSchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { adminDocs, backofficeErrors } from '../../lib/route-schemas';
import type { AuditService } from './audit.service';

/** The audit log, newest first, filterable by entity, action and actor. */
export async function adminAuditRoutes(app: AppInstance, audit: AuditService) {
  app.get(
    '/audit',
    {
      schema: {
        ...adminDocs,
        summary: 'The audit log of admin actions',
        querystring: AdminAuditQuerySchema,
        response: { 200: AuditPageSchema, ...backofficeErrors },
      },
    },
    async (request) => audit.list(request.query),
  );
}
