import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX, PASSWORD_MIN } from '@tips/contract/constants';
import { COMMON_PASSWORDS } from './common-passwords';

// @node-rs/argon2's defaults are argon2id, m=19456 KiB, t=2, p=1 (OWASP's minimum). Its const enums
// are not imported: they do not survive isolated-module compilation.

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | undefined;

/** A real argon2id hash of a random secret, so checking an unknown user costs what a real check costs. */
function getDummyHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(32).toString('base64url'));
  return dummyHash;
}

/**
 * Verifies `password` against `passwordHash`, or against a dummy hash when there is no user, so a
 * missing account and a wrong password take the same time. A malformed stored hash never matches.
 */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = passwordHash ?? (await getDummyHash());
  try {
    const ok = await verify(target, password);
    return ok && passwordHash != null;
  } catch {
    return false;
  }
}

/** Warms the dummy hash at start-up so the first unknown-user login is not cheaper or dearer. */
export async function warmUpPasswordHashing(): Promise<void> {
  await getDummyHash();
}

export type PasswordProblem = 'tooShort' | 'tooLong' | 'tooCommon';

/**
 * NIST 800-63B / ASVS policy: length only (no composition rules), and no password from the list of
 * the most common ones or equal to the user's own name or address. Length counts code points.
 */
export function checkPasswordPolicy(password: string, context: string[] = []): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN) return 'tooShort';
  if (length > PASSWORD_MAX) return 'tooLong';
  const lowered = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lowered)) return 'tooCommon';
  for (const word of context) {
    const w = word.trim().toLowerCase();
    if (w.length > 0 && (lowered === w || lowered === w.split('@')[0])) return 'tooCommon';
  }
  return null;
}
