import { and, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { refreshTokenFamilies, refreshTokens, users } from '../../db/schema';
import { endHandoffCodesOfSessions } from './one-time-codes.repo';

export async function createFamily(db: DbOrTx, userId: number, now: Date): Promise<string> {
  const [row] = await db
    .insert(refreshTokenFamilies)
    .values({ userId, createdAt: now })
    .returning({ id: refreshTokenFamilies.id });
  return row.id;
}

export async function insertRefreshToken(
  db: DbOrTx,
  values: { familyId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export interface StoredRefreshToken {
  id: number;
  familyId: string;
  tokenHash: string;
  expiresAt: Date;
  rotatedAt: Date | null;
  replacedByHash: string | null;
  familyRevokedAt: Date | null;
  userId: number;
  roles: string[];
}

/** The token with its family's state and its owner's roles (for the new access token). */
export async function findRefreshToken(
  db: DbOrTx,
  tokenHash: string,
): Promise<StoredRefreshToken | undefined> {
  const [row] = await db
    .select({
      id: refreshTokens.id,
      familyId: refreshTokens.familyId,
      tokenHash: refreshTokens.tokenHash,
      expiresAt: refreshTokens.expiresAt,
      rotatedAt: refreshTokens.rotatedAt,
      replacedByHash: refreshTokens.replacedByHash,
      familyRevokedAt: refreshTokenFamilies.revokedAt,
      userId: refreshTokenFamilies.userId,
      roles: users.roles,
    })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .innerJoin(users, eq(users.id, refreshTokenFamilies.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/**
 * Marks the token as exchanged for `successorHash`, only if nobody did so first: of several
 * concurrent refreshes exactly one gets `true` (the row lock serialises them on PostgreSQL).
 */
export async function claimRotation(
  db: DbOrTx,
  tokenId: number,
  successorHash: string,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ rotatedAt: now, replacedByHash: successorHash })
    .where(and(eq(refreshTokens.id, tokenId), isNull(refreshTokens.rotatedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

/** Ends one session and, with it, its pending language hand-off codes (decision 110). */
export async function revokeFamily(db: DbOrTx, familyId: string, reason: string, now: Date): Promise<void> {
  const ended = await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)))
    .returning({ id: refreshTokenFamilies.id });
  await endHandoffCodesOfSessions(
    db,
    ended.map((row) => row.id),
    now,
  );
}

/**
 * Ends every session of the user (password change or reset), optionally keeping one, and their
 * pending language hand-off codes (decision 110).
 */
export async function revokeUserFamilies(
  db: DbOrTx,
  userId: number,
  reason: string,
  now: Date,
  keepFamilyId?: string,
): Promise<void> {
  const ended = await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokeReason: reason })
    .where(
      and(
        eq(refreshTokenFamilies.userId, userId),
        isNull(refreshTokenFamilies.revokedAt),
        keepFamilyId === undefined ? undefined : ne(refreshTokenFamilies.id, keepFamilyId),
      ),
    )
    .returning({ id: refreshTokenFamilies.id });
  await endHandoffCodesOfSessions(
    db,
    ended.map((row) => row.id),
    now,
  );
}
