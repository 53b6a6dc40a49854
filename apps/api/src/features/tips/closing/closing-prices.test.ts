import { describe, expect, it } from 'vitest';
import { closingOf } from './closing-prices.service';

const KICKOFF = new Date('2026-03-01T15:00:00Z');

describe('a tip’s closing from the last price before kick-off', () => {
  it('removes the margin of the whole market proportionally', () => {
    // 1X2 at 2.00 / 3.50 / 4.00 (overround 1.035714); the tip took Home at 2.20.
    const price = {
      oddsHundredths: 200,
      checkedAt: new Date('2026-03-01T14:52:00Z'),
      market: [
        { selection: 'Away', oddsHundredths: 400 },
        { selection: 'Draw', oddsHundredths: 350 },
        { selection: 'Home', oddsHundredths: 200 },
      ],
    };
    expect(closingOf(220, price, KICKOFF)).toEqual({
      status: 'closed',
      oddsHundredths: 200,
      priceAt: new Date('2026-03-01T14:52:00Z'),
      overroundPpm: 1_035_714,
      // 2.20 ÷ (2.00 × 1.035714) − 1 = +6.207 %.
      clvPpm: 62_069,
    });
  });

  it('says when the price was last seen, never after kick-off', () => {
    const price = { oddsHundredths: 190, checkedAt: new Date('2026-03-01T15:03:00Z'), market: [] };
    expect(closingOf(190, price, KICKOFF)).toMatchObject({
      priceAt: KICKOFF,
      overroundPpm: 1_000_000,
      clvPpm: 0,
    });
  });

  it('closes without a price when the market had none', () => {
    expect(closingOf(190, null, KICKOFF)).toEqual({ status: 'no_price' });
  });
});
