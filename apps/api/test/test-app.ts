import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type AppDeps, buildApp } from '../src/app';
import type { AppInstance, AppServices } from '../src/app-types';
import { type AppConfig, loadConfig } from '../src/config/env';
import type { Database } from '../src/db/client';
import { createTestClock, type TestClock } from '../src/lib/clock';
import { createTestDatabase } from './test-db';

export interface TestAppOverrides
  extends Partial<
    Pick<AppDeps, 'services' | 'features' | 'underPressure' | 'logger' | 'errorReporter' | 'redis'>
  > {
  /** Environment variables on top of the test defaults (DATA_DIR is always a fresh temp dir). */
  env?: Record<string, string>;
  /** Use this database instead of a fresh migrated copy; the caller keeps ownership and closes it. */
  database?: Database;
  clock?: TestClock;
}

export interface TestApp {
  app: AppInstance;
  database: Database;
  clock: TestClock;
  config: AppConfig;
  /** The services buildApp built: the app's own catalogue cache, token service… */
  services: AppServices;
  close(): Promise<void>;
}

/**
 * A stand-in for tests that never query (plugins, health): `ping` can be swapped to simulate an
 * outage. Anything touching `db` fails loudly.
 */
export function createFakeDatabase(ping: () => Promise<void> = async () => {}): Database & {
  setPing(fn: () => Promise<void>): void;
} {
  let currentPing = ping;
  return {
    db: new Proxy({} as Database['db'], {
      get: () => {
        throw new Error(
          'createFakeDatabase(): this test needs a real database (createTestApp without database)',
        );
      },
    }),
    kind: 'pglite',
    ping: () => currentPing(),
    close: async () => {},
    setPing: (fn) => {
      currentPing = fn;
    },
  };
}

/**
 * The real app on a fresh database (PGlite copy, or PostgreSQL with TEST_DATABASE_URL), a
 * settable clock, logs off, load shedding off, a temp DATA_DIR and no built web app (pass
 * `env: { WEB_DIST_DIR }` to serve one). Call `close()` in afterAll.
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tips-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web-dist'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    ...overrides.env,
  });
  const ownsDatabase = overrides.database === undefined;
  const database = overrides.database ?? (await createTestDatabase());
  const clock = overrides.clock ?? createTestClock();
  let services: AppServices | undefined;
  const app = await buildApp({
    onServices: (built) => {
      services = built;
    },
    config,
    database,
    clock,
    logger: overrides.logger ?? false,
    services: overrides.services,
    features: overrides.features,
    underPressure: overrides.underPressure ?? false,
    errorReporter: overrides.errorReporter,
    redis: overrides.redis,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    config,
    services: services!,
    close: async () => {
      await app.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
