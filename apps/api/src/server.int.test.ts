import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real entry point in a child process: start-up on a fresh embedded database, then SIGTERM
// with a request still in flight.

const serverFile = path.join(import.meta.dirname, 'server.ts');
let dataDir: string;
let child: ChildProcess;
let port: number;
let output = '';

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
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', serverFile], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(dataDir, 'web'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
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
