import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { freshIp, getProfile, post, registerUser } from './accounts.test-support';

// Counts argon2 verifications, to show an unknown user costs exactly what a wrong password costs.
const argon = vi.hoisted(() => ({ verifyCalls: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...real,
    verify: (...args: Parameters<typeof real.verify>) => {
      argon.verifyCalls++;
      return real.verify(...args);
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const loginAs = (Username: unknown, Password: unknown, ip?: string) =>
  post(t.app, '/api/users/login', { Username, Password, RecaptchaToken: 'x' }, { ip });
const loginFrom = (ip: string, Username: unknown, Password: unknown) => loginAs(Username, Password, ip);

describe('POST /api/users/login', () => {
  it('accepts the username or the email, in any case, and returns SPEC-shaped tokens', async () => {
    const reg = await registerUser(t.app);
    for (const name of [
      reg.Username,
      reg.Email,
      reg.Username.toUpperCase(),
      ` ${reg.Email.toUpperCase()} `,
    ]) {
      const res = await loginAs(name, reg.Password);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body)).toEqual(['Tokens']);
      expect(Object.keys(body.Tokens).sort()).toEqual(['access_token', 'refresh_token']);
      const profile = await getProfile(t.app, body.Tokens.access_token);
      expect(profile.json().data.username).toBe(reg.Username);
    }
  });

  it('lets an unverified email log in (decision 010)', async () => {
    const reg = await registerUser(t.app);
    const res = await loginAs(reg.Username, reg.Password);
    expect(res.statusCode).toBe(200);
    const profile = await getProfile(t.app, res.json().Tokens.access_token);
    expect(profile.json().data.emailVerified).toBe(false);
  });

  it('answers an unknown user and a wrong password alike, at the same cost', async () => {
    const reg = await registerUser(t.app);
    argon.verifyCalls = 0;
    const wrong = await loginAs(reg.Username, 'not the password at all');
    expect(argon.verifyCalls).toBe(1);
    const unknown = await loginAs('nobody_here_at_all', 'not the password at all');
    expect(argon.verifyCalls).toBe(2);
    const unknownEmail = await loginAs('nobody@example.test', 'whatever password');
    expect(argon.verifyCalls).toBe(3);
    for (const res of [wrong, unknown, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      const { requestId, ...rest } = res.json();
      expect(rest).toEqual({ code: 'UNAUTHORIZED', errors: ['Invalid username or password'] });
      expect(typeof requestId).toBe('string');
    }
    expect(Object.keys(wrong.headers).sort()).toEqual(Object.keys(unknown.headers).sort());
  });

  it('uses the SPEC messages for missing fields', async () => {
    const empty = await post(t.app, '/api/users/login', {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual(['Username / Email field is required', 'Password is required']);
    const blank = await loginAs('   ', '');
    expect(blank.json().errors).toEqual(['Username / Email field is required', 'Password is required']);
    const tooLong = await loginAs('a'.repeat(300), 'b'.repeat(300));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual([MESSAGES.invalidCredentials]);
  });

  it('ignores a stale access token sent with the login', async () => {
    const reg = await registerUser(t.app);
    const res = await post(
      t.app,
      '/api/users/login',
      { Username: reg.Username, Password: reg.Password },
      { token: 'expired.or.forged' },
    );
    expect(res.statusCode).toBe(200);
  });
});

describe('brute-force limits', () => {
  it('counts failures per account however it is named: email and username share 10 (#19.6)', async () => {
    const reg = await registerUser(t.app);
    const attackers = Array.from({ length: 12 }, () => freshIp());
    for (let i = 0; i < 10; i++) {
      const name = i % 2 === 0 ? reg.Username : reg.Email.toUpperCase();
      const res = await loginFrom(attackers[i], name, `wrong password ${i}`);
      expect(res.statusCode).toBe(401);
    }
    // The account is now guarded: a client that already failed on it waits (429, Retry-After)…
    const again = await loginFrom(attackers[0], reg.Email, `wrong password again`);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(again.json()).toMatchObject({ code: 'RATE_LIMITED', errors: [MESSAGES.rateLimited] });
    // …and a new address gets one guess, not ten more.
    expect((await loginFrom(attackers[10], reg.Username, 'guess one')).statusCode).toBe(401);
    expect((await loginFrom(attackers[10], reg.Username, reg.Password)).statusCode).toBe(429);
    // Other accounts are not affected.
    const other = await registerUser(t.app);
    expect((await loginAs(other.Username, other.Password)).statusCode).toBe(200);
  });

  it('does not lock the owner out: the right password from a clean client still signs in (#19.6)', async () => {
    const reg = await registerUser(t.app);
    for (let i = 0; i < 15; i++) {
      const res = await loginFrom(freshIp(), reg.Username, `attacker guess ${i}`);
      expect([401, 429]).toContain(res.statusCode);
    }
    expect((await loginFrom(freshIp(), reg.Email, reg.Password)).statusCode).toBe(200);
  });

  it('limits one client to 5 failures on one account, even with the right password afterwards', async () => {
    const reg = await registerUser(t.app);
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await loginFrom(ip, reg.Username, `wrong ${i} password`)).statusCode).toBe(401);
    const blocked = await loginFrom(ip, reg.Username, reg.Password);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Signing in from there works again once the window has passed.
    t.clock.advance(15 * 60_000 + 1000);
    expect((await loginFrom(ip, reg.Username, reg.Password)).statusCode).toBe(200);
  });

  it('limits attempts per IP across accounts and does not trust X-Forwarded-For', async () => {
    const ip = freshIp();
    const attempt = (i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        remoteAddress: ip,
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
        payload: { Username: `ghost_${i}`, Password: 'some password' },
      });
    for (let i = 0; i < 30; i++) expect((await attempt(i)).statusCode).toBe(401);
    const blocked = await attempt(99);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // A different client is still served.
    expect((await loginAs('ghost_x', 'some password')).statusCode).toBe(401);
  });
});
