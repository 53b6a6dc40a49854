import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeVerdict } from './check-node.mjs';

// Issue #31.2: `npm start` on a Node it does not support says so in one line, before building.
const root = path.resolve(import.meta.dirname, '..');

describe('the Node version check', () => {
  it('accepts 24 and 22.12+, warns on 20.19+ and early 22, refuses anything older', () => {
    expect(nodeVerdict('24.21.0').level).toBe('ok');
    expect(nodeVerdict('26.1.0').level).toBe('ok');
    expect(nodeVerdict('22.12.0').level).toBe('ok');
    expect(nodeVerdict('22.11.0').level).toBe('warn');
    expect(nodeVerdict('20.20.2').level).toBe('warn');
    expect(nodeVerdict('20.18.1').level).toBe('refuse');
    expect(nodeVerdict('18.20.8').level).toBe('refuse');
    expect(nodeVerdict('18.20.8').message).toBe(
      'Node 18.20.8 is too old for Tips Market: it needs Node 24 (recommended) or 22.12+ (e.g. npx -y -p node@24 npm start; see README › Prerequisites)',
    );
  });

  it("says what it decided for this machine's Node in at most one line", () => {
    const run = spawnSync(process.execPath, ['scripts/check-node.mjs'], { cwd: root, encoding: 'utf8' });
    const verdict = nodeVerdict(process.versions.node);
    expect(run.status).toBe(verdict.level === 'refuse' ? 1 : 0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(verdict.level === 'ok' ? '' : `${verdict.message}\n`);
  });

  // A real old Node from the npm registry's `node` package, when npx has it cached (no network here).
  const node18 = spawnSync('npx', ['--offline', '-y', '-p', 'node@18', 'node', '-v'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  const haveNode18 = node18.status === 0 && node18.stdout.startsWith('v18.');
  if (!haveNode18)
    console.info('check-node: node@18 is not in the npx cache; the npm start run on 18 is skipped');

  it.skipIf(!haveNode18)('npm start on Node 18 stops with that one line and builds nothing', () => {
    const run = spawnSync('npx', ['--offline', '-y', '-p', 'node@18', 'npm', 'start', '--silent'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    const ours = run.stderr.split('\n').filter((line) => line.startsWith('Node '));
    expect(ours).toEqual([nodeVerdict(node18.stdout.trim().slice(1)).message]);
    expect(run.stdout).not.toMatch(/build/i);
  });
});
