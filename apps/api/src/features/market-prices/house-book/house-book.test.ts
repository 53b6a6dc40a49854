import { describe, expect, it } from 'vitest';
import type { UpcomingFixture } from '../price-source.port';
import {
  fitHouseModel,
  HOUSE_BOOK_NAME,
  HOUSE_MARGIN,
  houseBookQuotes,
  offeredHundredths,
  type PlayedMatch,
} from './house-book';

const NOW = new Date('2025-03-10T12:00:00Z');
const day = (n: number) => new Date(NOW.getTime() - n * 86_400_000);

/** A season of results among teams 1–6 where team 1 wins most and team 6 loses most. */
function season(): PlayedMatch[] {
  const out: PlayedMatch[] = [];
  let n = 200;
  for (let home = 1; home <= 6; home++)
    for (let away = 1; away <= 6; away++) {
      if (home === away) continue;
      const diff = away - home; // the lower id is the better team
      out.push({
        homeTeamId: home,
        awayTeamId: away,
        ftHome: Math.max(0, 1 + Math.sign(diff)),
        ftAway: Math.max(0, 1 - Math.sign(diff)),
        htHome: diff > 0 ? 1 : 0,
        htAway: 0,
        kickoffAt: day(n--),
      });
    }
  return out;
}

const fixture = (home: number, away: number): UpcomingFixture => ({
  id: 99,
  competitionCode: 'en.1',
  kickoffAt: new Date(NOW.getTime() + 86_400_000),
  homeTeamId: home,
  awayTeamId: away,
  homeTeam: `Team ${home}`,
  awayTeam: `Team ${away}`,
  homeAliases: [],
  awayAliases: [],
});

const priceOf = (quotes: ReturnType<typeof houseBookQuotes>, type: number, selection: string) => {
  const quote = quotes.find((q) => q.bettingType === type && q.selection === selection);
  if (!quote) throw new Error(`no price for ${type} ${selection}`);
  return quote.oddsHundredths / 100;
};
const overround = (odds: number[]) => odds.reduce((sum, o) => sum + 1 / o, 0);

describe('the house book', () => {
  const model = fitHouseModel(season(), NOW, 'en.1');
  const quotes = houseBookQuotes(fixture(2, 5), model);

  it('prices all eleven betting types under its own name', () => {
    expect(new Set(quotes.map((q) => q.bettingType))).toEqual(new Set([1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 113]));
    expect(new Set(quotes.map((q) => q.bookmaker))).toEqual(new Set([HOUSE_BOOK_NAME]));
    expect(quotes.every((q) => q.oddsHundredths >= 102)).toBe(true);
  });

  it('carries a 5 % margin on every complete market', () => {
    const markets = [
      [3, ['Home', 'Draw', 'Away']],
      [6, ['Home', 'Draw', 'Away']],
      [2, ['Over 2.5', 'Under 2.5']],
      [2, ['Over 2.25', 'Under 2.25']],
      [2, ['Over 3', 'Under 3']],
      [8, ['Over 0.5', 'Under 0.5']],
      [1, ['Home -0.25', 'Away +0.25']],
      [1, ['Home -1', 'Away +1']],
      [113, ['Home', 'Away']],
      [15, ['Odd', 'Even']],
    ] as const;
    for (const [type, selections] of markets) {
      const sum = overround(selections.map((s) => priceOf(quotes, type, s)));
      expect(sum, `${type} ${selections.join('/')}`).toBeGreaterThanOrEqual(1 + HOUSE_MARGIN - 1e-9);
      expect(sum, `${type} ${selections.join('/')}`).toBeLessThan(1 + HOUSE_MARGIN + 0.01);
    }
  });

  it('makes the better team the favourite', () => {
    expect(priceOf(quotes, 3, 'Home')).toBeLessThan(priceOf(quotes, 3, 'Away'));
    const reversed = houseBookQuotes(fixture(5, 2), model);
    expect(priceOf(reversed, 3, 'Home')).toBeGreaterThan(priceOf(reversed, 3, 'Away'));
  });

  it('moves when a new result changes the ratings', () => {
    const upset: PlayedMatch = {
      homeTeamId: 2,
      awayTeamId: 5,
      ftHome: 0,
      ftAway: 4,
      htHome: 0,
      htAway: 2,
      kickoffAt: day(1),
    };
    const refitted = fitHouseModel([...season(), upset], NOW, 'en.1');
    expect(refitted.ratings.get('2')).toBeLessThan(model.ratings.get('2') as number);
    expect(refitted.ratings.get('5')).toBeGreaterThan(model.ratings.get('5') as number);
    const after = houseBookQuotes(fixture(2, 5), refitted);
    expect(priceOf(after, 3, 'Home')).toBeGreaterThan(priceOf(quotes, 3, 'Home'));
    expect(priceOf(after, 3, 'Away')).toBeLessThan(priceOf(quotes, 3, 'Away'));
  });

  it('does not list a price below 1.02 or above 1000', () => {
    expect(offeredHundredths(1.05)).toBeNull();
    expect(offeredHundredths(1.0815)).toBe(103);
    expect(offeredHundredths(2000)).toBeNull();
  });
});
