import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { freePort, REPO_ROOT } from '../multi-process/api-process';
import { databaseUrlFor, dropPostgresDatabase } from '../postgres-template';

// Issue #31.4: the shipped deploy files' commands, run here as plain processes (no container
// daemon, no systemd on this machine): the one-shot migration then several API processes of the
// built server, on a fresh PostgreSQL database, exactly as the systemd units and the compose file
// start them. What is not run here (the image build, nginx, the containers) is said in
// docs/deployment.md › Deploy files.

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const deploy = (file: string) => readFileSync(path.join(REPO_ROOT, 'deploy', file), 'utf8');

interface Unit {
  exec: string[];
  env: Record<string, string>;
}

/** ExecStart and Environment= of a systemd unit (the subset the shipped units use). */
function readUnit(file: string, instance = ''): Unit {
  const lines = deploy(file).split('\n');
  const value = (line: string) => line.slice(line.indexOf('=') + 1).replaceAll('%i', instance);
  const exec = lines.find((l) => l.startsWith('ExecStart='));
  if (!exec) throw new Error(`${file} has no ExecStart`);
  const env: Record<string, string> = {};
  for (const line of lines.filter((l) => l.startsWith('Environment='))) {
    const [key, ...rest] = value(line).split('=');
    env[key] = rest.join('=');
  }
  return { exec: value(exec).split(/\s+/), env };
}

const children: ChildProcess[] = [];
const temp: string[] = [];
const databases: string[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of temp) rmSync(dir, { recursive: true, force: true });
  for (const name of databases) await dropPostgresDatabase(pgUrl as string, name);
});

async function freshDatabase(): Promise<string> {
  const name = `tips_deploy_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: databaseUrlFor(pgUrl as string, 'postgres') });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  return databaseUrlFor(pgUrl as string, name);
}

/** The unit's or service's command with this machine's node in place of /usr/bin/node or `node`. */
function command(exec: string[]): [string, string[]] {
  const [program, ...args] = exec;
  expect(['/usr/bin/node', 'node']).toContain(program);
  return [process.execPath, args];
}

/** What the test adds: the database, a data folder, and the stand-in PayPal by name (no keys here). */
function testEnv(databaseUrl: string): Record<string, string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tips-deploy-'));
  temp.push(dataDir);
  return {
    PATH: process.env.PATH ?? '',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: 'deploy-files-test-secret-0123456789abcdef012345',
    PAYPAL_MODE: 'sandbox-local',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...(redisUrl ? { REDIS_URL: redisUrl } : { REDIS_URL: '' }),
  };
}

function runToEnd(exec: string[], env: Record<string, string>) {
  const [program, args] = command(exec);
  return spawnSync(program, args, { cwd: REPO_ROOT, env, encoding: 'utf8', timeout: 120_000 });
}

async function startServing(
  exec: string[],
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const [program, args] = command(exec);
  const port = await freePort();
  const child = spawn(program, args, {
    cwd: REPO_ROOT,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); Date.now() - started < 90_000; ) {
    if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
    const ready = await fetch(`${url}/api/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready:\n${output}`);
}

async function stop(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null) return `already exited: ${child.exitCode}`;
  child.kill('SIGTERM');
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  return code ?? signal;
}

describe.skipIf(!pgUrl)('the deploy files, run as plain processes', () => {
  beforeAll(() => {
    // The built server the units and the image run (esbuild, about a second).
    const build = spawnSync(process.execPath, ['apps/api/scripts/build.mjs'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
  });

  it('systemd: the migrate one-shot, then two tipsmarket@ instances serve and stop cleanly', async () => {
    const databaseUrl = await freshDatabase();
    const migrate = readUnit('systemd/tipsmarket-migrate.service');
    expect(deploy('systemd/tipsmarket-migrate.service')).toMatch(/^Type=oneshot$/m);
    const migrated = runToEnd(migrate.exec, { ...testEnv(databaseUrl), ...migrate.env });
    expect(migrated.stdout).toMatch(/\d+ migration\(s\) applied \(postgres\)/);
    expect(migrated.status).toBe(0);

    const env = testEnv(databaseUrl);
    const instances = await Promise.all(
      ['3001', '3002'].map((port) => {
        const unit = readUnit('systemd/tipsmarket@.service', port);
        expect(unit.env).toMatchObject({ PORT: port, NODE_ENV: 'production', MIGRATE_ON_START: 'false' });
        return startServing(unit.exec, { ...env, ...unit.env });
      }),
    );
    for (const { url } of instances) {
      const tips = await fetch(`${url}/api/tips?pageSize=5`);
      expect(tips.status).toBe(200);
    }
    // SIGTERM (KillSignal) ends each within TimeoutStopSec, exit code 0.
    for (const { child } of instances) expect(await stop(child)).toBe(0);
  }, 240_000);

  it('compose: the migrate service, then the api services, with the Dockerfile’s command', async () => {
    const compose = parse(deploy('compose.yaml')) as {
      services: Record<
        string,
        {
          command?: string[];
          environment?: Record<string, string>;
          depends_on?: Record<string, { condition: string }>;
        }
      >;
    };
    const { services } = compose;
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'migrate', 'api1', 'api2', 'api3', 'nginx']),
    );
    const dockerCmd = /^CMD (\[.*\])$/m.exec(deploy('Dockerfile'))?.[1];
    expect(JSON.parse(dockerCmd as string)).toEqual(services.api1.command);
    expect(deploy('Dockerfile')).toMatch(/^FROM node:24-slim AS runtime$/m);
    expect(deploy('Dockerfile')).toMatch(/npm ci --omit=dev/);
    expect(deploy('Dockerfile')).toMatch(/^USER node$/m);
    for (const api of ['api1', 'api2', 'api3'])
      expect(services[api].depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });

    // The services' own environment, with the containers' addresses replaced by this machine's.
    const local = (env: Record<string, string> = {}) => {
      const { DATABASE_URL: _db, REDIS_URL: _redis, DATA_DIR: _data, JWT_SECRET: _jwt, ...rest } = env;
      return rest;
    };
    const databaseUrl = await freshDatabase();
    const migrated = runToEnd(services.migrate.command as string[], {
      ...testEnv(databaseUrl),
      ...local(services.migrate.environment),
    });
    expect(migrated.status, migrated.stderr).toBe(0);
    const env = testEnv(databaseUrl);
    const apis = await Promise.all(
      ['api1', 'api2', 'api3'].map((name) =>
        startServing(services[name].command as string[], { ...env, ...local(services[name].environment) }),
      ),
    );
    for (const { url } of apis) expect((await fetch(`${url}/api/ready`)).status).toBe(200);
    for (const { child } of apis) expect(await stop(child)).toBe(0);
  }, 240_000);
});
