import { and, eq, exists, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes, refreshTokenFamilies } from '../../db/schema';

export type CodePurpose = 'verify_email' | 'reset_password' | 'language_handoff';

/** A newer code kills the older ones of the same purpose. */
export async function supersedeActiveCodes(
  db: DbOrTx,
  userId: number,
  purpose: CodePurpose,
  now: Date,
): Promise<void> {
  await db
    .update(oneTimeCodes)
    .set({ supersededAt: now })
    .where(
      and(
        eq(oneTimeCodes.userId, userId),
        eq(oneTimeCodes.purpose, purpose),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.supersededAt),
      ),
    );
}

export async function insertCode(
  db: DbOrTx,
  values: {
    userId: number;
    purpose: CodePurpose;
    codeHash: string;
    targetEmail: string | null;
    createdAt: Date;
    expiresAt: Date;
    sessionId?: string | null;
  },
): Promise<number> {
  const [row] = await db.insert(oneTimeCodes).values(values).returning({ id: oneTimeCodes.id });
  return row.id;
}

/**
 * Uses the code if, and only if, it is the right one and still usable. The single conditional
 * UPDATE … RETURNING is what makes 20 parallel submissions yield exactly one success.
 */
export async function consumeCode(
  db: DbOrTx,
  input: { codeHash: string; purpose: CodePurpose; now: Date },
): Promise<{ userId: number; targetEmail: string | null } | undefined> {
  const [row] = await db
    .update(oneTimeCodes)
    .set({ usedAt: input.now })
    .where(
      and(
        eq(oneTimeCodes.codeHash, input.codeHash),
        eq(oneTimeCodes.purpose, input.purpose),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.supersededAt),
        gt(oneTimeCodes.expiresAt, input.now),
        input.purpose === 'language_handoff' ? sessionStillLive : undefined,
      ),
    )
    .returning({ userId: oneTimeCodes.userId, targetEmail: oneTimeCodes.targetEmail });
  return row;
}

/**
 * A hand-off code is good only while the session that asked for it is (decision 110): checked in
 * the same UPDATE that uses the code, so a logout or password change committed before the redeem
 * always wins. A code without a session (none are issued any more) is never good.
 */
const sessionStillLive = exists(
  sql`(select 1 from ${refreshTokenFamilies} where ${refreshTokenFamilies.id} = ${oneTimeCodes.sessionId} and ${refreshTokenFamilies.revokedAt} is null)`,
);

/**
 * Ends the pending hand-off codes of sessions that just ended (called with every revocation, in
 * its statement's transaction): the redeem's own check would refuse them anyway, this leaves no
 * live-looking row behind.
 */
export async function endHandoffCodesOfSessions(
  db: DbOrTx,
  sessionIds: readonly string[],
  now: Date,
): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .update(oneTimeCodes)
    .set({ supersededAt: now })
    .where(
      and(
        inArray(oneTimeCodes.sessionId, [...sessionIds]),
        isNull(oneTimeCodes.usedAt),
        isNull(oneTimeCodes.supersededAt),
      ),
    );
}
