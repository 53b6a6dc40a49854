import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { wrapPglite } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { createPostgresTemplate, dropPostgresTemplate } from './postgres-template';

/**
 * Migrates one template database per run: a PGlite data-dir tarball (or, with TEST_DATABASE_URL,
 * a PostgreSQL template database). Each test file then copies it instead of migrating again.
 */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tips-template-'));
  const pgUrl = process.env.TEST_DATABASE_URL;
  let templateName: string | undefined;
  if (pgUrl) {
    templateName = await createPostgresTemplate(pgUrl);
  } else {
    const client = await PGlite.create();
    await migrateDatabase(wrapPglite(client));
    const dump = await client.dumpDataDir('none');
    writeFileSync(path.join(dir, 'template.tar'), Buffer.from(await dump.arrayBuffer()));
    await client.close();
  }
  project.provide('pgliteTemplate', path.join(dir, 'template.tar'));
  project.provide('postgresTemplate', templateName ?? '');
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (pgUrl && templateName) await dropPostgresTemplate(pgUrl, templateName);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresTemplate: string;
  }
}
