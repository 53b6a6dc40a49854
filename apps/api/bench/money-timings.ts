/**
 * The money transactions alone, in a minute instead of the full bench's ten: a scratch database per
 * target (PostgreSQL, then PGlite), migrated with the project's migrations and seeded with the
 * bench's own generate_series dataset (small by default), then, one after another as in the full
 * bench: a credit purchase of one tip (buyTipsWithCredits), an admin settlement (settleTip:
 * aggregates, buyers' emails, audit, then the tipster's record row refreshed after the commit),
 * the settlement transaction alone (the same call with that refresh left out: decision 107 moved it
 * out of the transaction; a checkout from before has it inside, so both rows time the same work
 * there), the settlement core (settle-tip.repo's settleTip) and the settlement of a tip with 200 buyers; median and p99 of each, and on PostgreSQL the round trips each takes.
 *
 *   npx tsx apps/api/bench/money-timings.ts
 *   MONEY_TARGETS=postgres MONEY_RUNS=300 npx tsx apps/api/bench/money-timings.ts
 *
 * On a shared machine the load moves every absolute figure, so a change is best judged against the
 * code before it in the same run: MONEY_BASELINE=<another checkout of the repository> (for example
 * `git archive HEAD | tar -x -C /tmp/base` with `node_modules` linked in) runs that checkout's
 * functions interleaved call by call with this one's, on the same database. Both share the pool's
 * connections, so a prepared statement whose SQL changed needs a new name (PostgreSQL refuses a
 * second statement under a name already prepared on the connection).
 *
 * PostgreSQL: BENCH_PG_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres
 * (a scratch database is created and dropped). Other settings: MONEY_TIPS (500,000: about 1,000 tips awaiting
 * settlement: 150 runs of one checkout, or 140 runs of two with MONEY_BASELINE, since a run settles
 * three tips per checkout), MONEY_RUNS (150).
 */
import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Db } from '../src/db/client';
import { migrateDatabase } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { analyzeDataset, seedLargeDataset } from './lib/seed-large';
import { findTransactionSubjects, POPULAR_BUYERS, percentile } from './lib/sql-timings';
import { type BenchHandle, createPgliteTarget, createPostgresTarget } from './lib/targets';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const TIPS = num('MONEY_TIPS', 500_000);
const RUNS = num('MONEY_RUNS', 150);
const WARM = 10;
const targets = (process.env.MONEY_TARGETS ?? 'postgres,pglite').split(',').map((t) => t.trim());
const pgUrl =
  process.env.BENCH_PG_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The functions timed, loaded from this checkout or from MONEY_BASELINE's. */
interface Subject {
  label: string;
  buy(db: Db, userId: number, tipId: number): Promise<unknown>;
  settle(db: Db, adminId: number, tipId: number, result: 'WIN' | 'VOID'): Promise<unknown>;
  settleCore(db: Db, adminId: number, tipId: number): Promise<unknown>;
  /** settle without the record refresh after the commit: the transaction alone. */
  settleTransaction(db: Db, adminId: number, tipId: number): Promise<unknown>;
}

async function loadSubject(label: string, root: string): Promise<Subject> {
  const src = path.join(root, 'apps/api/src');
  // A baseline checkout from before the domain modules (docs/decisions/046) has the older paths.
  const load = (...candidates: string[]) =>
    import(path.join(src, candidates.find((file) => existsSync(path.join(src, file))) ?? candidates[0]));
  const { buyTipsWithCredits } = await load(
    'features/commerce/tip-purchases/credits-purchase.service.ts',
    'features/commerce/tip-purchases/buy-with-credits.ts',
  );
  // Since decision 108 the settlement side is built by createSettlement; older checkouts had the
  // service alone (and, before decision 107, no record refresh after the commit).
  const newer = existsSync(path.join(src, 'features/tips/settlement/settlement-services.ts'));
  const { createSettlement } = newer ? await load('features/tips/settlement/settlement-services.ts') : {};
  const { createAdminSettlementService } = newer
    ? {}
    : await load('features/tips/settlement.service.ts', 'features/admin/admin-settlement.service.ts');
  const settleRepo = newer ? await load('features/tips/settlement/settle-tip.repo.ts') : null;
  const older = newer
    ? null
    : await load('features/tips/settle-tip.repo.ts', 'features/settlement/settle-tip.ts');
  const settleCoreIn = (tx: unknown, input: Record<string, unknown>) =>
    settleRepo ? settleRepo.createSettleTipRepo(tx).settleTip(input) : older.settleTipInTx(tx, input);
  type AdminService = { settleTip: (a: number, t: number, b: Record<string, unknown>) => Promise<unknown> };
  const services = new WeakMap<Db, AdminService>();
  const transactionOnly = new WeakMap<Db, AdminService>();
  const serviceIn = (cache: typeof services, db: Db, withRefresh: boolean) => {
    let s = cache.get(db);
    if (!s) {
      const noRefresh = async () => {};
      s = newer
        ? createSettlement(db, {
            clock: systemClock,
            publicUrl: 'http://bench.local',
            hooks: [],
            onCatalogueChanged: async () => {},
            log: { info() {}, warn() {}, error() {} },
            ...(withRefresh ? {} : { refreshTipsterRecord: noRefresh }),
          }).admin
        : createAdminSettlementService({
            db,
            clock: systemClock,
            publicUrl: 'http://bench.local',
            onCatalogueChanged: async () => {},
            // An older checkout has no such repository and ignores it (its refresh is in the transaction).
            repos: withRefresh ? {} : { refreshTipsterRecord: noRefresh },
          });
      cache.set(db, s as AdminService);
    }
    return s as AdminService;
  };
  const service = (db: Db) => serviceIn(services, db, true);
  const serviceWithoutRefresh = (db: Db) => serviceIn(transactionOnly, db, false);
  return {
    label,
    buy: (db, userId, tipId) =>
      buyTipsWithCredits(db, userId, [tipId], { publicUrl: 'http://bench.local', now: new Date() }),
    settle: (db, adminId, tipId, result) =>
      service(db).settleTip(adminId, tipId, { result, resultDetails: 'FT 2-1' }),
    settleTransaction: (db, adminId, tipId) =>
      serviceWithoutRefresh(db).settleTip(adminId, tipId, { result: 'WIN', resultDetails: 'FT 2-1' }),
    settleCore: (db, adminId, tipId) =>
      db.transaction((tx) =>
        settleCoreIn(tx, {
          tipId,
          result: 'LOSS',
          resultDetails: 'FT 0-1',
          settledBy: adminId,
          now: new Date(),
        }),
      ),
  };
}

/** Every client.query() of node-postgres is one round trip (BEGIN and COMMIT included). */
let roundTrips = 0;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  roundTrips++;
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof originalQuery;

async function countRoundTrips(fn: () => Promise<unknown>): Promise<number> {
  const before = roundTrips;
  await fn();
  return roundTrips - before;
}

/** Hands out the seeded tips, each used once. */
function pool(ids: number[]) {
  let next = 0;
  return () => {
    if (next >= ids.length) throw new Error('money-timings: not enough seeded tips, raise MONEY_TIPS');
    return ids[next++];
  };
}

async function measure(kind: string, handle: BenchHandle, subjects: Subject[]) {
  const seeded = await seedLargeDataset(
    handle.exec,
    handle.query,
    { tips: TIPS, tipsters: Math.max(100, Math.floor(TIPS / 100)), buyers: 300 },
    new Date(),
  );
  await analyzeDataset(handle.exec);
  const found = await findTransactionSubjects(handle);
  const open = pool(
    (
      await handle.query(`select id from tips where result is null and event_time > now() + interval '20 minutes'
        and price_cents > 0 and ai_plan_id is null order by id`)
    ).map((r) => Number(r.id)),
  );
  const popular = new Set(found.popularIds);
  const awaiting = pool(
    (await handle.query('select id from tips where result is null and event_time < now() order by id'))
      .map((r) => Number(r.id))
      .filter((id) => !popular.has(id)),
  );
  const popularTip = pool(found.popularIds);
  const db = handle.database.db;
  const { buyerId, adminId } = found;

  const rows: string[] = [];
  if (kind === 'postgres') {
    for (const s of subjects) {
      const purchase = await countRoundTrips(() => s.buy(db, buyerId, open()));
      const settlement = await countRoundTrips(() => s.settle(db, adminId, awaiting(), 'WIN'));
      const transaction = await countRoundTrips(() => s.settleTransaction(db, adminId, awaiting()));
      const core = await countRoundTrips(() => s.settleCore(db, adminId, awaiting()));
      rows.push(
        `  ${s.label}: round trips (BEGIN and COMMIT included): purchase ${purchase}, settlement ${settlement}, settlement transaction ${transaction}, settlement core ${core}`,
      );
    }
  }
  const times = new Map<string, number[]>();
  const timed = async (name: string, keep: boolean, fn: () => Promise<unknown>) => {
    const t0 = performance.now();
    await fn();
    if (keep) times.set(name, [...(times.get(name) ?? []), performance.now() - t0]);
  };
  // Interleaved call by call, so both subjects see the same load.
  for (let i = 0; i < WARM + RUNS; i++) {
    for (const s of subjects)
      await timed(`${s.label}: purchase`, i >= WARM, () => s.buy(db, buyerId, open()));
    for (const s of subjects) {
      await timed(`${s.label}: settlement`, i >= WARM, () => s.settle(db, adminId, awaiting(), 'WIN'));
    }
    for (const s of subjects) {
      await timed(`${s.label}: settlement transaction`, i >= WARM, () =>
        s.settleTransaction(db, adminId, awaiting()),
      );
    }
    for (const s of subjects) {
      await timed(`${s.label}: settlement core`, i >= WARM, () => s.settleCore(db, adminId, awaiting()));
    }
  }
  const perSubject = Math.floor(found.popularIds.length / subjects.length);
  for (let i = 0; i < perSubject; i++) {
    for (const s of subjects) {
      await timed(`${s.label}: settlement, ${POPULAR_BUYERS} buyers`, i >= 2, () =>
        s.settle(db, adminId, popularTip(), 'VOID'),
      );
    }
  }

  console.log(
    `\n${kind}: ${seeded.tips} tips (${seeded.openTips} open, ${seeded.awaitingSettlement} awaiting), seeded in ${seeded.ms} ms; load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`,
  );
  for (const [name, values] of times) {
    console.log(
      `  ${name.padEnd(40)} median ${percentile(values, 0.5).toFixed(2)} ms  p99 ${percentile(values, 0.99).toFixed(2)} ms  (${values.length} runs)`,
    );
  }
  for (const row of rows) console.log(row);
}

async function main() {
  const here = path.resolve(import.meta.dirname, '../../..');
  const subjects = [await loadSubject('this checkout', here)];
  if (process.env.MONEY_BASELINE)
    subjects.unshift(await loadSubject('baseline', path.resolve(process.env.MONEY_BASELINE)));
  for (const kind of targets) {
    const target =
      kind === 'postgres'
        ? await createPostgresTarget(pgUrl)
        : createPgliteTarget(mkdtempSync(path.join(os.tmpdir(), 'money-timings-')));
    const handle = await target.open();
    try {
      await migrateDatabase(handle.database);
      await measure(kind, handle, subjects);
    } finally {
      await handle.close();
      await target.dispose();
    }
  }
}

await main();
