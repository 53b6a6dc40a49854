import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';

/** Connects to the server's maintenance database named by the URL's host, not its path. */
async function withAdmin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export function databaseUrlFor(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createPostgresTemplate(url: string): Promise<string> {
  const name = `tips_tmpl_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (c) => c.query(`create database ${name}`));
  const database = await openDatabase({ databaseUrl: databaseUrlFor(url, name), dataDir: '' });
  await migrateDatabase(database);
  await database.close();
  return name;
}

export async function createPostgresCopy(url: string, template: string): Promise<string> {
  const name = `tips_t_${randomBytes(6).toString('hex')}`;
  // CREATE DATABASE … TEMPLATE fails while another session is copying the same template; retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin(url, (c) => c.query(`create database ${name} template ${template}`));
      return name;
    } catch (err) {
      if (attempt > 30) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

export async function dropPostgresDatabase(url: string, name: string): Promise<void> {
  await withAdmin(url, (c) => c.query(`drop database if exists ${name} with (force)`));
}

export const dropPostgresTemplate = dropPostgresDatabase;
