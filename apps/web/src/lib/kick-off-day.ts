/**
 * Issue #30.1: "today" is the viewer's day, in the viewer's time zone; tomorrow and later are one
 * click away. The list asks the API for the kick-off window of the chosen day.
 */
export const KICK_OFF_DAYS = ['today', 'tomorrow', 'later'] as const;
export type KickOffDay = (typeof KICK_OFF_DAYS)[number];

export function kickOffDayFrom(search: URLSearchParams): KickOffDay {
  const day = search.get('day');
  return KICK_OFF_DAYS.find((known) => known === day) ?? 'today';
}

/** Local midnight `days` after today's: the browser's own zone, summer time included. */
function midnightAfter(now: Date, days: number): Date {
  const date = new Date(now);
  date.setHours(0, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return date;
}

export function kickOffWindow(day: KickOffDay, now: Date): { kickOffFrom?: string; kickOffTo?: string } {
  if (day === 'today') return { kickOffTo: midnightAfter(now, 1).toISOString() };
  if (day === 'tomorrow') {
    return {
      kickOffFrom: midnightAfter(now, 1).toISOString(),
      kickOffTo: midnightAfter(now, 2).toISOString(),
    };
  }
  return { kickOffFrom: midnightAfter(now, 2).toISOString() };
}

/** `path` with the day kept (today, the default, is left out of the address). */
export function withKickOffDay(path: string, day: KickOffDay): string {
  if (day === 'today') return path;
  const [pathname, query = ''] = path.split('?');
  const search = new URLSearchParams(query);
  search.set('day', day);
  return `${pathname}?${search}`;
}
