import { describe, expect, it } from 'vitest';
import { kickOffDayFrom, kickOffWindow, withKickOffDay } from './kick-off-day';

describe('kick-off days', () => {
  it('today ends at the viewer’s next midnight; tomorrow is the day after; later is open-ended', () => {
    const now = new Date(2026, 10, 27, 22, 30); // local time, whatever the zone of the test run
    expect(kickOffWindow('today', now)).toEqual({ kickOffTo: new Date(2026, 10, 28).toISOString() });
    expect(kickOffWindow('tomorrow', now)).toEqual({
      kickOffFrom: new Date(2026, 10, 28).toISOString(),
      kickOffTo: new Date(2026, 10, 29).toISOString(),
    });
    expect(kickOffWindow('later', now)).toEqual({ kickOffFrom: new Date(2026, 10, 29).toISOString() });
  });

  it('reads and writes the day in the address, today being the default', () => {
    expect(kickOffDayFrom(new URLSearchParams('day=tomorrow'))).toBe('tomorrow');
    expect(kickOffDayFrom(new URLSearchParams('day=yesterday'))).toBe('today');
    expect(withKickOffDay('/today-tips?types=1', 'later')).toBe('/today-tips?types=1&day=later');
    expect(withKickOffDay('/today-tips', 'today')).toBe('/today-tips');
  });
});
