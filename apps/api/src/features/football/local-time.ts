import { tzOffset } from '@date-fns/tz';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The UTC instant of a wall-clock time in an IANA zone. Of a time that happens twice (the hour
 * clocks go back) the first is taken; a time that never happens (the hour clocks go forward) is
 * moved forward by the gap, as a clock on the wall would show it (02:30 → 03:30 in Berlin).
 * These are the rules of Temporal's 'compatible' disambiguation.
 */
export function zonedTimeToUtc(
  date: { year: number; month: number; day: number },
  time: { hour: number; minute: number },
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  const offsetBefore = tzOffset(timeZone, new Date(wall - DAY));
  const offsetAfter = tzOffset(timeZone, new Date(wall + DAY));
  const candidates = [...new Set([wall - offsetBefore * MINUTE, wall - offsetAfter * MINUTE])]
    .filter((instant) => instant + tzOffset(timeZone, new Date(instant)) * MINUTE === wall)
    .sort((a, b) => a - b);
  // No candidate: the time falls in a gap; read with the offset before it, it lands after the gap.
  return new Date(candidates[0] ?? wall - offsetBefore * MINUTE);
}
