import { roundUpDollars, toCents } from '@tips/contract/rules';

// SPEC §2/§9: the dashboard shows dates en-US short and prices rounded up to whole dollars.
const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

function valid(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Nov 22, 2026" */
export function formatDashboardDate(value: string): string {
  const date = valid(value);
  return date ? DATE.format(date) : '';
}

/** "Nov 22, 2026, 3:30 PM" */
export function formatDashboardDateTime(value: string): string {
  const date = valid(value);
  return date ? DATE_TIME.format(date) : '';
}

/** "$13" for 12.10 */
export function formatRoundedUpPrice(dollars: number): string {
  return `$${roundUpDollars(toCents(dollars))}`;
}
