import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMigrations, MIGRATIONS_DIR, recordNewMigrations } from './check-migrations.mjs';

// Issue #31.1: `npm run check` refuses a journal that goes backwards and a committed migration
// file that was edited (databases that ran it would keep the old text).

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function copy(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tips-check-migrations-'));
  dirs.push(dir);
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

type Journal = {
  entries: Array<{ idx: number; when: number; tag: string; version: string; breakpoints: boolean }>;
};
const journalOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(dir, 'meta/_journal.json'), 'utf8')) as Journal;
const writeJournal = (dir: string, journal: Journal) =>
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal, null, 2));

function addMigration(dir: string, tag: string, when: number) {
  const journal = journalOf(dir);
  const last = journal.entries.at(-1) as Journal['entries'][number];
  journal.entries.push({ idx: last.idx + 1, when, tag, version: '7', breakpoints: true });
  writeJournal(dir, journal);
  writeFileSync(path.join(dir, `${tag}.sql`), 'select 1;');
}

describe('the migrations check', () => {
  it('passes on the committed migrations', () => {
    expect(checkMigrations()).toEqual([]);
  });

  it('refuses an edited migration file', () => {
    const dir = copy();
    const file = path.join(dir, '0000_init.sql');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- an afterthought\n`);
    expect(checkMigrations(dir)).toEqual([
      '0000_init.sql changed after it was recorded: databases that applied it keep the old version; write a new migration instead',
    ]);
  });

  it('refuses a journal entry dated before the one above it', () => {
    const dir = copy();
    const last = journalOf(dir).entries.at(-1) as Journal['entries'][number];
    addMigration(dir, '0990_backwards', last.when - 1);
    recordNewMigrations(dir);
    expect(checkMigrations(dir).join('\n')).toMatch(
      /journal entry 0990_backwards .* is not after .*journal entries only increase/,
    );
  });

  it('asks for a new migration to be recorded, and recording never rewrites a line', () => {
    const dir = copy();
    const last = journalOf(dir).entries.at(-1) as Journal['entries'][number];
    addMigration(dir, '0991_new', last.when + 1000);
    expect(checkMigrations(dir)).toEqual([
      '0991_new.sql has no hash in SHA256SUMS: run node scripts/check-migrations.mjs --record',
    ]);
    expect(recordNewMigrations(dir)).toEqual(['0991_new.sql']);
    expect(checkMigrations(dir)).toEqual([]);
    writeFileSync(path.join(dir, '0991_new.sql'), 'select 2;');
    expect(recordNewMigrations(dir)).toEqual([]);
    expect(checkMigrations(dir)).toHaveLength(1);
  });

  it('refuses a migration file the journal does not list', () => {
    const dir = copy();
    writeFileSync(path.join(dir, '0992_orphan.sql'), 'select 1;');
    unlinkSync(path.join(dir, '0017_tipster_record_refresh.sql'));
    expect(checkMigrations(dir)).toEqual([
      'journal entry 0017_tipster_record_refresh: 0017_tipster_record_refresh.sql is missing',
      '0992_orphan.sql is not in meta/_journal.json (drizzle would never apply it)',
    ]);
  });
});
