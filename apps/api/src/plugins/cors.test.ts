import { afterEach, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { healthRoutes } from '../features/health/health.routes';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

const preflight = {
  origin: 'https://partner.example',
  'access-control-request-method': 'POST',
  'access-control-request-headers': 'authorization, content-type',
};

describe('CORS', () => {
  it('is closed unless CORS_ORIGIN is set', async () => {
    t = await createTestApp({ database: createFakeDatabase(), features: [healthRoutes] });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://partner.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    const pre = await t.app.inject({ method: 'OPTIONS', url: '/api/health', headers: preflight });
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers the configured origins only', async () => {
    t = await createTestApp({
      database: createFakeDatabase(),
      features: [healthRoutes],
      env: { CORS_ORIGIN: 'https://partner.example' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://partner.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example');
    expect(res.headers.vary).toContain('Origin');
    const pre = await t.app.inject({ method: 'OPTIONS', url: '/api/users/login', headers: preflight });
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-headers']).toContain('Authorization');
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
