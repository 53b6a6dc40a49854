/**
 * `npm run bench`: the QUALITY performance table, measured.
 *
 * For each database (PGlite, then PostgreSQL): seed a large dataset with SQL, start the real server
 * (a child process) and a bare Fastify baseline, load both with autocannon, restart the server with
 * the catalogue cache off and load it again, then time the hot SQL and the money transactions in
 * process. Once: the landing route's JavaScript size and the home page's LCP/CLS in Chromium.
 *
 *   npm run bench                                   # 1,000,000 tips, both databases (~10 min)
 *   BENCH_TIPS=50000 BENCH_DURATION=3 npm run bench # a quick run while developing
 *
 * Settings (environment): see bench/lib/settings.ts. Prints Markdown for docs/performance.md.
 */
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../test/multi-process/api-process';
import { benchTarget, type TargetReport } from './lib/bench-target';
import { isCacheTtlSettingHonoured } from './lib/cache-probe';
import { datasetLine, loadTable, sqlTable, webTable } from './lib/report';
import { machineDescription, readSettings } from './lib/settings';
import { ensureWebBuilt, type LandingJs, landingRouteJs } from './lib/web-metrics';

const log = (message: string) =>
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);

async function main() {
  const settings = readSettings();
  const started = performance.now();
  const webDistDir = path.join(REPO_ROOT, 'apps/web/dist');
  log(`machine: ${machineDescription()}`);

  let landing: LandingJs | null = null;
  if (settings.web) {
    if (ensureWebBuilt(REPO_ROOT, webDistDir)) log('built the web app (apps/web/dist was missing)');
    landing = landingRouteJs(webDistDir);
  }
  const uncachedBySetting = await isCacheTtlSettingHonoured();
  if (!uncachedBySetting) {
    log('CATALOGUE_CACHE_TTL_MS=0 does not reach the catalogue cache yet: uncached runs use distinct keys');
  }

  const reports: TargetReport[] = [];
  for (const kind of settings.targets) {
    // Chromium once, against the last (production-like) database.
    const measureWeb = settings.web && kind === settings.targets[settings.targets.length - 1];
    reports.push(await benchTarget(kind, { settings, webDistDir, measureWeb, uncachedBySetting, log }));
  }

  const homePage = reports.find((r) => r.homePage)?.homePage ?? null;
  const out = [
    `# Benchmark ${new Date().toISOString().slice(0, 10)}`,
    '',
    `Machine: ${machineDescription()}.`,
    datasetLine(settings, reports),
    `Load: autocannon in the bench process, ${settings.connections} connections, ${settings.durationSeconds} s per row after a ${settings.warmupSeconds} s warm-up; one server process; 2xx/s counts successful answers only (a shed 503 is not served); "vs hello" = 2xx/s ÷ a bare Fastify {"hello":"world"}, "vs same bytes" = ÷ a bare Fastify sending the route's own response body, both in the same database section.`,
    `Uncached: ${uncachedBySetting ? 'server restarted with CATALOGUE_CACHE_TTL_MS=0 (cache off, every request reads the database)' : 'each request asks for a cache key of its own (CATALOGUE_CACHE_TTL_MS not wired through yet)'}.`,
    '',
    '## HTTP load',
    '',
    loadTable(reports),
    '',
    '## Database',
    '',
    sqlTable(reports),
    '',
    '## Web',
    '',
    webTable(landing, homePage),
    '',
    ...reports.flatMap((r) => [
      `- ${r.kind}: ledger invariants after the purchase load: ${r.ledgerProblems.length === 0 ? 'hold' : `${r.ledgerProblems.length} problems: ${r.ledgerProblems.slice(0, 3).join('; ')}`}; section took ${Math.round(r.totalMs / 1000)} s; load average ${r.loadAverage[0].toFixed(1)} → ${r.loadAverage[1].toFixed(1)} on ${os.cpus().length} cores.`,
      ...r.notes.map((note) => `- ${r.kind}: ${note}`),
    ]),
    `- Total: ${Math.round((performance.now() - started) / 1000)} s.`,
  ];
  console.log(out.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
