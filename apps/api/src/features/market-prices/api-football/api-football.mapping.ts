import { formatLine, normalizeSelection } from '@tips/contract/rules';
import { teamAlias } from '../../football/team-alias';
import type { FixtureBatch, PriceQuote, UpcomingFixture } from '../price-source.port';

/**
 * API-Football v3's shapes mapped to ours (decision 135). `/odds` answers per fixture:
 * `response[].fixture {id, date}`, `.bookmakers[].bets[] {id, name, values[] {value, odd}}` — and
 * no team names, so `/fixtures` (same league, season and day) gives the teams a fixture is matched
 * to ours by. Each bet we sell maps to one of the eleven betting types and each value to the tips'
 * canonical selection; every other bet or value (corners, cards, "Draw -1" of the three-way
 * handicap, lines outside what publishing accepts) is dropped.
 *
 * Handicap lines: API-Football writes both sides of an Asian or European handicap with the HOME
 * team's line ("Home -1.25" 2.71 / "Away -1.25" 1.44 is one line: the away side gets +1.25), so an
 * Away value's line is negated into our spelling ('Away +1.25').
 */

type Side = 'Home' | 'Away';

/** How one API-Football bet maps onto one of our betting types. */
interface BetMapping {
  bettingType: number;
  kind: 'three-way' | 'two-way' | 'handicap' | 'total' | 'score' | 'odd-even';
}

export const BET_MAPPINGS: Readonly<Record<string, BetMapping>> = {
  'Match Winner': { bettingType: 3, kind: 'three-way' },
  'First Half Winner': { bettingType: 6, kind: 'three-way' },
  'Home/Away': { bettingType: 113, kind: 'two-way' },
  'Asian Handicap': { bettingType: 1, kind: 'handicap' },
  'Asian Handicap First Half': { bettingType: 5, kind: 'handicap' },
  'Handicap Result': { bettingType: 14, kind: 'handicap' },
  'Goals Over/Under': { bettingType: 2, kind: 'total' },
  'Goals Over/Under First Half': { bettingType: 8, kind: 'total' },
  'Exact Score': { bettingType: 4, kind: 'score' },
  'Correct Score - First Half': { bettingType: 7, kind: 'score' },
  'Odd/Even': { bettingType: 15, kind: 'odd-even' },
};

/** Our (betting type, canonical selection) for one value of one bet, or null when we do not sell it. */
export function mapBetValue(
  betName: string,
  rawValue: unknown,
): { bettingType: number; selection: string } | null {
  const mapping = BET_MAPPINGS[betName.trim()];
  if (!mapping || (typeof rawValue !== 'string' && typeof rawValue !== 'number')) return null;
  const value = String(rawValue).trim();
  const { bettingType } = mapping;
  let candidate: string | null = null;
  switch (mapping.kind) {
    case 'three-way':
      candidate = /^(home|draw|away)$/i.test(value) ? value : null;
      break;
    case 'two-way':
    case 'odd-even':
      candidate = value;
      break;
    case 'handicap': {
      const match = /^(Home|Away)\s*([+-]?\d{1,2}(?:\.\d{1,2})?)$/i.exec(value);
      if (!match) return null;
      const side = (match[1].charAt(0).toUpperCase() + match[1].slice(1).toLowerCase()) as Side;
      const homeLine = Number(match[2]);
      const line = (side === 'Home' ? homeLine : -homeLine) + 0; // + 0 turns -0 into 0
      candidate = `${side} ${line === 0 ? '0' : formatLine(bettingType, line)}`;
      break;
    }
    case 'total': {
      const match = /^(Over|Under)\s+(\d{1,2}(?:\.\d{1,2})?)$/i.exec(value);
      candidate = match ? `${match[1]} ${Number(match[2])}` : null;
      break;
    }
    case 'score': {
      const match = /^(\d{1,2})\s*[:-]\s*(\d{1,2})$/.exec(value);
      candidate = match ? `${Number(match[1])}-${Number(match[2])}` : null;
      break;
    }
  }
  if (candidate === null) return null;
  const selection = normalizeSelection(bettingType, candidate);
  return selection ? { bettingType, selection } : null;
}

/** '1.85' or 1.85 → 185; null unless a decimal price above 1.00 and at most 1000. */
export function oddsHundredthsOf(raw: unknown): number | null {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  if (!/^\d{1,4}(\.\d+)?$/.test(text)) return null;
  const hundredths = Math.round(Number(text) * 100);
  return hundredths > 100 && hundredths <= 100_000 ? hundredths : null;
}

// ------------------------------------------------------------------------------------------------
// Reading the bodies: unknown JSON checked by hand (a changed field drops the entry, never throws).

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const arrayOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** A fixture from `/fixtures`: its id, kick-off and team names. */
export interface ApiFootballFixture {
  id: number;
  kickoffAt: Date;
  homeTeam: string;
  awayTeam: string;
}

export function readFixtures(body: unknown): ApiFootballFixture[] {
  if (!isRecord(body)) return [];
  const out: ApiFootballFixture[] = [];
  for (const entry of arrayOf(body.response)) {
    if (!isRecord(entry) || !isRecord(entry.fixture) || !isRecord(entry.teams)) continue;
    const { fixture, teams } = entry;
    const home = isRecord(teams.home) ? teams.home.name : undefined;
    const away = isRecord(teams.away) ? teams.away.name : undefined;
    const kickoffAt = typeof fixture.date === 'string' ? new Date(fixture.date) : null;
    if (typeof fixture.id !== 'number' || typeof home !== 'string' || typeof away !== 'string') continue;
    if (!kickoffAt || Number.isNaN(kickoffAt.getTime())) continue;
    out.push({ id: fixture.id, kickoffAt, homeTeam: home, awayTeam: away });
  }
  return out;
}

/** One bookmaker's prices of one fixture, mapped to our selections (first price of a duplicate kept). */
export interface ApiFootballPrices {
  apiFixtureId: number;
  bookmaker: string;
  prices: Array<{ bettingType: number; selection: string; oddsHundredths: number }>;
}

export function readOdds(body: unknown): ApiFootballPrices[] {
  if (!isRecord(body)) return [];
  const out: ApiFootballPrices[] = [];
  for (const entry of arrayOf(body.response)) {
    if (!isRecord(entry) || !isRecord(entry.fixture) || typeof entry.fixture.id !== 'number') continue;
    const apiFixtureId = entry.fixture.id;
    for (const bookmaker of arrayOf(entry.bookmakers)) {
      if (!isRecord(bookmaker) || typeof bookmaker.name !== 'string' || bookmaker.name.trim() === '')
        continue;
      const seen = new Set<string>();
      const prices: ApiFootballPrices['prices'] = [];
      for (const bet of arrayOf(bookmaker.bets)) {
        if (!isRecord(bet) || typeof bet.name !== 'string') continue;
        for (const value of arrayOf(bet.values)) {
          if (!isRecord(value)) continue;
          const mapped = mapBetValue(bet.name, value.value);
          const oddsHundredths = oddsHundredthsOf(value.odd);
          if (!mapped || oddsHundredths === null) continue;
          const key = `${mapped.bettingType}|${mapped.selection}`;
          if (seen.has(key)) continue;
          seen.add(key);
          prices.push({ ...mapped, oddsHundredths });
        }
      }
      if (prices.length > 0) out.push({ apiFixtureId, bookmaker: bookmaker.name.trim(), prices });
    }
  }
  return out;
}

/** `paging.total` of a body (1 when absent). */
export function totalPages(body: unknown): number {
  const total = isRecord(body) && isRecord(body.paging) ? body.paging.total : undefined;
  return typeof total === 'number' && Number.isInteger(total) && total >= 1 ? total : 1;
}

// ------------------------------------------------------------------------------------------------
// Matching their fixtures to ours: team names through the aliases we keep, and kick-off time.

/** Words clubs carry in one source and not another ('Arsenal FC' / 'Arsenal'), left out when matching. */
const CLUB_AFFIXES = new Set([
  'fc',
  'afc',
  'cf',
  'sc',
  'ac',
  'as',
  'ssc',
  'us',
  'cd',
  'ud',
  'rc',
  'sv',
  'fk',
  'sk',
  'bk',
  'if',
]);

function looseKey(alias: string): string {
  const words = alias.split(' ').filter((word) => !CLUB_AFFIXES.has(word));
  return words.length > 0 ? words.join(' ') : alias;
}

function spells(aliases: readonly string[], name: string): boolean {
  const key = teamAlias(name);
  const loose = looseKey(key);
  return aliases.some((alias) => alias === key || looseKey(alias) === loose);
}

const HOURS = 3_600_000;

/**
 * Our fixture for theirs: both teams spelled as one of their aliases and kick-off within 3 hours
 * (a rescheduled kick-off time), or one team and the same kick-off (within 15 minutes: a team
 * plays one match at a time, so a third spelling of the other team cannot mislead).
 */
export function matchFixture(
  theirs: ApiFootballFixture,
  ours: readonly UpcomingFixture[],
): UpcomingFixture | undefined {
  const gap = (f: UpcomingFixture) => Math.abs(f.kickoffAt.getTime() - theirs.kickoffAt.getTime());
  const home = (f: UpcomingFixture) => spells(f.homeAliases, theirs.homeTeam);
  const away = (f: UpcomingFixture) => spells(f.awayAliases, theirs.awayTeam);
  return (
    ours.find((f) => home(f) && away(f) && gap(f) <= 3 * HOURS) ??
    ours.find((f) => (home(f) || away(f)) && gap(f) <= 0.25 * HOURS)
  );
}

/** Every price of the bodies that belongs to one of the batch's fixtures. */
export function quotesOf(
  batch: FixtureBatch,
  fixturesBody: unknown,
  oddsBodies: readonly unknown[],
): PriceQuote[] {
  const ours = new Map<number, UpcomingFixture>();
  for (const theirs of readFixtures(fixturesBody)) {
    const match = matchFixture(theirs, batch.fixtures);
    if (match) ours.set(theirs.id, match);
  }
  const quotes: PriceQuote[] = [];
  for (const body of oddsBodies) {
    for (const book of readOdds(body)) {
      const fixture = ours.get(book.apiFixtureId);
      if (!fixture) continue;
      for (const price of book.prices)
        quotes.push({ fixtureId: fixture.id, bookmaker: book.bookmaker, ...price });
    }
  }
  return quotes;
}
