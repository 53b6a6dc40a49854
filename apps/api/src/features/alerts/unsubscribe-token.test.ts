import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens, LEGACY_LINKS_ISSUED_AT } from './unsubscribe-token';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';
const tokens = createUnsubscribeTokens(SECRET);
const AT = new Date('2026-11-27T10:00:00.123Z');

describe('unsubscribe tokens', () => {
  it('round-trip a tipster scope and the all-alerts scope, with the time they were issued', () => {
    expect(tokens.verify(tokens.sign({ userId: 42, tipsterId: 7 }, AT))).toEqual({
      userId: 42,
      tipsterId: 7,
      issuedAt: AT,
    });
    expect(tokens.verify(tokens.sign({ userId: 42, tipsterId: null }, AT))).toEqual({
      userId: 42,
      tipsterId: null,
      issuedAt: AT,
    });
  });

  it('refuse another user, another tipster, another time, another secret and malformed tokens', () => {
    const [user, tipster, issued, mac] = tokens.sign({ userId: 42, tipsterId: 7 }, AT).split('.');
    expect(tokens.verify(`43.${tipster}.${issued}.${mac}`)).toBeNull();
    expect(tokens.verify(`${user}.0.${issued}.${mac}`)).toBeNull();
    // Issue 29.7: a link cannot be made younger (its time is signed).
    expect(tokens.verify(`${user}.${tipster}.${Number(issued) + 86_400_000}.${mac}`)).toBeNull();
    expect(tokens.verify(`${user}.${tipster}.${mac}`)).toBeNull(); // nor passed off as a legacy link
    const other = createUnsubscribeTokens('another-secret-that-is-long-enough-987654321');
    expect(other.verify(tokens.sign({ userId: 42, tipsterId: 7 }, AT))).toBeNull();
    for (const bad of [
      '',
      '42.7',
      '42.7.short',
      `0.7.${issued}.${mac}`,
      `99999999999.7.${issued}.${mac}`,
      `42.7.${issued}.${mac}x`,
    ]) {
      expect(tokens.verify(bad)).toBeNull();
    }
  });

  it('read a link mailed before links carried a time as issued at the release that added it', () => {
    const key = createHmac('sha256', SECRET).update('tip-alerts-unsubscribe/v1').digest();
    const mac = createHmac('sha256', key).update('42.7').digest().subarray(0, 16).toString('base64url');
    expect(tokens.verify(`42.7.${mac}`)).toEqual({
      userId: 42,
      tipsterId: 7,
      issuedAt: LEGACY_LINKS_ISSUED_AT,
    });
  });
});
