import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokenFamilies, users } from '../../db/schema';

export interface LiveSession {
  roles: string[];
  emailVerified: boolean;
}

/**
 * The user's roles (and whether their email is verified) now, when the session an access token
 * names is still open; null when it ended
 * (logout, password change or reset, refresh-token reuse) or the user is gone. Read on every
 * request that carries an access token (plugins/auth.ts, decision 081): one indexed lookup by
 * primary key, prepared outside transactions (decision 045).
 */
export async function findLiveSession(
  db: DbOrTx,
  userId: number,
  sessionId: string,
): Promise<LiveSession | null> {
  const [row] = await db
    .select({ roles: users.roles, emailVerified: users.emailVerified })
    .from(refreshTokenFamilies)
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(
      and(
        eq(refreshTokenFamilies.id, sessionId),
        eq(refreshTokenFamilies.userId, userId),
        isNull(refreshTokenFamilies.revokedAt),
      ),
    )
    .limit(1);
  return row ?? null;
}
