import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { oneTimeCodes } from '../../db/schema';

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
      ),
    )
    .returning({ userId: oneTimeCodes.userId, targetEmail: oneTimeCodes.targetEmail });
  return row;
}
