import type { DbOrTx } from '../../db/client';
import { randomToken, sha256Hex } from '../../lib/ids';
import { type CodePurpose, consumeCode, insertCode, supersedeActiveCodes } from './one-time-codes.repo';

// A code is a 256-bit secret, stored only as its SHA-256 hash and looked up by that hash. Codes
// used to be `<row id>.<secret>` with five wrong guesses per code, so anyone could burn a stranger's
// link by guessing at their id (issue #19.5). A wrong guess now names no code: it cannot touch one
// someone else holds, and guessing is limited per client instead (ACCOUNT_RATE_LIMITS; a 256-bit
// secret is out of reach anyway). Links mailed in the old form still work: the id part is ignored.
const CODE_PATTERN = /^(?:[1-9]\d{0,9}\.)?([A-Za-z0-9_-]{43})$/;

/** The secret of a well-formed code (the new bare form, or the old `<id>.<secret>`), else null. */
export function parseCode(code: string): string | null {
  return CODE_PATTERN.exec(code.trim())?.[1] ?? null;
}

/** Creates a code, killing older ones of the same purpose; call inside the transaction that mails it. */
export async function issueCode(
  tx: DbOrTx,
  input: {
    userId: number;
    purpose: CodePurpose;
    targetEmail: string | null;
    ttlMs: number;
    now: Date;
    /** The session a hand-off code is bound to (decision 110). */
    sessionId?: string;
  },
): Promise<string> {
  await supersedeActiveCodes(tx, input.userId, input.purpose, input.now);
  const secret = randomToken();
  await insertCode(tx, {
    userId: input.userId,
    purpose: input.purpose,
    codeHash: sha256Hex(secret),
    targetEmail: input.targetEmail,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlMs),
    sessionId: input.sessionId ?? null,
  });
  return secret;
}

/**
 * Uses the code once, or returns null when it is malformed, wrong, used, superseded or expired.
 * Call inside the transaction that acts on it, so the use and the effect commit together.
 */
export async function redeemCode(
  tx: DbOrTx,
  code: string,
  purpose: CodePurpose,
  now: Date,
): Promise<{ userId: number; targetEmail: string | null } | null> {
  const secret = parseCode(code);
  if (!secret) return null;
  const used = await consumeCode(tx, { codeHash: sha256Hex(secret), purpose, now });
  return used ?? null;
}
