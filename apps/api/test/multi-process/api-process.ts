import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * A real API process (`node --import tsx apps/api/src/server.ts`) on a free loopback port, for the
 * multi-process test and the benchmark. The environment is explicit: every variable that could
 * reach the child from a developer's shell or `.env` and change what is measured is set here
 * (empty means "the default", and a set variable wins over `.env`).
 */

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/src/server.ts');

const NEUTRAL_ENV: Record<string, string> = {
  PUBLIC_URL: '',
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  MAIL_DIR: '',
  PAYPAL_CLIENT_ID: '',
  PAYPAL_CLIENT_SECRET: '',
  PAYPAL_API_BASE: '',
  RECAPTCHA_SITE_KEY: '',
  RECAPTCHA_SECRET: '',
  ADMIN_EMAIL: '',
  ADMIN_PASSWORD: '',
  CORS_ORIGIN: '',
  TRUST_PROXY: 'false',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
};

export interface ApiProcess {
  name: string;
  port: number;
  /** http://127.0.0.1:<port> */
  url: string;
  child: ChildProcess;
  /** The last lines the process printed (stdout and stderr), for failure messages. */
  output(): string;
  /** SIGTERM (graceful shutdown), then SIGKILL after `graceMs`. Resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export interface StartApiProcessOptions {
  name: string;
  /** On top of the neutral defaults; PORT is chosen here unless given. */
  env: Record<string, string>;
  readyTimeoutMs?: number;
  /** Node flags for the child, e.g. ['--max-old-space-size=4096']. */
  nodeArgs?: string[];
  /** Another entry point that answers GET /api/ready (the benchmark's bare Fastify baseline). */
  entry?: string;
}

/** A port nothing listens on right now (the kernel picks it; a race is possible but unlikely). */
export async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  server.close();
  await once(server, 'close');
  return port;
}

export async function startApiProcess(options: StartApiProcessOptions): Promise<ApiProcess> {
  const port = Number(options.env.PORT ?? (await freePort()));
  const lines: string[] = [];
  const child = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', options.entry ?? SERVER_ENTRY],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, ...NEUTRAL_ENV, ...options.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (line.trim() === '') continue;
      lines.push(`[${options.name}] ${line}`);
      if (lines.length > 200) lines.shift();
    }
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const url = `http://127.0.0.1:${port}`;
  const api: ApiProcess = {
    name: options.name,
    port,
    url,
    child,
    output: () => lines.join('\n'),
    async stop(graceMs = 20_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };

  const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
  let exitedEarly = false;
  void exited.then(() => {
    exitedEarly = true;
  });
  while (Date.now() < deadline) {
    if (exitedEarly) throw new Error(`${options.name} exited before it was ready:\n${api.output()}`);
    try {
      const res = await fetch(`${url}/api/ready`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return api;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await api.stop(2000);
  throw new Error(`${options.name} was not ready in time:\n${api.output()}`);
}
