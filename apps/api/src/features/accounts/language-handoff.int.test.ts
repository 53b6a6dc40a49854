import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { getProfile, post, registerAndLogin } from './accounts.test-support';

// #21.1: changing language moves to another subdomain (another localStorage). The signed-in page
// asks for a one-time code; the target subdomain redeems it for a session of the same user.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function newHandoff(accessToken: string) {
  const res = await post(t.app, '/api/users/handoff', undefined, { token: accessToken });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: string; expiresInSeconds: number };
}
const redeem = (code: unknown) => post(t.app, '/api/users/handoff/redeem', { code });

describe('language hand-off', () => {
  it('signs the same user in on the other subdomain, with tokens of its own', async () => {
    const { reg, accessToken, refreshToken } = await registerAndLogin(t.app);
    const { code, expiresInSeconds } = await newHandoff(accessToken);
    expect(expiresInSeconds).toBe(60);
    expect(code).not.toContain(accessToken);

    const res = await redeem(code);
    expect(res.statusCode).toBe(200);
    const tokens = res.json().Tokens;
    expect(tokens.refresh_token).not.toBe(refreshToken);
    const profile = await getProfile(t.app, tokens.access_token);
    expect(profile.json().data.username).toBe(reg.Username);
  });

  it('works once: a replayed code signs nobody in', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    const { code } = await newHandoff(accessToken);
    const results = await Promise.all([redeem(code), redeem(code), redeem(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401, 401]);
    const again = await redeem(code);
    expect(again.statusCode).toBe(401);
    expect(again.json().errors).toEqual([MESSAGES.handoffInvalid]);
  });

  it('dies after 60 seconds', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    const { code } = await newHandoff(accessToken);
    t.clock.advance(61_000);
    expect((await redeem(code)).statusCode).toBe(401);
  });

  it('is only given to a signed-in user, and a guessed code is refused with a clear 4xx', async () => {
    expect((await post(t.app, '/api/users/handoff')).statusCode).toBe(401);
    const { accessToken } = await registerAndLogin(t.app);
    const { code } = await newHandoff(accessToken);
    const [id] = code.split('.');
    expect((await redeem(`${id}.${'A'.repeat(43)}`)).statusCode).toBe(401);
    expect((await redeem('nonsense')).statusCode).toBe(401);
    expect((await redeem('')).statusCode).toBe(400);
    expect((await redeem({ $ne: null })).statusCode).toBe(400);
  });
});
