import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { freshIp, post, registerUser } from './accounts.test-support';

// QUALITY › Accounts: brute-force limits hold across several API processes when Redis is set.
// Runs when TEST_REDIS_URL points at a Redis server (.ci/run sets it when one is reachable).

const redisUrl = process.env.TEST_REDIS_URL;
// User ids restart at 1 in every test database while Redis outlives the run: a prefix of this run's
// own keeps an earlier run's failures on "user:1" from counting here (as two deployments would).
const redisKeyPrefix = `test-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}:`;

describe.skipIf(!redisUrl)('login limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: redisUrl as string, REDIS_KEY_PREFIX: redisKeyPrefix } });
    b = await createTestApp({
      env: { REDIS_URL: redisUrl as string, REDIS_KEY_PREFIX: redisKeyPrefix },
      database: a.database,
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts failures on one account across two processes', async () => {
    const reg = await registerUser(a.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      expect(
        (await post(app, '/api/users/login', { Username: reg.Username, Password: `wrong ${i} pass` }, { ip }))
          .statusCode,
      ).toBe(401);
    }
    for (const app of [a.app, b.app]) {
      const blocked = await post(
        app,
        '/api/users/login',
        { Username: reg.Email, Password: reg.Password },
        { ip },
      );
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    }
  });

  it('counts attempts from one IP across two processes', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      const app = i % 2 === 0 ? a.app : b.app;
      const res = await post(
        app,
        '/api/users/login',
        { Username: `nobody_${ip}_${i}`, Password: 'some password' },
        { ip },
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      b.app,
      '/api/users/login',
      { Username: 'nobody_last', Password: 'some password' },
      { ip },
    );
    expect(blocked.statusCode).toBe(429);
  });
});
