import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

// README: `npm test` on a machine without the browser the e2e suite drives. It must not spend minutes
// on type-checks and tests first and then fail inside Playwright: one line, at once, saying what to run.
describe('npm test without Chromium', () => {
  it('stops at once with one line saying what to run', () => {
    const started = Date.now();
    const run = spawnSync('bash', ['scripts/test.sh'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: '/nonexistent/chromium' },
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('apt-get install -y chromium');
    expect(run.stdout).not.toContain('== type-check');
  });

  it('goes on when Chromium is there', () => {
    const run = spawnSync('bash', ['scripts/ensure-chromium.sh'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, CHROMIUM_PATH: process.execPath },
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
