import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db';
import type { Database } from './client';
import { mapRow, prepared, preparedSql } from './prepared';
import { tipsters } from './schema';
import { createTipster } from './seed/factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const byName = prepared((db) =>
  db
    .select({ id: tipsters.id })
    .from(tipsters)
    .where(eq(tipsters.name, sql.placeholder('name')))
    .prepare('test_tipster_by_name'),
);
const rawByName = preparedSql(
  'test_tipster_by_name_raw',
  sql`select * from tipsters where name = ${sql.placeholder('name')}`,
);

describe('prepared statements', () => {
  it('run inside the caller’s transaction: they see its rows and roll back with it', async () => {
    const name = `prepared-${Date.now()}`;
    await expect(
      database.db.transaction(async (tx) => {
        await createTipster(tx, { name });
        // Built once (on the first caller), then pointed at each caller's connection.
        expect(await byName(tx).execute({ name })).toHaveLength(1);
        const [raw] = await rawByName(tx, { name });
        expect(mapRow(tipsters, raw)).toMatchObject({ name, category: 'SENIOR', lastResults: [] });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await byName(database.db).execute({ name })).toEqual([]);
    expect(await rawByName(database.db, { name })).toEqual([]);
  });
});
