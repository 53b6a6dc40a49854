/** UTC period keys for the statistics aggregates: all time, calendar month, ISO week (Monday). */
export const ALL_TIME_START = '1970-01-01';

export function monthStart(d: Date): string {
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

export function weekStart(d: Date): string {
  const day = (d.getUTCDay() + 6) % 7; // Monday = 0
  const monday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
  return monday.toISOString().slice(0, 10);
}

export function periodKeys(d: Date): Array<{ period: 'all' | 'month' | 'week'; periodStart: string }> {
  return [
    { period: 'all', periodStart: ALL_TIME_START },
    { period: 'month', periodStart: monthStart(d) },
    { period: 'week', periodStart: weekStart(d) },
  ];
}
