import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { healthRoutes } from '../features/health/health.routes';

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
