import { describe, expect, it } from 'vitest';
import { createUnsubscribeTokens } from './unsubscribe-token';

const tokens = createUnsubscribeTokens('a-test-secret-that-is-long-enough-0123456789');

describe('unsubscribe tokens', () => {
  it('round-trip a tipster scope and the all-alerts scope', () => {
    expect(tokens.verify(tokens.sign({ userId: 42, tipsterId: 7 }))).toEqual({ userId: 42, tipsterId: 7 });
    expect(tokens.verify(tokens.sign({ userId: 42, tipsterId: null }))).toEqual({
      userId: 42,
      tipsterId: null,
    });
  });

  it('refuse another user, another tipster, another secret and malformed tokens', () => {
    const [user, tipster, mac] = tokens.sign({ userId: 42, tipsterId: 7 }).split('.');
    expect(tokens.verify(`43.${tipster}.${mac}`)).toBeNull();
    expect(tokens.verify(`${user}.0.${mac}`)).toBeNull();
    const other = createUnsubscribeTokens('another-secret-that-is-long-enough-987654321');
    expect(other.verify(tokens.sign({ userId: 42, tipsterId: 7 }))).toBeNull();
    for (const bad of ['', '42.7', '42.7.short', `0.7.${mac}`, `99999999999.7.${mac}`, `42.7.${mac}x`]) {
      expect(tokens.verify(bad)).toBeNull();
    }
  });
});
