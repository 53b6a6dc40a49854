import type { DbOrTx } from '../../db/client';
import { randomToken, sha256Hex } from '../../lib/ids';
import {
  type CodePurpose,
  consumeCode,
  insertCode,
  recordFailedAttempt,
  supersedeActiveCodes,
} from './one-time-codes.repo';

/** Wrong guesses allowed per code before it dies (the right code then fails too). */
export const MAX_CODE_ATTEMPTS = 5;

// A code is `<row id>.<secret>`: the id selects the row, the secret (256 bits, stored only as a
// SHA-256 hash) proves possession. The id lets a wrong guess count against that one code.
const CODE_PATTERN = /^([1-9]\d{0,9})\.([A-Za-z0-9_-]{43})$/;

export function parseCode(code: string): { id: number; secret: string } | null {
  const match = CODE_PATTERN.exec(code.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return id <= 2_147_483_647 ? { id, secret: match[2] } : null;
}

/** Creates a code, killing older ones of the same purpose; call inside the transaction that mails it. */
export async function issueCode(
  tx: DbOrTx,
  input: { userId: number; purpose: CodePurpose; targetEmail: string | null; ttlMs: number; now: Date },
): Promise<string> {
  await supersedeActiveCodes(tx, input.userId, input.purpose, input.now);
  const secret = randomToken();
  const id = await insertCode(tx, {
    userId: input.userId,
    purpose: input.purpose,
    codeHash: sha256Hex(secret),
    targetEmail: input.targetEmail,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
  });
  return `${id}.${secret}`;
}

/**
 * Uses the code once, or returns null when it is malformed, wrong, used, superseded, expired or
 * out of guesses. Call inside the transaction that acts on it, so the use and the effect commit together.
 */
export async function redeemCode(
  tx: DbOrTx,
  code: string,
  purpose: CodePurpose,
  now: Date,
): Promise<{ userId: number; targetEmail: string | null } | null> {
  const parsed = parseCode(code);
  if (!parsed) return null;
  const used = await consumeCode(tx, {
    id: parsed.id,
    codeHash: sha256Hex(parsed.secret),
    purpose,
    now,
    maxAttempts: MAX_CODE_ATTEMPTS,
  });
  return used ?? null;
}

/** Counts a failed redemption against the code's id (outside the failed transaction). */
export async function countFailedGuess(db: DbOrTx, code: string, purpose: CodePurpose): Promise<void> {
  const parsed = parseCode(code);
  if (parsed) await recordFailedAttempt(db, parsed.id, purpose);
}
