import { describe, expect, it } from 'vitest';
import { judgeCapture } from './capture-verdict';

const order = { amountCents: 23750, currency: 'USD' };
const capture = (status: string, cents: number | null = 23750, currency = 'USD') => ({
  id: 'CAP1',
  status,
  amount: cents === null ? null : { cents, currency },
});

describe('judgeCapture', () => {
  it('grants only a completed capture of exactly the order’s amount and currency', () => {
    expect(judgeCapture(order, capture('COMPLETED'))).toEqual({
      kind: 'grant',
      capture: capture('COMPLETED'),
    });
    expect(judgeCapture(order, capture('COMPLETED', 23749)).kind).toBe('mismatch');
    expect(judgeCapture(order, capture('COMPLETED', 23751)).kind).toBe('mismatch');
    expect(judgeCapture(order, capture('COMPLETED', 23750, 'EUR')).kind).toBe('mismatch');
    expect(judgeCapture(order, capture('COMPLETED', null)).kind).toBe('mismatch');
  });

  it('waits on a pending capture and refuses anything else', () => {
    expect(judgeCapture(order, capture('PENDING')).kind).toBe('pending');
    expect(judgeCapture(order, capture('DECLINED'))).toEqual({
      kind: 'refused',
      reason: 'PayPal capture CAP1 is DECLINED',
    });
    expect(judgeCapture(order, capture('REFUNDED')).kind).toBe('refused');
    expect(judgeCapture(order, undefined).kind).toBe('not-approved');
  });
});
