import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { healthRoutes } from '../features/health/health.routes';
import { underPressureSettings } from './under-pressure';

let t: TestApp;
let healthy = true;
let pings = 0;
beforeAll(async () => {
  t = await createTestApp({
    database: createFakeDatabase(async () => {
      pings++;
    }),
    features: [healthRoutes],
    underPressure: { healthCheck: async () => healthy, healthCheckInterval: 10 },
  });
});
afterAll(() => t.close());

const waitForCheck = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('load shedding', () => {
  it('sheds with 503 + Retry-After while under pressure, but keeps /api/health alive', async () => {
    healthy = false;
    await waitForCheck();
    pings = 0;
    const shed = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(shed.statusCode).toBe(503);
    // Answered before routing: the readiness check itself never ran.
    expect(pings).toBe(0);
    expect(shed.headers['retry-after']).toBe('10');
    expect(shed.json()).toMatchObject({ code: 'UNAVAILABLE', errors: [expect.any(String)] });
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    healthy = true;
    await waitForCheck();
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });
});

describe('shedding on the in-process database', () => {
  const config = {
    underPressure: { maxEventLoopDelayMs: 250, maxEventLoopUtilization: 0, maxDatabaseWaitMs: 5000 },
  };

  it('sheds once a PGlite call has waited longer than SHED_MAX_DB_WAIT_MS', async () => {
    let waited = 0;
    const settings = underPressureSettings(config, { oldestWaitMs: () => waited });
    expect(settings.maxEventLoopDelay).toBe(250);
    const healthy = settings.healthCheck as () => Promise<boolean>;
    expect(await healthy()).toBe(true);
    waited = 5001;
    expect(await healthy()).toBe(false);
  });

  it('adds no database check on PostgreSQL or when turned off', () => {
    expect(underPressureSettings(config, {}).healthCheck).toBeUndefined();
    const off = { underPressure: { ...config.underPressure, maxDatabaseWaitMs: 0 } };
    expect(underPressureSettings(off, { oldestWaitMs: () => 60_000 }).healthCheck).toBeUndefined();
  });
});
