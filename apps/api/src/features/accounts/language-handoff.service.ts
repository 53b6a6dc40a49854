import { MESSAGES } from '@tips/contract';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { issueCode, redeemCode } from './one-time-codes';
import type { SessionsService, TokenPair } from './sessions.service';
import { findUserById } from './users.repo';

/**
 * Long enough for a page load on a slow phone, short enough that a code copied out of a
 * browser's history is dead before anyone can use it.
 */
export const HANDOFF_TTL_MS = 60 * 1000;

export interface LanguageHandoffDeps {
  db: Db;
  clock: Clock;
  sessions: Pick<SessionsService, 'startSession'>;
}

export type LanguageHandoffService = ReturnType<typeof createLanguageHandoffService>;

/**
 * Each language is a subdomain, so a separate origin with its own localStorage: switching language
 * would sign the user out. The signed-in page asks for a one-time code (single use, 60 s, bound to
 * its user and to the session that asked, stored only as a hash) and the target subdomain redeems
 * it for a session of its own, only while the asking session is still live (decision 110).
 * No token ever travels in a URL; the code rides in the fragment, which is neither sent to the
 * server nor put in a Referer, and the target page removes it before anything else runs.
 */
export function createLanguageHandoffService(deps: LanguageHandoffDeps) {
  async function createHandoff(
    userId: number,
    sessionId: string,
  ): Promise<{ code: string; expiresInSeconds: number }> {
    const now = deps.clock.now();
    const code = await deps.db.transaction((tx) =>
      issueCode(tx, {
        userId,
        purpose: 'language_handoff',
        targetEmail: null,
        ttlMs: HANDOFF_TTL_MS,
        now,
        sessionId,
      }),
    );
    return { code, expiresInSeconds: HANDOFF_TTL_MS / 1000 };
  }

  async function redeemHandoff(code: string): Promise<TokenPair> {
    const now = deps.clock.now();
    const pair = await deps.db.transaction(async (tx) => {
      const used = await redeemCode(tx, code, 'language_handoff', now);
      if (!used) return null;
      const user = await findUserById(tx, used.userId);
      if (!user) return null;
      return deps.sessions.startSession({ id: user.id, roles: user.roles }, tx);
    });
    // Codes are found by their secret's hash, so a wrong guess touches no one's code; guessing is
    // limited per client by the route's rate limit (decision 080).
    if (pair) return pair;
    throw unauthorized(MESSAGES.handoffInvalid);
  }

  return { createHandoff, redeemHandoff };
}
