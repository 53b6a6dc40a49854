import { describe, expect, it } from 'vitest';
import { estimateLuck } from './luck';
import { computeRecordFigures } from './record-figures';

const evens = (n: number) => Array.from({ length: n }, () => ({ oddsHundredths: 200, riskedHalfUnits: 2 }));

describe('luck: how often a no-edge bettor does at least as well', () => {
  it('matches the exact binomial tail for bets at evens', () => {
    // 10 bets at 2.00, 1 unit each: profit ≥ +4 units means ≥ 7 wins: P = 176/1024 = 0.1719.
    const luck = estimateLuck(evens(10), 4_000)!;
    expect(luck.simulations).toBe(10_000);
    expect(luck.hits / luck.simulations).toBeCloseTo(176 / 1024, 2);
    // Anything at all: every run ends at or above −10 units.
    expect(estimateLuck(evens(10), -10_000)!.hits).toBe(10_000);
  });

  it('runs 10,000 simulations up to 200 bets, then fewer (never under 2,000) to bound the work', () => {
    expect(estimateLuck(evens(200), 0)!.simulations).toBe(10_000);
    expect(estimateLuck(evens(500), 0)!.simulations).toBe(4_000);
    expect(estimateLuck(evens(1_500), 0)!.simulations).toBe(2_000);
  });

  it('is deterministic: the same record always gets the same figure', () => {
    const bets = [
      { oddsHundredths: 185, riskedHalfUnits: 6 },
      { oddsHundredths: 320, riskedHalfUnits: 1 },
    ];
    expect(estimateLuck(bets, 500)).toEqual(estimateLuck(bets, 500));
  });

  it('has nothing to say without a decided bet', () => {
    expect(estimateLuck([], 0)).toBeNull();
    const onlyPushes = computeRecordFigures([
      { eventTime: new Date('2026-10-01T15:00:00Z'), oddsHundredths: 190, stake: 3, outcome: 'VOID' },
    ]);
    expect(onlyPushes.luck).toBeNull();
    expect(onlyPushes.series).toEqual([{ date: '2026-10-01', tips: 1, profitMilli: 0 }]);
  });
});

describe('record figures in kick-off order', () => {
  it('counts losing runs across pushes, drawdown from the running peak, one point per day', () => {
    const at = (d: string) => new Date(`${d}T15:00:00Z`);
    const figures = computeRecordFigures([
      { eventTime: at('2026-10-01'), oddsHundredths: 300, stake: 2, outcome: 'WIN' }, // +4
      { eventTime: at('2026-10-01'), oddsHundredths: 200, stake: 1, outcome: 'LOSS' }, // +3
      { eventTime: at('2026-10-02'), oddsHundredths: 200, stake: 4, outcome: 'HALF_LOSS' }, // +1
      { eventTime: at('2026-10-03'), oddsHundredths: 200, stake: 5, outcome: 'VOID' }, // +1
      { eventTime: at('2026-10-04'), oddsHundredths: 200, stake: 1, outcome: 'LOSS' }, // 0
      { eventTime: at('2026-10-05'), oddsHundredths: 190, stake: 2, outcome: 'HALF_WIN' }, // +0.9
      { eventTime: at('2026-10-06'), oddsHundredths: 200, stake: 1, outcome: 'LOSS' }, // −0.1
    ]);
    expect(figures.profitMilli).toBe(-100);
    expect(figures.longestLosingRun).toBe(3);
    expect(figures.maxDrawdownMilli).toBe(4_100);
    expect(figures.series.map((p) => [p.date, p.tips, p.profitMilli])).toEqual([
      ['2026-10-01', 2, 3_000],
      ['2026-10-02', 1, 1_000],
      ['2026-10-03', 1, 1_000],
      ['2026-10-04', 1, 0],
      ['2026-10-05', 1, 900],
      ['2026-10-06', 1, -100],
    ]);
  });
});

// Decision 150: the no-edge bettor wins with the market's margin-free probability at the tip's
// reference price, not 1/odds: a tipster who took 2.00 on a 40 % chance is less likely lucky.
describe('luck at the reference price', () => {
  const won = (winPpm: number | null) =>
    estimateLuck(
      Array.from({ length: 20 }, () => ({ oddsHundredths: 200, riskedHalfUnits: 2, winPpm })),
      // 14 wins and 6 losses at 2.00, one unit each: +8 units.
      8_000,
    );
  it('uses the fair probability where a tip has one, 1/odds where it has none', () => {
    const unverified = won(null);
    const verified = won(400_000);
    expect(unverified && verified).toBeTruthy();
    if (!unverified || !verified) return;
    // P(at least 14 of 20) is about 5.8 % at 1/2 and 0.2 % at 0.4.
    expect(unverified.hits / unverified.simulations).toBeCloseTo(0.058, 1);
    expect(verified.hits / verified.simulations).toBeLessThan(0.01);
  });
});
