// Money travels as integer cents (credits as hundredths; 1 USD = 1 credit), never as floats.
// Only the edges convert: API responses show dollars with 2 decimals, inputs arrive as numbers.

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Expected integer cents, got ${cents}`);
}

// Rounds half away from zero. toPrecision(15) first removes binary noise, so 1.005 and 12.345
// (stored as 1.00499… and 12.34499…) round up as a person would expect.
export function toCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const scaled = Number((Math.abs(amount) * 100).toPrecision(15));
  const cents = Math.sign(amount) * Math.round(scaled);
  assertCents(cents);
  return cents === 0 ? 0 : cents;
}

export function fromCents(cents: number): number {
  assertCents(cents);
  return cents / 100;
}

// Integer arithmetic only, and no locale: the same string on the server, in emails and in the browser.
export function formatCentsPlain(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function formatDollars(cents: number): string {
  const plain = formatCentsPlain(cents);
  return plain.startsWith('-') ? `-$${plain.slice(1)}` : `$${plain}`;
}

export function formatCredits(cents: number): string {
  return `${formatCentsPlain(cents)} Credits`;
}

// The dashboard shows prices rounded up to whole dollars (SPEC §9).
export function roundUpDollars(cents: number): number {
  assertCents(cents);
  const dollars = Math.ceil(cents / 100);
  return dollars === 0 ? 0 : dollars;
}
