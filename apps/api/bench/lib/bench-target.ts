import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RECORDS_MONTHS_MAX } from '@tips/contract';
import { migrateDatabase } from '../../src/db/migrate';
import { checkLedgerInvariants } from '../../src/features/commerce/ledger/ledger-invariants.test-support';
import { signAccessToken } from '../../src/lib/tokens';
import { type ApiProcess, startApiProcess } from '../../test/multi-process/api-process';
import { claimScratchRedis, type ScratchRedis } from '../../test/multi-process/redis-scratch';
import { type LoadOptions, type LoadRequest, type LoadResult, rotate, runLoad } from './load';
import { timePublishing } from './publish-timings';
import { analyzeDataset, type SeedReport, seedLargeDataset } from './seed-large';
import type { BenchSettings } from './settings';
import { findTransactionSubjects, type Timing, timeCatalogueQueries, timeTransactions } from './sql-timings';
import { type BenchHandle, createPgliteTarget, createPostgresTarget } from './targets';
import { measureHomePage, type PageLoad } from './web-metrics';

const BASELINE_ENTRY = path.join(path.dirname(fileURLToPath(import.meta.url)), 'baseline-server.ts');
const JWT_SECRET = 'benchmark-secret-0123456789-abcdefghijklmnop';

export type CacheMode = 'cached' | 'uncached' | '—';

export interface RouteLoad extends LoadResult {
  route: string;
  cache: CacheMode;
  /** A bare Fastify sending this route's response body as is (cached rows only). */
  sameBytes?: LoadResult;
}

export interface TargetReport {
  kind: 'pglite' | 'postgres';
  /** Where the catalogue cache lived in the cached runs. */
  cacheStore: 'memory' | 'redis';
  seed: SeedReport;
  /** Bare Fastify's {"hello":"world"}. */
  baseline: LoadResult;
  routes: RouteLoad[];
  sql: Timing[];
  ledgerProblems: string[];
  homePage: PageLoad[] | null;
  notes: string[];
  totalMs: number;
  /** 1-minute load average when the section started and ended (other work on the machine). */
  loadAverage: [number, number];
}

export interface TargetContext {
  settings: BenchSettings;
  webDistDir: string;
  measureWeb: boolean;
  /** CATALOGUE_CACHE_TTL_MS=0 turns the cache off; otherwise uncached runs use distinct keys. */
  uncachedBySetting: boolean;
  log: (message: string) => void;
}

interface Subjects {
  tipsterIds: number[];
  popularTipsterIds: number[];
  buyerIds: number[];
  /** An open session per buyer: access tokens name one (decision 081). */
  buyerSessions: Map<number, string>;
  purchasableTipIds: number[];
}

async function pickSubjects(handle: BenchHandle): Promise<Subjects> {
  const tipsters = await handle.query('select id from tipsters order by id');
  const buyers = await handle.query(`select id from users where username like 'benchbuyer%' order by id`);
  const tips = await handle.query(
    `select id from tips where result is null and event_time > now() + interval '30 minutes'
       and price_cents > 0 and ai_plan_id is null order by event_time, id limit 5000`,
  );
  const sessions = await handle.query(
    `insert into refresh_token_families (user_id) select id from users where username like 'benchbuyer%' returning id, user_id`,
  );
  const tipsterIds = tipsters.map((r) => Number(r.id));
  const step = Math.max(1, Math.floor(tipsterIds.length / 100));
  return {
    tipsterIds,
    popularTipsterIds: tipsterIds.filter((_, i) => i % step === 0).slice(0, 100),
    // The last buyer is kept for the transaction timings.
    buyerIds: buyers.map((r) => Number(r.id)).slice(0, -1),
    buyerSessions: new Map(sessions.map((r) => [Number(r.user_id), String(r.id)])),
    purchasableTipIds: tips.map((r) => Number(r.id)),
  };
}

/**
 * The catalogue routes, as a visitor's browser calls them. Cached: the first pages and the
 * popular profiles. Uncached: any tipster, as a crawler would. When CATALOGUE_CACHE_TTL_MS cannot
 * turn the cache off (see cache-probe.ts), a route is measured uncached only if every request can
 * ask for a key of its own within the cache's lifetime: tips (a distinct price bound), profiles
 * and records (10,000 tipsters × every record window); the tipster list and the statistics are not.
 */
function catalogueRequests(subjects: Subjects, cache: 'cached' | 'uncached', bySetting: boolean) {
  const pages = rotate([1, 2, 3, 4, 5]);
  const ids = rotate(cache === 'cached' ? subjects.popularTipsterIds : shuffle(subjects.tipsterIds));
  const months = rotate(Array.from({ length: RECORDS_MONTHS_MAX + 1 }, (_, m) => m));
  let n = 0;
  const distinct = cache === 'uncached' && !bySetting;
  const requests: Array<[string, LoadRequest | null]> = [
    [
      'GET /api/tips (page of 10)',
      {
        path: () =>
          distinct
            ? `/api/tips?pageNumber=1&pageSize=10&maxPrice=${(900_000 + (n++ % 9_000_000) / 100).toFixed(2)}`
            : `/api/tips?pageNumber=${pages()}&pageSize=10`,
      },
    ],
    [
      'GET /api/tipsters (page of 10)',
      distinct ? null : { path: () => `/api/tipsters?pageNumber=${pages()}&pageSize=10` },
    ],
    ['GET /api/tipsters/profile/{id}', { path: () => `/api/tipsters/profile/${ids()}` }],
    [
      'GET /api/tipsters/records/{id}',
      {
        path: () =>
          distinct
            ? `/api/tipsters/records/${ids()}?pageNumber=1&pageSize=10&month=${months()}`
            : `/api/tipsters/records/${ids()}?pageNumber=1&pageSize=10`,
      },
    ],
    ['GET /api/tipsters/statistics', distinct ? null : { path: '/api/tipsters/statistics' }],
  ];
  return requests;
}

function shuffle<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** Many buyers, each buying tips they do not own yet: request k is buyer k mod B, tip ⌊k / B⌋. */
async function purchaseRequest(subjects: Subjects): Promise<LoadRequest> {
  const now = new Date();
  const tokens = await Promise.all(
    subjects.buyerIds.map((userId) =>
      signAccessToken(
        { secret: JWT_SECRET, ttlSeconds: 3600 },
        { userId, roles: ['user'], sessionId: subjects.buyerSessions.get(userId) as string },
        now,
      ),
    ),
  );
  let k = 0;
  return {
    method: 'POST',
    path: '/api/tips/buy',
    build: () => {
      const buyer = k % tokens.length;
      const tip =
        subjects.purchasableTipIds[Math.floor(k / tokens.length) % subjects.purchasableTipIds.length];
      k++;
      return {
        body: JSON.stringify({ cart: [tip] }),
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[buyer]}` },
      };
    },
  };
}

async function withProcess<T>(
  start: () => Promise<ApiProcess>,
  fn: (api: ApiProcess) => Promise<T>,
): Promise<T> {
  const api = await start();
  try {
    return await fn(api);
  } finally {
    await api.stop();
  }
}

export async function benchTarget(kind: 'pglite' | 'postgres', ctx: TargetContext): Promise<TargetReport> {
  const { settings, log } = ctx;
  const started = performance.now();
  const loadAtStart = os.loadavg()[0];
  const root = mkdtempSync(path.join(os.tmpdir(), `tips-bench-${kind}-`));
  const dataDir = path.join(root, 'data');
  mkdirSync(dataDir, { recursive: true });
  const target =
    kind === 'postgres' ? await createPostgresTarget(settings.postgresUrl) : createPgliteTarget(dataDir);
  let redis: ScratchRedis | null = null;
  const notes: string[] = [];
  try {
    log(
      `${kind}: seeding ${settings.tips.toLocaleString('en')} tips, ${settings.tipsters.toLocaleString('en')} tipsters…`,
    );
    let handle = await target.open();
    await migrateDatabase(handle.database);
    const seed = await seedLargeDataset(handle.exec, handle.query, settings, new Date());
    await analyzeDataset(handle.exec);
    const subjects = await pickSubjects(handle);
    log(
      `${kind}: seeded in ${(seed.ms / 1000).toFixed(1)} s (${seed.openTips} open, ${seed.statsRows} aggregate rows)`,
    );
    if (kind === 'pglite') await handle.close(); // one process at a time on a PGlite directory

    if (kind === 'postgres' && settings.redisUrl) {
      redis = await claimScratchRedis(settings.redisUrl).catch((error) => {
        notes.push(`Redis unavailable (${String(error).slice(0, 80)}): cache and rate limits in memory`);
        return null;
      });
    }
    const env = {
      ...target.serverEnv,
      DATA_DIR: dataDir,
      JWT_SECRET,
      MAIL_DIR: path.join(root, 'mail'),
      WEB_DIST_DIR: ctx.webDistDir,
      REDIS_URL: redis?.url ?? '',
      LOG_LEVEL: 'warn',
    };
    const load: LoadOptions = {
      connections: settings.connections,
      durationSeconds: settings.durationSeconds,
      warmupSeconds: settings.warmupSeconds,
    };
    const routes: RouteLoad[] = [];
    let baseline: LoadResult | undefined;
    let homePage: PageLoad[] | null = null;

    await withProcess(
      () => startApiProcess({ name: `${kind}-cached`, env }),
      async (api) => {
        const cached = catalogueRequests(subjects, 'cached', ctx.uncachedBySetting).filter(
          (entry): entry is [string, LoadRequest] => entry[1] !== null,
        );
        // The body each route sends, for a bare Fastify to send as is.
        const payloadDir = path.join(root, 'payloads');
        mkdirSync(payloadDir, { recursive: true });
        for (const [i, [, request]] of cached.entries()) {
          const sample = typeof request.path === 'string' ? request.path : request.path();
          writeFileSync(
            path.join(payloadDir, `r${i}.json`),
            await (await fetch(`${api.url}${sample}`)).text(),
          );
        }
        const sameBytes: LoadResult[] = [];
        await withProcess(
          () =>
            startApiProcess({
              name: 'baseline',
              entry: BASELINE_ENTRY,
              env: { BASELINE_PAYLOAD_DIR: payloadDir },
            }),
          async (bare) => {
            log(`${kind}: bare Fastify baselines`);
            baseline = await runLoad('bare Fastify {"hello":"world"}', bare.url, { path: '/' }, load);
            for (const [i, [route]] of cached.entries()) {
              sameBytes.push(
                await runLoad(`bare, bytes of ${route}`, bare.url, { path: `/payload/r${i}` }, load),
              );
            }
          },
        );
        for (const [i, [route, request]] of cached.entries()) {
          log(`${kind}: ${route} (cached)`);
          const result = await runLoad(route, api.url, request, load);
          routes.push({ ...result, route, cache: 'cached', sameBytes: sameBytes[i] });
        }
        log(`${kind}: POST /api/tips/buy`);
        const purchases = await runLoad('purchases', api.url, await purchaseRequest(subjects), load);
        routes.push({ ...purchases, route: 'POST /api/tips/buy (credits, 1 tip)', cache: '—' });
        if (ctx.measureWeb) {
          log(`${kind}: home page in Chromium (4× CPU throttling)`);
          // Twenty minutes of figures must not be lost to a missing browser: said, and the run goes on.
          homePage = await measureHomePage(`${api.url}/`, settings.lcpRuns).catch((error: Error) => {
            notes.push(`home page not measured in Chromium: ${error.message.split('\n')[0]}`);
            return null;
          });
        }
      },
    );

    await withProcess(
      () => startApiProcess({ name: `${kind}-uncached`, env: { ...env, CATALOGUE_CACHE_TTL_MS: '0' } }),
      async (api) => {
        for (const [route, request] of catalogueRequests(subjects, 'uncached', ctx.uncachedBySetting)) {
          if (!request) {
            notes.push(
              `${route} uncached: not measured (needs CATALOGUE_CACHE_TTL_MS=0 wired into the catalogue cache)`,
            );
            continue;
          }
          log(`${kind}: ${route} (uncached)`);
          routes.push({ ...(await runLoad(route, api.url, request, load)), route, cache: 'uncached' });
        }
      },
    );

    if (kind === 'pglite') handle = await target.open();
    log(`${kind}: SQL and transaction timings`);
    const ledgerProblems = await checkLedgerInvariants(handle.database.db);
    const sql = [
      ...(await timeCatalogueQueries(handle, settings.sqlRuns)),
      ...(await timeTransactions(handle, await findTransactionSubjects(handle), settings.sqlRuns)),
      ...(await timePublishing(handle, settings.sqlRuns)),
    ];
    await handle.close();
    if (!baseline) throw new Error('the baseline did not run');
    return {
      kind,
      cacheStore: redis ? 'redis' : 'memory',
      seed,
      baseline,
      routes,
      sql,
      ledgerProblems,
      homePage,
      notes,
      totalMs: performance.now() - started,
      loadAverage: [loadAtStart, os.loadavg()[0]],
    };
  } finally {
    await redis?.release().catch(() => undefined);
    await target.dispose().catch(() => undefined);
    rmSync(root, { recursive: true, force: true });
  }
}
