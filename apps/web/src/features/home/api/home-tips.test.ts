import { describe, expect, it } from 'vitest';
import { makeTip } from '../../../test/public-test-kit.test-support';
import { kickOffQuery, spreadTips } from './home-tips';

const tipster = (id: number) => ({ id, name: `T${id}`, category: 'PREMIUM' as const, profileImageUrl: null });

describe('the home cards', () => {
  it('spread over matches and tipsters before repeating either (issue #30.1)', () => {
    const tips = [
      makeTip({ id: 1, fixtureId: 100, tipster: { ...makeTip().tipster, ...tipster(1) } }),
      makeTip({ id: 2, fixtureId: 100, tipster: { ...makeTip().tipster, ...tipster(2) } }),
      makeTip({ id: 3, fixtureId: 100, tipster: { ...makeTip().tipster, ...tipster(3) } }),
      makeTip({ id: 4, fixtureId: 101, tipster: { ...makeTip().tipster, ...tipster(1) } }),
      makeTip({ id: 5, fixtureId: 102, tipster: { ...makeTip().tipster, ...tipster(4) } }),
      makeTip({ id: 6, fixtureId: 103, tipster: { ...makeTip().tipster, ...tipster(5) } }),
    ];
    // 1 (match 100), 5 and 6 (new matches, new tipsters), then 4 (new match, known tipster).
    expect(spreadTips(tips, 4).map((tip) => tip.id)).toEqual([1, 5, 6, 4]);
    // Too few matches: the rest fill up in order.
    expect(spreadTips(tips.slice(0, 3), 4).map((tip) => tip.id)).toEqual([1, 2, 3]);
  });

  it('avoid the matches a section above already shows, while others are left (issue #30.1)', () => {
    const by = (id: number, fixtureId: number, tipsterId: number) =>
      makeTip({ id, fixtureId, tipster: { ...makeTip().tipster, ...tipster(tipsterId) } });
    const premiumCards = [by(1, 100, 1), by(2, 101, 2)];
    const senior = [by(10, 100, 7), by(11, 101, 8), by(12, 102, 9), by(13, 103, 10), by(14, 100, 11)];
    // Matches 102 and 103 first, then the premium section's matches (no other is left).
    expect(spreadTips(senior, 4, premiumCards).map((tip) => tip.id)).toEqual([12, 13, 10, 11]);
  });

  it('asks for today up to the viewer’s next midnight, and for tomorrow the day after', () => {
    const now = new Date(2026, 10, 27, 23, 59);
    const midnight = (day: number) => encodeURIComponent(new Date(2026, 10, day).toISOString());
    expect(kickOffQuery('today', now)).toBe(`kickOffTo=${midnight(28)}`);
    expect(kickOffQuery('tomorrow', now)).toBe(`kickOffFrom=${midnight(28)}&kickOffTo=${midnight(29)}`);
  });
});
