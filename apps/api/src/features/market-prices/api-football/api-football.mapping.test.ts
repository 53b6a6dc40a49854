import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FixtureBatch, UpcomingFixture } from '../price-source.port';
import {
  mapBetValue,
  matchFixture,
  oddsHundredthsOf,
  quotesOf,
  readFixtures,
  readOdds,
} from './api-football.mapping';

// Recorded responses in API-Football v3's shape (league 39, season 2024, 2025-03-15): /fixtures with
// the teams, /odds with three fixtures and bookmakers offering our markets and others.
const recorded = (name: string) =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, 'recorded', name), 'utf8')) as unknown;
const fixturesBody = recorded('fixtures-39-2024-2025-03-15.json');
const oddsBody = recorded('odds-39-2024-2025-03-15.json');

const ours = (
  id: number,
  kickoff: string,
  home: string,
  away: string,
  aliases: { home?: string[]; away?: string[] } = {},
): UpcomingFixture => ({
  id,
  competitionCode: 'en.1',
  kickoffAt: new Date(kickoff),
  homeTeamId: id * 10,
  awayTeamId: id * 10 + 1,
  homeTeam: home,
  awayTeam: away,
  homeAliases: aliases.home ?? [home.toLowerCase()],
  awayAliases: aliases.away ?? [away.toLowerCase()],
});

const batch: FixtureBatch = {
  competitionCode: 'en.1',
  day: '2025-03-15',
  fixtures: [
    ours(11, '2025-03-15T15:00:00Z', 'Arsenal FC', 'Chelsea FC', {
      home: ['arsenal fc'],
      away: ['chelsea fc'],
    }),
    ours(12, '2025-03-15T17:30:00Z', 'Manchester United FC', 'Everton FC'),
    ours(13, '2025-03-15T20:00:00Z', 'Liverpool FC', 'Tottenham Hotspur FC'),
  ],
};

describe('API-Football bets → our betting types and canonical selections', () => {
  it.each([
    ['Match Winner', 'Home', 3, 'Home'],
    ['Match Winner', 'Draw', 3, 'Draw'],
    ['First Half Winner', 'Away', 6, 'Away'],
    ['Home/Away', 'Home', 113, 'Home'],
    // Both sides of a handicap carry the home team's line: the away side's line is negated.
    ['Asian Handicap', 'Home -1.25', 1, 'Home -1.25'],
    ['Asian Handicap', 'Away -1.25', 1, 'Away +1.25'],
    ['Asian Handicap', 'Home +0', 1, 'Home 0'],
    ['Asian Handicap', 'Away +0', 1, 'Away 0'],
    ['Asian Handicap', 'Away +0.25', 1, 'Away -0.25'],
    ['Asian Handicap First Half', 'Away -0.5', 5, 'Away +0.5'],
    ['Handicap Result', 'Home -1', 14, 'Home -1'],
    ['Handicap Result', 'Away -1', 14, 'Away +1'],
    ['Handicap Result', 'Away +1', 14, 'Away -1'],
    ['Goals Over/Under', 'Over 2.0', 2, 'Over 2'],
    ['Goals Over/Under', 'Under 2.75', 2, 'Under 2.75'],
    ['Goals Over/Under First Half', 'Over 0.5', 8, 'Over 0.5'],
    ['Exact Score', '2:1', 4, '2-1'],
    ['Correct Score - First Half', '0:0', 7, '0-0'],
    ['Odd/Even', 'Even', 15, 'Even'],
  ])('%s %s → type %i %s', (bet, value, bettingType, selection) => {
    expect(mapBetValue(bet, value)).toEqual({ bettingType, selection });
  });

  it.each([
    ['Handicap Result', 'Draw -1'],
    ['Handicap Result', 'Home -1.5'],
    ['Second Half Winner', 'Home'],
    ['Both Teams Score', 'Yes'],
    ['Double Chance', 'Home/Draw'],
    ['Corners Over Under', 'Over 8.5'],
    ['Asian Handicap', 'Home -4.5'],
    ['Goals Over/Under', 'Over 7.5'],
    ['Exact Goals Number', 4],
    ['Match Winner', '1'],
  ])('drops %s %s (not a market we sell)', (bet, value) => {
    expect(mapBetValue(bet, value)).toBeNull();
  });

  it('reads odds as hundredths and refuses prices that pay nothing', () => {
    expect(oddsHundredthsOf('1.73')).toBe(173);
    expect(oddsHundredthsOf(2.5)).toBe(250);
    expect(oddsHundredthsOf('1.00')).toBeNull();
    expect(oddsHundredthsOf('abc')).toBeNull();
    expect(oddsHundredthsOf('')).toBeNull();
  });
});

describe('the recorded responses', () => {
  it('reads the teams of /fixtures', () => {
    expect(readFixtures(fixturesBody).map((f) => `${f.id} ${f.homeTeam} v ${f.awayTeam}`)).toEqual([
      '1208291 Arsenal v Chelsea',
      '1208292 Manchester United v Everton',
      '1208293 Brentford v Fulham',
    ]);
  });

  it('maps every bookmaker price of /odds we sell, and only those', () => {
    const books = readOdds(oddsBody);
    expect(books.map((b) => `${b.apiFixtureId} ${b.bookmaker} ${b.prices.length}`)).toEqual([
      '1208291 Marathonbet 48',
      '1208291 Bet365 7',
      '1208292 Bwin 5',
      '1208293 Bwin 3',
    ]);
    const marathon = new Map(
      books[0].prices.map((p) => [`${p.bettingType} ${p.selection}`, p.oddsHundredths]),
    );
    expect(Object.fromEntries(marathon)).toMatchObject({
      '3 Home': 173,
      '3 Draw': 380,
      '3 Away': 495,
      '113 Away': 356,
      '1 Home -1.25': 271,
      '1 Away +1.25': 144,
      '1 Away -0.25': 415,
      '1 Away +2.75': 101,
      '2 Over 2': 150,
      '2 Under 0.5': 1025,
      '8 Under 1': 185,
      '14 Home -1': 315,
      '14 Away +1': 206,
      '14 Away -1': 1050,
      '4 0-1': 1125,
      '6 Away': 535,
      '5 Away +0.5': 160,
      '15 Even': 185,
      '7 2-1': 1600,
    });
    // "Over 0.5" at 1.00 pays nothing; "Draw -1" and the bets we do not sell are left out.
    expect(marathon.has('2 Over 0.5')).toBe(false);
    // A duplicate value keeps the first price.
    expect(books[1].prices.find((p) => p.selection === 'Over 2.5')?.oddsHundredths).toBe(198);
  });

  it('keeps only the prices of our fixtures, matched by team aliases and kick-off', () => {
    const quotes = quotesOf(batch, fixturesBody, [oddsBody]);
    expect(new Set(quotes.map((q) => q.fixtureId))).toEqual(new Set([11, 12]));
    expect(quotes.filter((q) => q.fixtureId === 11)).toHaveLength(55);
    expect(quotes.find((q) => q.fixtureId === 12 && q.selection === 'Away +0.25')).toEqual({
      fixtureId: 12,
      bettingType: 1,
      selection: 'Away +0.25',
      bookmaker: 'Bwin',
      oddsHundredths: 184,
    });
  });
});

describe('matching a fixture of theirs to ours', () => {
  const theirs = {
    id: 1,
    kickoffAt: new Date('2025-03-15T15:00:00Z'),
    homeTeam: 'Arsenal',
    awayTeam: 'Chelsea',
  };
  const arsenal = ours(11, '2025-03-15T15:00:00Z', 'Arsenal FC', 'Chelsea FC', {
    home: ['arsenal fc'],
    away: ['chelsea fc'],
  });

  it('matches both teams through their aliases, a club affix aside', () => {
    expect(matchFixture(theirs, [arsenal])?.id).toBe(11);
  });

  it('matches a kick-off moved by up to 3 hours when both teams match', () => {
    const moved = { ...arsenal, kickoffAt: new Date('2025-03-15T17:30:00Z') };
    expect(matchFixture(theirs, [moved])?.id).toBe(11);
    expect(
      matchFixture(theirs, [{ ...arsenal, kickoffAt: new Date('2025-03-15T19:00:00Z') }]),
    ).toBeUndefined();
  });

  it('matches one team only at the same kick-off', () => {
    const otherName = { ...arsenal, awayAliases: ['chelsea football club london'] };
    expect(matchFixture(theirs, [otherName])?.id).toBe(11);
    expect(
      matchFixture(theirs, [{ ...otherName, kickoffAt: new Date('2025-03-15T16:00:00Z') }]),
    ).toBeUndefined();
  });

  it('does not match other teams', () => {
    expect(matchFixture({ ...theirs, homeTeam: 'Brentford', awayTeam: 'Fulham' }, [arsenal])).toBeUndefined();
  });
});
