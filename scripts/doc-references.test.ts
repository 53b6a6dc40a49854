import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Docs and comments that name a file must name one that exists: a reader who follows
 * "docs/decisions/040-….md" or "apps/api/src/…" lands on it, not on nothing (issue #22, point 7).
 * Checked: repository-rooted paths (docs/, apps/, packages/, scripts/, e2e/) and decision records
 * named as decisions/NNN-name.md, in every source and documentation file.
 */

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set([
  'node_modules',
  'dist',
  '.data',
  '.git',
  'test-results',
  'playwright-report',
  'artifacts',
]);
const TEXT = /\.(ts|tsx|md|mjs|cjs|js|sh)$/;
const ROOTED =
  /(?<![./\w])(?:docs|apps|packages|scripts|e2e)\/[A-Za-z0-9_./-]+\.(?:md|ts|tsx|mjs|cjs|json|sh|sql)\b/g;
const DECISION = /\bdecisions\/(\d{3}-[a-z0-9-]+\.md)\b/g;

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name) || entry.name.startsWith('.data')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* textFiles(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

describe('file references in docs and comments', () => {
  it('every repository path and decision record named in a source or doc file exists', () => {
    const missing: string[] = [];
    for (const file of textFiles(root)) {
      const text = readFileSync(file, 'utf8');
      const from = path.relative(root, file);
      for (const [ref] of text.matchAll(ROOTED)) {
        if (!existsSync(path.join(root, ref))) missing.push(`${from} → ${ref}`);
      }
      for (const [, name] of text.matchAll(DECISION)) {
        if (!existsSync(path.join(root, 'docs/decisions', name))) missing.push(`${from} → decisions/${name}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
