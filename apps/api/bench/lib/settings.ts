import os from 'node:os';

/** Everything the benchmark can be told, from the environment (all optional). */
export interface BenchSettings {
  /** Tips in the dataset (BENCH_TIPS, default 1,000,000; e.g. 50000 for a quick run). */
  tips: number;
  /** Tipsters (BENCH_TIPSTERS, default tips / 100, at most 10,000). */
  tipsters: number;
  /** Buyers with credits for the purchase load (BENCH_BUYERS, default 2000). */
  buyers: number;
  /** Seconds per measured load (BENCH_DURATION, default 8) after a warm-up (BENCH_WARMUP, default 2). */
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** BENCH_TARGETS: comma-separated, 'pglite' and/or 'postgres' (default both). */
  targets: Array<'pglite' | 'postgres'>;
  /** PostgreSQL server for the scratch database (BENCH_PG_URL, else TEST_DATABASE_URL, else local). */
  postgresUrl: string;
  /** Redis for the PostgreSQL run (BENCH_REDIS_URL, else TEST_REDIS_URL, else local); 'off' = none. */
  redisUrl: string | null;
  /** Timed runs per SQL statement or transaction (BENCH_SQL_RUNS, default 200). */
  sqlRuns: number;
  /** BENCH_WEB=0 skips the JS size and Chromium figures. */
  web: boolean;
  lcpRuns: number;
}

function num(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replace(/_/g, ''));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number, got ${raw}`);
  return Math.floor(value);
}

export function readSettings(): BenchSettings {
  const tips = num('BENCH_TIPS', 1_000_000);
  const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres')
    .split(',')
    .map((t) => t.trim())
    .filter((t): t is 'pglite' | 'postgres' => t === 'pglite' || t === 'postgres');
  const redis = process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  return {
    tips,
    tipsters: num('BENCH_TIPSTERS', Math.min(10_000, Math.max(100, Math.floor(tips / 100)))),
    buyers: num('BENCH_BUYERS', 2000),
    durationSeconds: num('BENCH_DURATION', 8),
    warmupSeconds: num('BENCH_WARMUP', 2),
    connections: num('BENCH_CONNECTIONS', 50),
    targets,
    postgresUrl:
      process.env.BENCH_PG_URL ??
      process.env.TEST_DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres',
    redisUrl: redis === 'off' ? null : redis,
    sqlRuns: num('BENCH_SQL_RUNS', 200),
    web: process.env.BENCH_WEB !== '0',
    lcpRuns: num('BENCH_LCP_RUNS', 3),
  };
}

export function machineDescription(): string {
  const cpus = os.cpus();
  const gb = Math.round(os.totalmem() / 1024 ** 3);
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${gb} GB RAM, Node ${process.versions.node}, ${os.platform()} ${os.release()}`;
}
