import { AdminAuditQuerySchema, type AuditEntry, AuditPageSchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import type { Db } from '../../db/client';
import { limitOffset, toPage } from '../../lib/paging';
import { adminDocs, backofficeErrors } from '../../lib/route-schemas';
import { type AuditListRow, listAudit } from './audit.repo';

function toAuditEntry(row: AuditListRow): AuditEntry {
  return {
    id: row.id,
    actor: row.actorUserId !== null ? { id: row.actorUserId, username: row.actorUsername ?? '' } : null,
    action: row.action,
    entity: row.entity,
    entityId: row.entityId,
    before: row.before,
    after: row.after,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The audit log, newest first, filterable by entity, action and actor. */
export async function adminAuditRoutes(app: AppInstance, db: Db) {
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
    async (request) => {
      const { entity, entityId, action, actorUserId } = request.query;
      const { rows, total } = await listAudit(
        db,
        { entity, entityId, action, actorUserId },
        limitOffset(request.query),
      );
      return toPage(rows.map(toAuditEntry), total, request.query);
    },
  );
}
