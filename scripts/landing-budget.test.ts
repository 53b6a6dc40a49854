import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { landingRouteJs as benchLandingRouteJs } from '../apps/api/bench/lib/web-metrics';
// @ts-expect-error a plain .mjs script without declarations
import {
  LANDING_JS_BUDGET_BYTES,
  landingRouteJs,
  pageRouteJs,
  SIGN_IN_JS_BUDGET_BYTES,
} from '../apps/web/scripts/check-landing-budget.mjs';

const root = path.resolve(import.meta.dirname, '..');
const script = path.join(root, 'apps/web/scripts/check-landing-budget.mjs');

/**
 * A dist folder: entry → shared (static), entry ⇢ lazy (dynamic), a modulepreload, a CSS file, and
 * the sign-in route's own script in route-chunks.json.
 */
function fakeDist(entryPadding: string, signInPadding = ''): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'landing-budget-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<script type="module" crossorigin src="/assets/entry.js"></script>\n' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor.js">\n' +
      '<link rel="stylesheet" crossorigin href="/assets/index.css">',
  );
  writeFileSync(
    path.join(dir, 'assets/entry.js'),
    `import{a}from"./shared.js";import"./vendor.js";const l=()=>import("./lazy.js");console.log(a,l,${JSON.stringify(entryPadding)});`,
  );
  writeFileSync(path.join(dir, 'assets/shared.js'), 'export const a=1;');
  writeFileSync(path.join(dir, 'assets/vendor.js'), 'export{a as b}from"./shared.js";');
  writeFileSync(path.join(dir, 'assets/lazy.js'), 'export default "not on the landing route";');
  writeFileSync(path.join(dir, 'assets/index.css'), 'body{}');
  writeFileSync(path.join(dir, 'assets/login.js'), `console.log(${JSON.stringify(signInPadding)});`);
  writeFileSync(
    path.join(dir, 'route-chunks.json'),
    JSON.stringify([
      { path: '', files: [] },
      { path: 'login', files: ['/assets/login.js'] },
    ]),
  );
  return dir;
}

// Random bytes do not compress: this many make the entry alone exceed the budget once gzipped.
const incompressible = (bytes: number) =>
  Array.from({ length: bytes }, () => String.fromCharCode(33 + Math.floor(Math.random() * 90)))
    .join('')
    .replace(/[\\"]/g, 'x');

describe('landing route JavaScript budget (apps/web/scripts/check-landing-budget.mjs)', () => {
  it('counts the entry, its modulepreloads and static imports, not dynamic imports: the bench figure', () => {
    const dist = fakeDist('');
    const result = landingRouteJs(dist);
    expect(result.files.map((f: { file: string }) => f.file).sort()).toEqual([
      'assets/entry.js',
      'assets/shared.js',
      'assets/vendor.js',
    ]);
    expect(result).toEqual(benchLandingRouteJs(dist));
  });

  it('passes under 160 KB and fails above it, naming the files', () => {
    expect(LANDING_JS_BUDGET_BYTES).toBe(160 * 1024);
    const small = spawnSync(process.execPath, [script, fakeDist('')], { encoding: 'utf8' });
    expect(small.status).toBe(0);
    expect(small.stdout).toContain('3 files');

    const big = spawnSync(process.execPath, [script, fakeDist(incompressible(200 * 1024))], {
      encoding: 'utf8',
    });
    expect(big.status).toBe(1);
    expect(big.stderr).toContain('OVER BUDGET');
    expect(big.stderr).toContain('assets/entry.js');
  });

  it("holds the sign-in page to 175 KB: the landing route's scripts plus its own, naming the files", () => {
    expect(SIGN_IN_JS_BUDGET_BYTES).toBe(175 * 1024);
    const dist = fakeDist('');
    expect(
      pageRouteJs(dist, 'login')
        .files.map((f: { file: string }) => f.file)
        .sort(),
    ).toEqual(['assets/entry.js', 'assets/login.js', 'assets/shared.js', 'assets/vendor.js']);
    // Under the landing budget, but the sign-in page's own scripts take it over its own.
    const heavy = spawnSync(process.execPath, [script, fakeDist('', incompressible(250 * 1024))], {
      encoding: 'utf8',
    });
    expect(heavy.status).toBe(1);
    expect(heavy.stdout).toContain('landing route JavaScript');
    expect(heavy.stderr).toContain('sign-in page JavaScript');
    expect(heavy.stderr).toContain('OVER BUDGET');
    expect(heavy.stderr).toContain('assets/login.js');
  });
});
