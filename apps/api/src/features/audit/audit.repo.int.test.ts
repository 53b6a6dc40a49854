import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import type { Database } from '../../db/client';
import { auditLog } from '../../db/schema';
import { writeAudit } from './audit.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('writeAudit (a prepared statement)', () => {
  it('keeps states as JSON, a missing state as SQL NULL, and rolls back with its transaction', async () => {
    const now = new Date('2026-01-02T03:04:05.678Z');
    const id = await writeAudit(database.db, {
      actorUserId: null,
      action: 'test.write',
      entity: 'test',
      entityId: 42,
      after: { result: 'WIN', nested: { list: [1, null] } },
      now,
    });
    const [row] = await database.db
      .select({
        entry: auditLog,
        beforeIsNull: sql<boolean>`${auditLog.before} is null`,
        reasonIsNull: sql<boolean>`${auditLog.reason} is null`,
      })
      .from(auditLog)
      .where(eq(auditLog.id, id));
    expect(row.entry).toMatchObject({
      action: 'test.write',
      entityId: '42',
      after: { result: 'WIN', nested: { list: [1, null] } },
      createdAt: now,
    });
    expect([row.beforeIsNull, row.reasonIsNull]).toEqual([true, true]);

    await expect(
      database.db.transaction(async (tx) => {
        await writeAudit(tx, {
          actorUserId: null,
          action: 'test.rollback',
          entity: 'test',
          entityId: 1,
          now,
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'test.rollback'))).toEqual([]);
  });
});
