// Back-office figures (admin and tipster portal) in the site's fixed formats (SPEC §9): en-GB dates
// with a 24-hour clock and dollar amounts with two decimals.
const DATE_TIME = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : DATE_TIME.format(date);
}

export function formatDollars(amount: number): string {
  return `$${amount.toFixed(2)}`;
}

export function formatCredits(amount: number): string {
  return amount.toFixed(2);
}
