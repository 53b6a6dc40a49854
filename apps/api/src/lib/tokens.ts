import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Clock } from './clock';

/**
 * Short-lived access tokens (ARCHITECTURE › Auth): HS256 only, issuer and audience checked, and a
 * `typ: 'access'` claim so that no other token we might sign can stand in for one.
 */
export const ACCESS_TOKEN_ALG = 'HS256';
export const ACCESS_TOKEN_ISSUER = 'tipsmarket';
export const ACCESS_TOKEN_AUDIENCE = 'tipsmarket-web';
const ACCESS_TOKEN_TYP = 'access';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessTokenSettings {
  secret: string;
  ttlSeconds: number;
}

export interface AccessTokenSubject {
  userId: number;
  roles: string[];
  /**
   * The session (refresh-token family) the token was issued for, as the `sid` claim: the auth
   * plugin refuses the token once that session ends (logout, password change, reuse detection).
   */
  sessionId: string;
}

export interface AccessTokenClaims extends AccessTokenSubject {
  expiresAt: Date;
}

const keys = new Map<string, Uint8Array>();
function keyFor(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  settings: AccessTokenSettings,
  subject: AccessTokenSubject,
  now: Date,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ roles: subject.roles, typ: ACCESS_TOKEN_TYP, sid: subject.sessionId })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, typ: 'JWT' })
    .setSubject(String(subject.userId))
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + settings.ttlSeconds)
    .sign(keyFor(settings.secret));
}

/** The claims of a valid access token, or null for anything else (forged, expired, wrong kind). */
export async function verifyAccessToken(
  settings: AccessTokenSettings,
  token: string,
  now: Date,
): Promise<AccessTokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(settings.secret), {
      algorithms: [ACCESS_TOKEN_ALG],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
      currentDate: now,
    });
    if (payload.typ !== ACCESS_TOKEN_TYP) return null;
    const userId = Number(payload.sub);
    if (!/^[1-9]\d{0,15}$/.test(payload.sub ?? '') || !Number.isSafeInteger(userId)) return null;
    const roles = payload.roles;
    if (!Array.isArray(roles) || !roles.every((role) => typeof role === 'string')) return null;
    const sessionId = payload.sid;
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return null;
    return { userId, roles, sessionId, expiresAt: new Date((payload.exp ?? 0) * 1000) };
  } catch (error) {
    if (error instanceof joseErrors.JOSEError) return null;
    throw error;
  }
}

export interface AccessTokenService {
  sign(subject: AccessTokenSubject): Promise<string>;
  verify(token: string): Promise<AccessTokenClaims | null>;
  readonly ttlSeconds: number;
}

/** The form services and plugins use: settings and clock bound once in buildApp. */
export function createAccessTokenService(settings: AccessTokenSettings, clock: Clock): AccessTokenService {
  return {
    sign: (subject) => signAccessToken(settings, subject, clock.now()),
    verify: (token) => verifyAccessToken(settings, token, clock.now()),
    ttlSeconds: settings.ttlSeconds,
  };
}
