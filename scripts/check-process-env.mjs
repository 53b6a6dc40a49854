#!/usr/bin/env node
// The API reads the environment in one place (apps/api/src/config/): everything else receives the
// parsed AppConfig. dependency-cruiser cannot see `process.env`, so this scan does: it lists every
// other production file that mentions it and fails. Tests, benches and scripts may set variables.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sourceDir = path.join(root, 'apps/api/src');
const allowed = [/^config\//];
const isTest = (file) => /\.test\.ts$|\.test-support\.ts$/.test(file);

function* sources(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (/\.(ts|mts|js|mjs)$/.test(entry.name)) yield full;
  }
}

const offenders = [];
for (const file of sources(sourceDir)) {
  const relative = path.relative(sourceDir, file).split(path.sep).join('/');
  if (isTest(relative) || allowed.some((re) => re.test(relative))) continue;
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (/\bprocess\s*\.\s*env\b|\bprocess\s*\[\s*['"]env['"]\s*\]/.test(line)) {
        offenders.push(`apps/api/src/${relative}:${index + 1}: ${line.trim()}`);
      }
    });
}

if (offenders.length > 0) {
  console.error('process.env outside apps/api/src/config/ (pass the parsed config instead):');
  for (const offender of offenders) console.error(`  ${offender}`);
  process.exit(1);
}
console.log('✔ process.env is read only in apps/api/src/config/');
