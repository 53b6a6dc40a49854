import type { AiSubscription } from '@tips/contract/tips.schemas';
import { describe, expect, it } from 'vitest';
import { nextPickDay } from './ai-plans-box';

const weekly = (overrides: Partial<AiSubscription>): AiSubscription => ({
  id: 1,
  plan: { id: 3, name: 'Weekly subscription', kind: 'weekly', picks: 7 },
  picksDelivered: 2,
  picksTotal: 7,
  startedAt: new Date(2026, 10, 26, 9).toISOString(),
  lastPickAt: new Date(2026, 10, 27, 8).toISOString(),
  lastPickAround: new Date(2026, 11, 2, 9).toISOString(),
  completedAt: null,
  ...overrides,
});

describe('when an AI plan’s next pick is due (issue #30.4)', () => {
  const now = new Date(2026, 10, 27, 20);

  it('is tomorrow once today’s pick has arrived, in the viewer’s own day', () => {
    expect(nextPickDay(weekly({}), now)).toBe('tomorrow');
  });

  it('is today while today’s pick has not arrived', () => {
    expect(nextPickDay(weekly({ lastPickAt: new Date(2026, 10, 26, 23, 59).toISOString() }), now)).toBe(
      'today',
    );
    expect(nextPickDay(weekly({ lastPickAt: null }), now)).toBe('today');
  });

  it('is none once every pick is delivered', () => {
    expect(nextPickDay(weekly({ picksDelivered: 7, completedAt: now.toISOString() }), now)).toBeNull();
  });
});
