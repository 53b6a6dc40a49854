import type { AdminAuditQuery, AuditEntry, AuditPage } from '@tips/contract';
import type { Db } from '../../db/client';
import { limitOffset, toPage } from '../../lib/paging';
import { type AuditListRow, listAudit } from './audit.repo';

export type AuditService = ReturnType<typeof createAuditService>;

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

/** Reading the audit log (every domain writes it with writeAudit, in its own transaction). */
export function createAuditService({ db }: { db: Db }) {
  return {
    /** Newest first, filterable by entity, action and actor. */
    async list(query: AdminAuditQuery): Promise<AuditPage> {
      const { entity, entityId, action, actorUserId } = query;
      const { rows, total } = await listAudit(
        db,
        { entity, entityId, action, actorUserId },
        limitOffset(query),
      );
      return toPage(rows.map(toAuditEntry), total, query);
    },
  };
}
