import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { prepared } from '../../db/prepared';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;

/** One admin action: who, what, on which entity, the state before and after, and why. */
export interface AuditRecord {
  /** Null for the system itself (the bootstrap admin at start-up). */
  actorUserId: number | null;
  /** `<entity>.<verb>`, e.g. 'tip.settle', 'user.credits_adjust'. */
  action: string;
  entity: string;
  entityId: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string | null;
  now: Date;
}

/** Prepared once: audit rows are written inside money transactions (settlements), where every 0.1 ms counts. */
const insertAudit = prepared((db) =>
  db
    .insert(auditLog)
    .values({
      actorUserId: sql.placeholder('actorUserId'),
      action: sql.placeholder('action'),
      entity: sql.placeholder('entity'),
      entityId: sql.placeholder('entityId'),
      // Sent as JSON text: the column's own encoder would turn a missing state into JSON 'null', not NULL.
      before: sql`${sql.placeholder('before')}::jsonb`,
      after: sql`${sql.placeholder('after')}::jsonb`,
      reason: sql.placeholder('reason'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning({ id: auditLog.id })
    .prepare('write_audit'),
);

const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Written in the caller's transaction, so an action and its audit row commit together. */
export async function writeAudit(tx: DbOrTx, record: AuditRecord): Promise<number> {
  const [row] = await insertAudit(tx).execute({
    actorUserId: record.actorUserId,
    action: record.action,
    entity: record.entity,
    entityId: String(record.entityId),
    before: jsonOrNull(record.before),
    after: jsonOrNull(record.after),
    reason: record.reason ?? null,
    createdAt: record.now,
  });
  return row.id;
}

export interface AuditFilter {
  entity?: string;
  entityId?: string;
  action?: string;
  actorUserId?: number;
}

function whereOf(filter: AuditFilter): SQL | undefined {
  return and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.actorUserId ? eq(auditLog.actorUserId, filter.actorUserId) : undefined,
  );
}

export interface AuditListRow extends AuditRow {
  actorUsername: string | null;
}

/** Newest first. */
export async function listAudit(
  db: DbOrTx,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditListRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ entry: auditLog, actorUsername: users.username })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r.entry, actorUsername: r.actorUsername })), total };
}

/** Whether an action was ever recorded for an entity (used to make start-up actions happen once). */
export async function hasAuditEntry(
  db: DbOrTx,
  action: string,
  entity: string,
  entityId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
    .limit(1);
  return row !== undefined;
}
