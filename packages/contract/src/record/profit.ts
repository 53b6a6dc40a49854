import type { RecordOutcome } from './record-export';

/**
 * Profit of one settled tip in thousandths of a unit (exact: a half win of 1 unit at 1.85 is
 * 0.425), by bookmakers' rules: win stake×(odds−1), half win half of it, void 0, half loss
 * −stake/2, loss −stake.
 */
export function profitThousandths(outcome: RecordOutcome, stake: number, oddsHundredths: number): number {
  switch (outcome) {
    case 'WIN':
      return stake * (oddsHundredths - 100) * 10;
    case 'HALF_WIN':
      return stake * (oddsHundredths - 100) * 5;
    case 'VOID':
      return 0;
    case 'HALF_LOSS':
      return -stake * 500;
    case 'LOSS':
      return -stake * 1000;
  }
}

/** "12.35", "-3.50": units with two decimals, half a hundredth rounded away from zero. */
export function formatUnits(thousandths: number): string {
  const sign = thousandths < 0 ? '-' : '';
  const hundredths = Math.round(Math.abs(thousandths) / 10);
  return `${sign}${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}
