import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createSettledTip, createTipster } from './db/seed/factories';

// The real entry point in a child process: start-up on an embedded database that holds a tipster
// settled before his record row existed (as after migration 0009), then SIGTERM with a request still
// in flight.

const serverFile = path.join(import.meta.dirname, 'server.ts');
let dataDir: string;
let child: ChildProcess;
let port: number;
let output = '';
let tipsterId: number;

/** A tipster with a settled LOSS, LOSS, WIN whose record row is missing. */
async function databaseWithAStaleRecord(dir: string): Promise<number> {
  const database = await openDatabase({ dataDir: dir });
  try {
    await migrateDatabase(database);
    const tipster = await createTipster(database.db);
    const day = 86_400_000;
    const start = Date.now() - 30 * day;
    for (const [i, result] of (['LOSS', 'LOSS', 'WIN'] as const).entries()) {
      await createSettledTip(database.db, {
        tipsterId: tipster.id,
        result,
        eventTime: new Date(start + i * day),
      });
    }
    await database.db.execute(sql`delete from tipster_records where tipster_id = ${tipster.id}`);
    return tipster.id;
  } finally {
    await database.close();
  }
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function waitFor(predicate: () => boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (predicate()) {
        clearInterval(timer);
        resolve();
      } else if (Date.now() - started > timeoutMs || child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server did not get there; output:\n${output}`));
      }
    }, 50);
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tips-server-'));
  tipsterId = await databaseWithAStaleRecord(dataDir);
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info', // the start-up line 'is listening on' is an info line
      // Empty values win over a developer's .env and mean "default".
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  await waitFor(() => output.includes('is listening on'), 50_000);
});

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('server', () => {
  it('serves the API once started', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ready' });
  });

  it('fills in a record row missing at start-up, after it starts answering', async () => {
    const profile = async () =>
      (await (await fetch(`http://127.0.0.1:${port}/api/tipsters/profile/${tipsterId}`)).json()) as {
        longestLosingRun?: number;
        unitsSeries?: unknown[];
      };
    let seen = await profile();
    // The backfill runs in the background; a cached profile lives CATALOGUE_CACHE_TTL_MS at most.
    for (let i = 0; i < 300 && !seen.unitsSeries?.length; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      seen = await profile();
    }
    expect(seen.longestLosingRun).toBe(2);
    expect(seen.unitsSeries).toHaveLength(3);
  });

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let response = '';
    socket.on('data', (chunk) => {
      response += String(chunk);
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const body = JSON.stringify({ text: 'still uploading' });
    socket.write(
      `POST /api/nope HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`,
    );
    socket.write(body.slice(0, 5));
    await new Promise((resolve) => setTimeout(resolve, 200));

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    socket.write(body.slice(5));
    await closed;

    expect(response).toMatch(/^HTTP\/1\.1 404 /);
    expect(response).toContain('"code":"NOT_FOUND"');
    expect(await exited).toBe(0);
  });
});
