import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import type { FeatureModule } from '../app-types';
import { accountRateLimit, routeRateLimit } from './rate-limit';

const testRoutes: FeatureModule = async (app) => {
  app.get('/test/limited', { config: { rateLimit: routeRateLimit(2, '1 minute') } }, async () => ({
    ok: true,
  }));
  app.get('/test/unlimited', async () => ({ ok: true }));
  const perAccount = accountRateLimit(app, {
    name: 'test-login',
    max: 2,
    timeWindow: '1 minute',
    account: (request) => (request.body as { Username?: string }).Username,
  });
  app.post(
    '/test/login',
    {
      schema: { body: z.object({ Username: z.string() }) },
      config: { rateLimit: routeRateLimit(100, '1 minute') },
      preHandler: perAccount,
    },
    async () => ({ ok: true }),
  );
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: createFakeDatabase(), features: [testRoutes] });
});
afterAll(() => t.close());

describe('rate limits', () => {
  it('limits a route that declares a limit, with 429, Retry-After and the error body', async () => {
    for (let i = 0; i < 2; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/test/limited' })).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/test/limited' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [expect.any(String)] });
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('leaves routes without a limit alone', async () => {
    for (let i = 0; i < 10; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/test/unlimited' })).statusCode).toBe(200);
    }
  });

  it('limits per account whatever the address, case-insensitively', async () => {
    const login = (Username: string, ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/test/login', payload: { Username }, remoteAddress: ip });
    expect((await login('Alice', '10.0.0.1')).statusCode).toBe(200);
    expect((await login('alice', '10.0.0.2')).statusCode).toBe(200);
    const blocked = await login(' ALICE ', '10.0.0.3');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login('bob', '10.0.0.3')).statusCode).toBe(200);
  });

  it('ignores a spoofed X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const spoof = (i: number) =>
      t.app.inject({
        method: 'GET',
        url: '/api/test/limited',
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
    // The earlier test already used up 127.0.0.1's budget on this route.
    expect((await spoof(1)).statusCode).toBe(429);
    expect((await spoof(2)).statusCode).toBe(429);
  });
});
