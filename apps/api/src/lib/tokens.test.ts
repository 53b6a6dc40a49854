import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, signAccessToken, verifyAccessToken } from './tokens';

const settings = { secret: 'a'.repeat(48), ttlSeconds: 900 };
const now = new Date('2025-06-01T12:00:00Z');
const SID = '0b0e7a52-5a3c-4f4e-9a51-2f0f3c1d9e11';
const key = new TextEncoder().encode(settings.secret);

function forge(
  claims: Record<string, unknown>,
  opts: { key?: Uint8Array; iss?: string; aud?: string; alg?: string } = {},
) {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ roles: ['user'], typ: 'access', sid: SID, ...claims })
    .setProtectedHeader({ alg: opts.alg ?? 'HS256' })
    .setSubject('7')
    .setIssuer(opts.iss ?? ACCESS_TOKEN_ISSUER)
    .setAudience(opts.aud ?? ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + 900)
    .sign(opts.key ?? key);
}

describe('access tokens', () => {
  it('round-trips the user id and roles', async () => {
    const token = await signAccessToken(
      settings,
      { userId: 7, roles: ['user', 'tipster'], sessionId: SID },
      now,
    );
    const claims = await verifyAccessToken(settings, token, now);
    expect(claims).toEqual({
      userId: 7,
      roles: ['user', 'tipster'],
      sessionId: SID,
      expiresAt: new Date('2025-06-01T12:15:00Z'),
    });
  });

  it('expires after the configured lifetime', async () => {
    const token = await signAccessToken(settings, { userId: 7, roles: [], sessionId: SID }, now);
    expect(await verifyAccessToken(settings, token, new Date(now.getTime() + 899_000))).not.toBeNull();
    expect(await verifyAccessToken(settings, token, new Date(now.getTime() + 901_000))).toBeNull();
  });

  it('rejects forgeries and other kinds of token', async () => {
    const unsecured = new UnsecuredJWT({ roles: ['admin'], typ: 'access' })
      .setSubject('7')
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime('15m')
      .encode();
    const forged = [
      unsecured,
      await forge({}, { key: new TextEncoder().encode('b'.repeat(48)) }),
      await forge({}, { aud: 'someone-else' }),
      await forge({}, { iss: 'someone-else' }),
      await forge({}, { alg: 'HS512' }),
      await forge({ typ: 'refresh' }),
      await forge({ typ: undefined }),
      await forge({ roles: 'admin' }),
      'not.a.token',
      '',
    ];
    for (const token of forged) expect(await verifyAccessToken(settings, token, now)).toBeNull();
    expect(await verifyAccessToken(settings, await forge({}), now)).not.toBeNull();
  });
});
