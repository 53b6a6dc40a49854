import { MESSAGES } from '@tips/contract';
import type { Db, DbOrTx } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { randomToken, sha256Hex } from '../../lib/ids';
import type { AccessTokenService } from '../../lib/tokens';
import { deriveSuccessorToken } from './refresh-chain';
import {
  claimRotation,
  createFamily,
  findRefreshToken,
  insertRefreshToken,
  revokeFamily,
  revokeUserFamilies,
  type StoredRefreshToken,
} from './refresh-tokens.repo';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface SessionsServiceDeps {
  db: Db;
  clock: Clock;
  accessTokens: Pick<AccessTokenService, 'sign'>;
  /** Server secret keying the successor derivation (see refresh-chain.ts). */
  refreshTokenKey: string;
  refreshTokenTtlMs?: number;
  /** How long a just-rotated token still yields its successor (two tabs refreshing at once). */
  rotationGraceMs?: number;
}

export const DEFAULT_REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const DEFAULT_ROTATION_GRACE_MS = 30 * 1000;
/** A chain walk longer than this within one grace window is not a browser; give up. */
const MAX_CHAIN_WALK = 10;

export type SessionsService = ReturnType<typeof createSessionsService>;

/**
 * Refresh tokens (RFC 9700 §4.14): rotated on every use, grouped in a family per login. Replaying
 * a token that was rotated more than the grace window ago revokes the whole family. Within the
 * window (several tabs or retries refreshing at once) the caller gets the family's current token,
 * the same one the winner got, so the family never forks and nobody is logged out.
 */
export function createSessionsService(deps: SessionsServiceDeps) {
  const ttlMs = deps.refreshTokenTtlMs ?? DEFAULT_REFRESH_TTL_MS;
  const graceMs = deps.rotationGraceMs ?? DEFAULT_ROTATION_GRACE_MS;
  const sessionExpired = () => unauthorized(MESSAGES.sessionExpired);

  async function pairFor(
    userId: number,
    roles: string[],
    sessionId: string,
    refreshToken: string,
  ): Promise<TokenPair> {
    return { accessToken: await deps.accessTokens.sign({ userId, roles, sessionId }), refreshToken };
  }

  /** Opens a new family (a login); pass the transaction when it belongs to a larger change. */
  async function startSession(
    user: { id: number; roles: string[] },
    tx: DbOrTx = deps.db,
  ): Promise<TokenPair> {
    const now = deps.clock.now();
    const refreshToken = randomToken();
    const familyId = await createFamily(tx, user.id, now);
    await insertRefreshToken(tx, {
      familyId,
      tokenHash: sha256Hex(refreshToken),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs),
    });
    return pairFor(user.id, user.roles, familyId, refreshToken);
  }

  async function tryRotate(row: StoredRefreshToken, raw: string, now: Date): Promise<string | null> {
    const successor = deriveSuccessorToken(deps.refreshTokenKey, raw);
    const won = await deps.db.transaction(async (tx) => {
      if (!(await claimRotation(tx, row.id, sha256Hex(successor), now))) return false;
      await insertRefreshToken(tx, {
        familyId: row.familyId,
        tokenHash: sha256Hex(successor),
        createdAt: now,
        expiresAt: new Date(now.getTime() + ttlMs),
      });
      return true;
    });
    return won ? successor : null;
  }

  /** From a token rotated moments ago, follow the chain to the family's live token. */
  async function findLiveSuccessor(
    start: StoredRefreshToken,
    raw: string,
  ): Promise<StoredRefreshToken & { raw: string }> {
    let current = { ...start, raw };
    for (let step = 0; step < MAX_CHAIN_WALK; step++) {
      if (current.rotatedAt === null) return current;
      const next = deriveSuccessorToken(deps.refreshTokenKey, current.raw);
      const nextHash = sha256Hex(next);
      if (current.replacedByHash !== nextHash) break;
      const row = await findRefreshToken(deps.db, nextHash);
      if (!row) break;
      current = { ...row, raw: next };
    }
    throw sessionExpired();
  }

  async function refresh(rawToken: string): Promise<TokenPair> {
    const now = deps.clock.now();
    const tokenHash = sha256Hex(rawToken);
    let row = await findRefreshToken(deps.db, tokenHash);
    if (!row || row.familyRevokedAt !== null || row.expiresAt <= now) throw sessionExpired();

    if (row.rotatedAt === null) {
      const successor = await tryRotate(row, rawToken, now);
      if (successor) return pairFor(row.userId, row.roles, row.familyId, successor);
      // Another request rotated it between our read and our update: read what it did.
      row = await findRefreshToken(deps.db, tokenHash);
      if (!row || row.familyRevokedAt !== null || row.rotatedAt === null) throw sessionExpired();
    }

    if (now.getTime() - row.rotatedAt.getTime() >= graceMs) {
      // A token exchanged long ago is back: it was stolen, or the thief already used it. Kill the family.
      await revokeFamily(deps.db, row.familyId, 'reuse_detected', now);
      throw sessionExpired();
    }
    const live = await findLiveSuccessor(row, rawToken);
    if (live.familyRevokedAt !== null || live.expiresAt <= now) throw sessionExpired();
    return pairFor(live.userId, live.roles, live.familyId, live.raw);
  }

  /**
   * Ends the session the refresh token belongs to, when it is the caller's; without one (the SPEC's
   * logout sends no body) every session of the user ends.
   */
  async function logout(userId: number, rawRefreshToken?: string): Promise<void> {
    const now = deps.clock.now();
    if (rawRefreshToken) {
      const row = await findRefreshToken(deps.db, sha256Hex(rawRefreshToken));
      if (row && row.userId === userId) {
        await revokeFamily(deps.db, row.familyId, 'logout', now);
        return;
      }
    }
    await revokeUserFamilies(deps.db, userId, 'logout', now);
  }

  async function revokeAllSessions(tx: DbOrTx, userId: number, reason: string): Promise<void> {
    await revokeUserFamilies(tx, userId, reason, deps.clock.now());
  }

  return { startSession, refresh, logout, revokeAllSessions };
}
