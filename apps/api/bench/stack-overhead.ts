/**
 * Where a cached catalogue request's time goes, by subtraction: the same tip page served by a
 * bare Fastify, by the full app as constant bytes, by the full app through the response schema,
 * and by the real route (cache hit: in process, then through Redis). Each in its own process,
 * loaded in turn by autocannon.
 *
 *   npx tsx apps/api/bench/stack-overhead.ts        # PGlite, ~1 min; BENCH_DURATION=8 by default
 *
 * STACK_ROUTES=all also loads the tipster list, a profile, a record page and the statistics, each
 * against a bare Fastify sending its own bytes (~3 min). The Redis rows use a scratch database
 * index of BENCH_REDIS_URL / TEST_REDIS_URL / local (`off` skips them). STACK_CPU_PROF=<dir> writes
 * a CPU profile of the in-process app (`node --cpu-prof`) there.
 *
 * Besides req/s, each row has the server process's CPU time per request (Linux /proc): on a machine
 * whose two cores are shared with other work, req/s ratios swing by tens of points between runs,
 * while "same bytes ÷ this, by CPU" (how many requests the route serves for the CPU that serves one
 * of the bare Fastify's) moves by a few.
 *
 * Not part of `npm run bench`; docs/performance.md quotes its output.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase } from '../src/db/migrate';
import { type ApiProcess, startApiProcess } from '../test/multi-process/api-process';
import { claimScratchRedis, type ScratchRedis } from '../test/multi-process/redis-scratch';
import { type LoadOptions, type LoadResult, runLoad } from './lib/load';
import { analyzeDataset, seedLargeDataset } from './lib/seed-large';
import { machineDescription, readSettings } from './lib/settings';
import { createPgliteTarget } from './lib/targets';

const here = path.dirname(fileURLToPath(import.meta.url));

interface Measured extends LoadResult {
  /** The server process's CPU time (user + system) per request while measured, µs; NaN if unknown. */
  cpuUsPerRequest: number;
}

interface Row {
  name: string;
  result: Measured;
  /** The bare-Fastify row sending the same bytes, for the ratio. */
  sameBytes?: Measured;
  bytes?: number;
}

/** CPU seconds a process has used so far (Linux /proc), or NaN elsewhere. */
function cpuSeconds(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of stat; 12 and 13 after the command name), in clock ticks.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return Number.NaN;
  }
}

/**
 * autocannon against one server, and that server's CPU time per request: with other work on the
 * same two cores, req/s moves from run to run, CPU per request much less (the ratio that matters).
 */
async function measure(name: string, server: ApiProcess, path: string, load: LoadOptions): Promise<Measured> {
  const options = { connections: load.connections, durationSeconds: load.durationSeconds };
  if (load.warmupSeconds)
    await runLoad(name, server.url, { path }, { ...options, durationSeconds: load.warmupSeconds });
  const before = cpuSeconds(server.child.pid);
  const result = await runLoad(name, server.url, { path }, options);
  const cpu = cpuSeconds(server.child.pid) - before;
  return { ...result, cpuUsPerRequest: (cpu * 1e6) / result.total };
}

async function main() {
  const settings = readSettings();
  const allRoutes = process.env.STACK_ROUTES === 'all';
  const profileDir = process.env.STACK_CPU_PROF;
  const root = mkdtempSync(path.join(os.tmpdir(), 'tips-stack-'));
  const target = createPgliteTarget(path.join(root, 'data'));
  const loadAtStart = os.loadavg()[0];
  let redis: ScratchRedis | null = null;
  try {
    const handle = await target.open();
    await migrateDatabase(handle.database);
    await seedLargeDataset(
      handle.exec,
      handle.query,
      { tips: 20_000, tipsters: 200, buyers: 10 },
      new Date(),
    );
    await analyzeDataset(handle.exec);
    await handle.close();

    const load: LoadOptions = {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
    };
    const rows: Row[] = [];
    const env = {
      ...target.serverEnv,
      JWT_SECRET: 'stack-overhead-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    };
    const startProbe = (name: string, extra: Record<string, string> = {}, nodeArgs: string[] = []) =>
      startApiProcess({
        name,
        entry: path.join(here, 'lib/probe-server.ts'),
        env: { ...env, ...extra },
        nodeArgs,
      });

    // The routes and the body each sends, read from the app itself (anonymous caller).
    const payloadDir = path.join(root, 'payloads');
    mkdirSync(payloadDir);
    const routes: Array<{ name: string; path: string; file: string; bytes: number }> = [];
    const sameBytes = new Map<string, Measured>();
    const memoryApp = await startProbe(
      'probe',
      {},
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    try {
      const first = (await (await fetch(`${memoryApp.url}/api/tips?pageSize=1`)).json()) as {
        data: Array<{ tipster: { id: number } }>;
      };
      const tipsterId = first.data[0]?.tipster.id ?? 1;
      const candidates: Array<[string, string]> = [
        ['GET /api/tips (page of 10)', '/api/tips?pageNumber=1&pageSize=10'],
        ['GET /api/tipsters (page of 10)', '/api/tipsters?pageNumber=1&pageSize=10'],
        ['GET /api/tipsters/profile/{id}', `/api/tipsters/profile/${tipsterId}`],
        ['GET /api/tipsters/records/{id}', `/api/tipsters/records/${tipsterId}`],
        ['GET /api/tipsters/statistics', '/api/tipsters/statistics'],
      ];
      for (const [i, [name, routePath]] of candidates.slice(0, allRoutes ? undefined : 1).entries()) {
        const response = await fetch(`${memoryApp.url}${routePath}`);
        const body = Buffer.from(await response.arrayBuffer());
        if (!response.ok) throw new Error(`${routePath} answered ${response.status}: ${body}`);
        writeFileSync(path.join(payloadDir, `r${i}.json`), body);
        routes.push({ name, path: routePath, file: `r${i}`, bytes: body.length });
      }

      const bare = await startApiProcess({
        name: 'bare',
        entry: path.join(here, 'lib/baseline-server.ts'),
        env: { BASELINE_PAYLOAD_DIR: payloadDir },
      });
      try {
        rows.push({
          name: 'bare Fastify, {"hello":"world"}',
          result: await measure('hello', bare, '/', load),
        });
        for (const route of routes) {
          const result = await measure(`bytes ${route.file}`, bare, `/payload/${route.file}`, load);
          sameBytes.set(route.path, result);
          rows.push({ name: `bare Fastify, ${route.name} as bytes`, result, bytes: route.bytes });
        }
      } finally {
        await bare.stop();
      }
      const tips = routes[0];
      const tipsBytes = sameBytes.get(tips.path);
      rows.push({
        name: 'full app, the tip page as bytes (plugins only)',
        result: await measure('app bytes', memoryApp, '/api/_probe/bytes', load),
        sameBytes: tipsBytes,
      });
      rows.push({
        name: 'full app, the tip page through TipPageSchema',
        result: await measure('app zod', memoryApp, '/api/_probe/zod', load),
        sameBytes: tipsBytes,
      });
      await loadRoutes(rows, routes, sameBytes, memoryApp, 'memory cache hit', load);
    } finally {
      await memoryApp.stop();
    }

    // The multi-process setup: the same routes with the catalogue cache in Redis.
    if (settings.redisUrl) {
      redis = await claimScratchRedis(settings.redisUrl).catch((error) => {
        console.error(`Redis rows skipped: ${String(error).slice(0, 120)}`);
        return null;
      });
    }
    if (redis) {
      const redisApp = await startProbe('probe-redis', { REDIS_URL: redis.url });
      try {
        // A fresh process: its first seconds (compilation, first loads) are not what a hit costs.
        // The in-process rows get the same from the probe rows that run first.
        await measure('warm-up', redisApp, '/api/_probe/bytes', load);
        await loadRoutes(rows, routes, sameBytes, redisApp, 'Redis cache hit', load);
      } finally {
        await redisApp.stop();
      }
    }

    const hello = rows[0].result.requestsPerSecond;
    const pct = (part: number, whole: number) => `${Math.round((100 * part) / whole)} %`;
    console.log(
      `Machine: ${machineDescription()}; load average ${loadAtStart.toFixed(1)} → ${os.loadavg()[0].toFixed(1)}.`,
    );
    console.log(`autocannon ${load.connections} connections, ${load.durationSeconds} s per row.\n`);
    console.log(
      '| Served by | req/s | p50 ms | p99 ms | vs hello | vs same bytes | server CPU µs/req | same bytes ÷ this, by CPU |',
    );
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const { name, result: r, sameBytes, bytes } of rows) {
      const size = bytes === undefined ? '' : ` (${bytes.toLocaleString('en')} B)`;
      const vsBytes = sameBytes ? pct(r.requestsPerSecond, sameBytes.requestsPerSecond) : '–';
      const cpu = Number.isNaN(r.cpuUsPerRequest) ? '–' : r.cpuUsPerRequest.toFixed(0);
      const vsBytesCpu =
        sameBytes && !Number.isNaN(r.cpuUsPerRequest)
          ? pct(sameBytes.cpuUsPerRequest, r.cpuUsPerRequest)
          : '–';
      const errors = r.non2xx + r.errors > 0 ? ` [${r.non2xx} non-2xx, ${r.errors} errors]` : '';
      console.log(
        `| ${name}${size}${errors} | ${Math.round(r.requestsPerSecond).toLocaleString('en')} | ${r.p50Ms} | ${r.p99Ms} | ${pct(r.requestsPerSecond, hello)} | ${vsBytes} | ${cpu} | ${vsBytesCpu} |`,
      );
    }
  } finally {
    await redis?.release().catch(() => undefined);
    await target.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}

async function loadRoutes(
  rows: Row[],
  routes: ReadonlyArray<{ name: string; path: string }>,
  sameBytes: ReadonlyMap<string, Measured>,
  app: ApiProcess,
  label: string,
  load: LoadOptions,
) {
  for (const route of routes) {
    rows.push({
      name: `full app, ${route.name} (${label})`,
      result: await measure(route.name, app, route.path, load),
      sameBytes: sameBytes.get(route.path),
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
