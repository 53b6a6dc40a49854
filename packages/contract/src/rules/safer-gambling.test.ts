import { describe, expect, it } from 'vitest';
import { effectiveLimit, LIMIT_RAISE_DELAY_MS, nextLimit } from './safer-gambling';

const now = new Date('2026-01-01T00:00:00Z');
const none = { limitCents: null, pendingLimitCents: null, pendingFrom: null };

describe('nextLimit', () => {
  it('applies a first limit and a lower one at once', () => {
    const first = nextLimit(none, 5000, now);
    expect(effectiveLimit(first, now)).toBe(5000);
    expect(effectiveLimit(nextLimit(first, 2000, now), now)).toBe(2000);
  });

  it('delays a higher limit and a removal by 24 hours', () => {
    const first = nextLimit(none, 5000, now);
    for (const wanted of [9000, null]) {
      const raised = nextLimit(first, wanted, now);
      expect(effectiveLimit(raised, new Date(now.getTime() + LIMIT_RAISE_DELAY_MS - 1))).toBe(5000);
      expect(effectiveLimit(raised, new Date(now.getTime() + LIMIT_RAISE_DELAY_MS))).toBe(wanted);
    }
  });

  it('a cut during a pending raise cancels the raise', () => {
    const raised = nextLimit(nextLimit(none, 5000, now), 9000, now);
    const cut = nextLimit(raised, 4000, now);
    expect(effectiveLimit(cut, new Date(now.getTime() + 2 * LIMIT_RAISE_DELAY_MS))).toBe(4000);
  });
});
