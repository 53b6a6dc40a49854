#!/usr/bin/env node
// `npm run check` (issue #31.1, decision 115): the migration journal only moves forward, and a
// migration file never changes once committed. The migrator applies every journal entry missing
// from a database, but a database that already ran a file keeps what that file said then: an edit
// would reach new databases only, so two installations would differ without anyone noticing.
// SHA256SUMS (`sha256sum -c` reads it too) records each file's hash; new migrations are added with
// `node scripts/check-migrations.mjs --record`, which never rewrites an existing line.
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const MIGRATIONS_DIR = path.join(root, 'apps/api/src/db/migrations');
const SUMS = 'SHA256SUMS';

const sha256 = (file) => createHash('sha256').update(readFileSync(file)).digest('hex');

function readSums(folder) {
  const file = path.join(folder, SUMS);
  if (!existsSync(file)) return new Map();
  const sums = new Map();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^([0-9a-f]{64}) {2}(\S+)$/.exec(line.trim());
    if (match) sums.set(match[2], match[1]);
  }
  return sums;
}

/** One line per problem; an empty list means the folder is fine. */
export function checkMigrations(folder = MIGRATIONS_DIR) {
  const problems = [];
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  const sums = readSums(folder);
  const tags = new Set();
  journal.entries.forEach((entry, i) => {
    const previous = journal.entries[i - 1];
    if (previous && !(entry.idx > previous.idx && entry.when > previous.when))
      problems.push(
        `journal entry ${entry.tag} (idx ${entry.idx}, when ${entry.when}) is not after ${previous.tag} (idx ${previous.idx}, when ${previous.when}); journal entries only increase`,
      );
    if (tags.has(entry.tag)) problems.push(`journal entry ${entry.tag} appears twice`);
    tags.add(entry.tag);
    const file = path.join(folder, `${entry.tag}.sql`);
    if (!existsSync(file)) {
      problems.push(`journal entry ${entry.tag}: ${entry.tag}.sql is missing`);
      return;
    }
    const recorded = sums.get(`${entry.tag}.sql`);
    if (recorded === undefined)
      problems.push(
        `${entry.tag}.sql has no hash in ${SUMS}: run node scripts/check-migrations.mjs --record`,
      );
    else if (recorded !== sha256(file))
      problems.push(
        `${entry.tag}.sql changed after it was recorded: databases that applied it keep the old version; write a new migration instead`,
      );
  });
  for (const name of readdirSync(folder)) {
    if (name.endsWith('.sql') && !tags.has(name.slice(0, -4)))
      problems.push(`${name} is not in meta/_journal.json (drizzle would never apply it)`);
  }
  for (const name of sums.keys())
    if (!tags.has(name.slice(0, -4))) problems.push(`${SUMS} names ${name}, which is not in the journal`);
  return problems;
}

/** Adds the hash of each journal entry not yet in SHA256SUMS; returns the files added. */
export function recordNewMigrations(folder = MIGRATIONS_DIR) {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8'));
  const sums = readSums(folder);
  const added = [];
  for (const entry of journal.entries) {
    const name = `${entry.tag}.sql`;
    if (sums.has(name) || !existsSync(path.join(folder, name))) continue;
    appendFileSync(path.join(folder, SUMS), `${sha256(path.join(folder, name))}  ${name}\n`);
    added.push(name);
  }
  return added;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--record')) {
    const added = recordNewMigrations();
    console.log(added.length ? `recorded: ${added.join(', ')}` : 'nothing new to record');
  }
  const problems = checkMigrations();
  if (problems.length > 0) {
    console.error(`✘ migrations:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('✔ migrations: the journal only increases and no recorded migration file changed');
}
