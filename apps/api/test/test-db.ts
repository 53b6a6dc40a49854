import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type Database, openDatabase, wrapPglite } from '../src/db/client';
import { createPostgresCopy, databaseUrlFor, dropPostgresDatabase } from './postgres-template';

/**
 * A fresh, migrated database for one test file: a copy of the run's template on PGlite (in
 * memory) or, when TEST_DATABASE_URL is set, a new PostgreSQL database cloned from the template.
 */
export async function createTestDatabase(): Promise<Database> {
  const pgUrl = process.env.TEST_DATABASE_URL;
  const pgTemplate = inject('postgresTemplate');
  if (pgUrl && pgTemplate) {
    const name = await createPostgresCopy(pgUrl, pgTemplate);
    const database = await openDatabase({
      databaseUrl: databaseUrlFor(pgUrl, name),
      dataDir: '',
      poolMax: 20,
    });
    return {
      ...database,
      close: async () => {
        await database.close();
        await dropPostgresDatabase(pgUrl, name);
      },
    };
  }
  const tar = readFileSync(inject('pgliteTemplate'));
  const client = await PGlite.create({ loadDataDir: new Blob([tar]) });
  return wrapPglite(client);
}

export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
}
