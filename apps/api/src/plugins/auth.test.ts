import { randomUUID } from 'node:crypto';
import { SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import type { FeatureModule } from '../app-types';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../lib/tokens';
import { authUser } from './auth';

const testRoutes: FeatureModule = async (app) => {
  app.get('/test/me', { preHandler: app.requireUser }, async (request) => ({ user: authUser(request) }));
  app.get('/test/admin', { preHandler: app.requireRole('admin') }, async () => ({ ok: true }));
  app.get('/test/seller', { preHandler: app.requireRole('tipster', 'admin') }, async () => ({ ok: true }));
  app.get('/test/public', async (request) => ({ user: request.user }));
  app.post('/test/refresh', { config: { ignoreAccessToken: true } }, async (request) => ({
    user: request.user,
  }));
};

/** Open sessions and their user's current roles, standing in for the database (decision 081). */
const sessions = new Map<string, string[]>();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    database: createFakeDatabase(),
    features: [testRoutes],
    services: {
      liveSession: async (_userId, sessionId) => {
        const roles = sessions.get(sessionId);
        return roles ? { roles, emailVerified: true } : null;
      },
    },
  });
});
afterAll(() => t.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function forge(
  claims: Record<string, unknown>,
  opts: { secret?: string; iss?: string; aud?: string; iat?: number; ttl?: number } = {},
) {
  const iat = opts.iat ?? Math.floor(t.clock.now().getTime() / 1000);
  const sid = randomUUID();
  sessions.set(sid, Array.isArray(claims.roles) ? (claims.roles as string[]) : ['user']);
  return new SignJWT({ roles: ['user'], typ: 'access', sid, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject('42')
    .setIssuer(opts.iss ?? ACCESS_TOKEN_ISSUER)
    .setAudience(opts.aud ?? ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (opts.ttl ?? 900))
    .sign(new TextEncoder().encode(opts.secret ?? t.config.jwt.secret));
}

describe('auth', () => {
  it('accepts a valid access token and exposes the user', async () => {
    const access = await forge({ roles: ['user', 'tipster'] });
    const res = await t.app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { id: 42, roles: ['user', 'tipster'], emailVerified: true } });
  });

  it('signs tokens the guard accepts through the access-token service', async () => {
    const { createServices } = await import('../app');
    const core = { config: t.config, database: t.database, clock: t.clock, redis: null };
    const services = createServices(core, t.app);
    const sessionId = randomUUID();
    sessions.set(sessionId, ['admin']);
    const access = await services.accessTokens.sign({ userId: 9, roles: ['admin'], sessionId });
    const res = await t.app.inject({ method: 'GET', url: '/api/test/admin', headers: bearer(access) });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a token whose session ended, or that names none (decision 081)', async () => {
    const ended = await forge({ roles: ['user'] });
    const sid = JSON.parse(Buffer.from(ended.split('.')[1], 'base64url').toString()).sid as string;
    sessions.delete(sid);
    const res = await t.app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(ended) });
    expect(res.statusCode).toBe(401);
    for (const sid of [undefined, 'not-a-uuid', 7]) {
      const none = await forge({ sid });
      const r = await t.app.inject({ method: 'GET', url: '/api/test/public', headers: bearer(none) });
      expect(r.statusCode, String(sid)).toBe(401);
    }
  });

  it("takes the roles the user has now, not the token's (a demoted admin)", async () => {
    const access = await forge({ roles: ['user', 'admin'] });
    const sid = JSON.parse(Buffer.from(access.split('.')[1], 'base64url').toString()).sid as string;
    expect((await t.app.inject({ url: '/api/test/admin', headers: bearer(access) })).statusCode).toBe(200);
    sessions.set(sid, ['user']);
    const res = await t.app.inject({ url: '/api/test/admin', headers: bearer(access) });
    expect(res.statusCode).toBe(403);
  });

  it('answers 401 without a token on a guarded route, and lets anonymous callers use public ones', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/test/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    const pub = await t.app.inject({ method: 'GET', url: '/api/test/public' });
    expect(pub.json()).toEqual({ user: null });
  });

  it('answers 401 to forged, expired and non-access tokens', async () => {
    const now = Math.floor(t.clock.now().getTime() / 1000);
    const unsecured = new UnsecuredJWT({ roles: ['admin'], typ: 'access' })
      .setSubject('42')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 900)
      .encode();
    const forgeries = {
      algNone: unsecured,
      wrongKey: await forge({}, { secret: 'z'.repeat(64) }),
      wrongAudience: await forge({}, { aud: 'tipsmarket-admin' }),
      wrongIssuer: await forge({}, { iss: 'evil' }),
      expired: await forge({}, { iat: now - 3600 }),
      refreshToken: await forge({ typ: 'refresh' }),
      garbage: 'definitely-not-a-jwt',
    };
    for (const [name, token] of Object.entries(forgeries)) {
      for (const url of ['/api/test/me', '/api/test/public']) {
        const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(res.statusCode, `${name} on ${url}`).toBe(401);
        expect(res.json()).toMatchObject({
          code: 'UNAUTHORIZED',
          errors: ['Your session has expired. Please log in again.'],
        });
      }
    }
    const basic = await t.app.inject({
      method: 'GET',
      url: '/api/test/public',
      headers: { authorization: 'Basic eDp5' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('expires tokens by the injected clock', async () => {
    const access = await forge({});
    t.clock.advance(16 * 60 * 1000);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/test/me', headers: bearer(access) });
      expect(res.statusCode).toBe(401);
    } finally {
      t.clock.advance(-16 * 60 * 1000);
    }
  });

  it('lets routes that opt out ignore a stale token', async () => {
    const expired = await forge({}, { iat: Math.floor(t.clock.now().getTime() / 1000) - 3600 });
    const res = await t.app.inject({ method: 'POST', url: '/api/test/refresh', headers: bearer(expired) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('answers 403 when the user lacks the role', async () => {
    const user = await forge({ roles: ['user'] });
    const admin = await t.app.inject({ method: 'GET', url: '/api/test/admin', headers: bearer(user) });
    expect(admin.statusCode).toBe(403);
    expect(admin.json()).toMatchObject({ code: 'FORBIDDEN' });
    const tipster = await forge({ roles: ['user', 'tipster'] });
    const seller = await t.app.inject({ method: 'GET', url: '/api/test/seller', headers: bearer(tipster) });
    expect(seller.statusCode).toBe(200);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/test/admin' });
    expect(anonymous.statusCode).toBe(401);
  });
});
