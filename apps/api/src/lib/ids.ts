import { createHash, randomBytes, randomUUID } from 'node:crypto';

/** Request ids, idempotency keys and file names. */
export function newUuid(): string {
  return randomUUID();
}

/** An unguessable token for links and refresh tokens: 256 bits by default, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens and codes are stored only as this hash, so a database leak does not leak sessions. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** A caller-supplied `x-request-id` is reused only when it is short and plain (it ends up in logs). */
export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID.test(header) ? header : randomUUID();
}
