import { describe, expect, it } from 'vitest';
import { makeTip } from '../../../test/public-test-kit.test-support';
import { endOfToday, spreadTips } from './home-tips';

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

  it('asks for today up to the viewer’s next midnight', () => {
    expect(endOfToday(new Date(2026, 10, 27, 23, 59))).toBe(new Date(2026, 10, 28).toISOString());
  });
});
