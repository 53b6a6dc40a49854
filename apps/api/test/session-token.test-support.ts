import type { Database } from '../src/db/client';
import { createFamily } from '../src/features/accounts/refresh-tokens.repo';
import type { Clock } from '../src/lib/clock';
import { signAccessToken } from '../src/lib/tokens';

/**
 * An access token for a user without going through login: opens a session (a refresh-token
 * family) as login does, because the API refuses a token whose session is not open (decision 081).
 */
export async function signTestAccessToken(
  t: { config: { jwt: { secret: string; accessTokenTtlSeconds: number } }; clock: Clock; database: Database },
  user: { id: number; roles?: string[] },
): Promise<string> {
  const now = t.clock.now();
  const sessionId = await createFamily(t.database.db, user.id, now);
  return signAccessToken(
    { secret: t.config.jwt.secret, ttlSeconds: t.config.jwt.accessTokenTtlSeconds },
    { userId: user.id, roles: user.roles ?? ['user'], sessionId },
    now,
  );
}
