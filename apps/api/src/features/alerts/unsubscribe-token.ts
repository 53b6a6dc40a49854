import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed one-click unsubscribe link of every alert email (RFC 8058): it needs no login, so
 * it names its user and scope and carries an HMAC over them. A tipster id of 0 means every
 * alert email. It also carries when it was issued (decision 113): a link lives
 * UNSUBSCRIBE_LINK_TTL_MS, and it cannot undo a change to the settings it governs made after it
 * was issued (so a link in an old email does not work again after the member re-subscribes).
 * It can only turn emails off, never read anything.
 */
export interface UnsubscribeScope {
  userId: number;
  /** null: all alert emails (the digest's link); else one followed tipster's. */
  tipsterId: number | null;
}

export interface UnsubscribeLink extends UnsubscribeScope {
  issuedAt: Date;
}

/** 60 days: longer than anyone keeps a fresh alert email at hand, short enough to age out. */
export const UNSUBSCRIBE_LINK_TTL_MS = 60 * 24 * 3600_000;

/**
 * Links signed before they carried a time (`user.tipster.mac`) count as issued at this instant,
 * the release that added it: they die 60 days later, and any settings change since undoes them.
 */
export const LEGACY_LINKS_ISSUED_AT = new Date('2026-11-27T00:00:00.000Z');

export interface UnsubscribeTokens {
  sign(scope: UnsubscribeScope, issuedAt: Date): string;
  /** The scope and issue time, or null for anything forged, altered or malformed. */
  verify(token: string): UnsubscribeLink | null;
}

const TOKEN_PATTERN = /^(\d{1,10})\.(\d{1,10})\.(?:(\d{13})\.)?([A-Za-z0-9_-]{22})$/;

export function createUnsubscribeTokens(secret: string): UnsubscribeTokens {
  // Keys of their own, so an unsubscribe signature is never valid as anything else; the timed
  // form has another key than the legacy one, so a legacy MAC cannot be given a time.
  const keyFor = (label: string) => createHmac('sha256', secret).update(label).digest();
  const legacyKey = keyFor('tip-alerts-unsubscribe/v1');
  const timedKey = keyFor('tip-alerts-unsubscribe/v2');
  const mac = (key: Buffer, payload: string) =>
    createHmac('sha256', key).update(payload).digest().subarray(0, 16);

  return {
    sign({ userId, tipsterId }, issuedAt) {
      const payload = `${userId}.${tipsterId ?? 0}.${String(issuedAt.getTime()).padStart(13, '0')}`;
      return `${payload}.${mac(timedKey, payload).toString('base64url')}`;
    },
    verify(token) {
      const match = TOKEN_PATTERN.exec(token);
      if (!match) return null;
      const [, user, tipster, issued, signature] = match;
      const given = Buffer.from(signature, 'base64url');
      const expected =
        issued === undefined
          ? mac(legacyKey, `${user}.${tipster}`)
          : mac(timedKey, `${user}.${tipster}.${issued}`);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const userId = Number(user);
      const tipsterId = Number(tipster);
      if (userId < 1 || userId > 2_147_483_647 || tipsterId > 2_147_483_647) return null;
      return {
        userId,
        tipsterId: tipsterId === 0 ? null : tipsterId,
        issuedAt: issued === undefined ? LEGACY_LINKS_ISSUED_AT : new Date(Number(issued)),
      };
    },
  };
}
