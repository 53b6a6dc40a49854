import { describe, expect, it } from 'vitest';
import { refundBackoffMs } from './paypal-refund-worker';

describe('refundBackoffMs', () => {
  it('doubles from 30 s up to an hour', () => {
    expect([1, 2, 3, 4].map(refundBackoffMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(refundBackoffMs(20)).toBe(3_600_000);
  });
});
