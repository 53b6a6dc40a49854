/**
 * Where a cached catalogue request's time goes, by subtraction: the same tip page served by a
 * bare Fastify, by the full app as constant bytes, by the full app through the response schema,
 * and by the real route (cache hit). Each in its own process, loaded in turn by autocannon.
 *
 *   npx tsx apps/api/bench/stack-overhead.ts        # PGlite, ~2 min; BENCH_DURATION=8 by default
 *
 * Not part of `npm run bench`; docs/performance.md quotes its output.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateDatabase } from '../src/db/migrate';
import { startApiProcess } from '../test/multi-process/api-process';
import { type LoadResult, runLoad } from './lib/load';
import { analyzeDataset, seedLargeDataset } from './lib/seed-large';
import { machineDescription, readSettings } from './lib/settings';
import { createPgliteTarget } from './lib/targets';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main() {
  const settings = readSettings();
  const root = mkdtempSync(path.join(os.tmpdir(), 'tips-stack-'));
  const target = createPgliteTarget(path.join(root, 'data'));
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

    const load = {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
    };
    const rows: Array<[string, LoadResult]> = [];
    const app = await startApiProcess({
      name: 'probe',
      entry: path.join(here, 'lib/probe-server.ts'),
      env: { ...target.serverEnv, JWT_SECRET: 'stack-overhead-secret-0123456789abcdef', LOG_LEVEL: 'warn' },
    });
    const payloadDir = path.join(root, 'payloads');
    mkdirSync(payloadDir);
    writeFileSync(
      path.join(payloadDir, 'tips.json'),
      await (await fetch(`${app.url}/api/tips?pageNumber=1&pageSize=10`)).text(),
    );
    try {
      const bare = await startApiProcess({
        name: 'bare',
        entry: path.join(here, 'lib/baseline-server.ts'),
        env: { BASELINE_PAYLOAD_DIR: payloadDir },
      });
      try {
        rows.push(['bare Fastify, {"hello":"world"}', await runLoad('hello', bare.url, { path: '/' }, load)]);
        rows.push([
          'bare Fastify, the tip page as bytes',
          await runLoad('bytes', bare.url, { path: '/payload/tips' }, load),
        ]);
      } finally {
        await bare.stop();
      }
      rows.push([
        'full app, the tip page as bytes (plugins only)',
        await runLoad('app bytes', app.url, { path: '/api/_probe/bytes' }, load),
      ]);
      rows.push([
        'full app, the tip page through TipPageSchema',
        await runLoad('app zod', app.url, { path: '/api/_probe/zod' }, load),
      ]);
      rows.push([
        'full app, GET /api/tips (memory cache hit)',
        await runLoad('tips', app.url, { path: '/api/tips?pageNumber=1&pageSize=10' }, load),
      ]);
    } finally {
      await app.stop();
    }

    const base = rows[0][1].requestsPerSecond;
    console.log(`Machine: ${machineDescription()}; load average ${os.loadavg()[0].toFixed(1)}.`);
    console.log(`autocannon ${load.connections} connections, ${load.durationSeconds} s per row.\n`);
    console.log('| Served by | req/s | p50 ms | p99 ms | vs hello |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const [name, r] of rows) {
      console.log(
        `| ${name} | ${Math.round(r.requestsPerSecond).toLocaleString('en')} | ${r.p50Ms} | ${r.p99Ms} | ${Math.round((100 * r.requestsPerSecond) / base)} % |`,
      );
    }
  } finally {
    await target.dispose();
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
