import { describe, expect, it } from 'vitest';
import { formatGroupedInteger } from './format';

describe('formatGroupedInteger', () => {
  it('groups thousands as en-GB writes them', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_234_567, -2500]) {
      expect(formatGroupedInteger(value)).toBe(value.toLocaleString('en-GB'));
    }
  });
});
