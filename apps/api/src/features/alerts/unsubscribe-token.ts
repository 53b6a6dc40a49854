import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed one-click unsubscribe link of every alert email (RFC 8058): it needs no login, so
 * it names its user and scope and carries an HMAC over both. A tipster id of 0 means every
 * alert email. No expiry: a link in a month-old email must still work; it can only turn emails
 * off, never read anything.
 */
export interface UnsubscribeScope {
  userId: number;
  /** null: all alert emails (the digest's link); else one followed tipster's. */
  tipsterId: number | null;
}

export interface UnsubscribeTokens {
  sign(scope: UnsubscribeScope): string;
  /** The scope, or null for anything forged, altered or malformed. */
  verify(token: string): UnsubscribeScope | null;
}

const TOKEN_PATTERN = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{22})$/;

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  // A key of its own, so an unsubscribe signature is never valid as anything else.
  const key = createHmac('sha256', secret).update('tip-alerts-unsubscribe/v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest().subarray(0, 16);

  return {
    sign({ userId, tipsterId }) {
      const payload = `${userId}.${tipsterId ?? 0}`;
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    verify(token) {
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return null;
      const [, user, tipster, signature] = match;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(`${user}.${tipster}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const userId = Number(user);
      const tipsterId = Number(tipster);
      if (userId < 1 || userId > 2_147_483_647 || tipsterId > 2_147_483_647) return null;
      return { userId, tipsterId: tipsterId === 0 ? null : tipsterId };
    },
  };
}
