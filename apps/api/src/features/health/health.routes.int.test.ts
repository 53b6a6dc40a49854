import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../../test/test-app';

describe('health on a real database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('GET /api/health says the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/ready says the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe('readiness while the database is down', () => {
  const database = createFakeDatabase();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(() => t.close());

  it('is 503 with the error body while ping fails, and recovers without a restart', async () => {
    database.setPing(async () => {
      throw new Error('connect ECONNREFUSED 10.0.0.5:5432');
    });
    const down = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      code: 'UNAVAILABLE',
      errors: ['Database unavailable'],
      requestId: down.headers['x-request-id'],
    });
    expect(down.body).not.toContain('ECONNREFUSED');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    database.setPing(async () => {});
    const up = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(up.statusCode).toBe(200);
  });
});
