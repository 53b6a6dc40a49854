import type { Clock } from '../../../lib/clock';

/**
 * The state of the local API-Football v3 emulator (a development and test stand-in, one per app):
 * scripted fixtures with their bookmakers' odds, a per-key minute quota, and a log of the calls it
 * answered (what a test counts polls with). It answers in API-Football's own shapes, so the real
 * adapter runs against it unchanged.
 */

/** The key the emulator accepts (any other, or none, gets API-Football's `errors.token`). */
export const SANDBOX_API_FOOTBALL_KEY = 'sandbox-local-api-football';
export const API_FOOTBALL_SANDBOX_PREFIX = '/sandbox/api-football';
/** API-Football pages /odds by 10 fixtures. */
export const ODDS_PAGE_SIZE = 10;

/** A bookmaker's bets as API-Football sends them. */
export interface SandboxBookmaker {
  id: number;
  name: string;
  bets: Array<{ id: number; name: string; values: Array<{ value: string | number; odd: string }> }>;
}

/** A scripted fixture: teams, kick-off and league, and the odds its bookmakers offer. */
export interface SandboxOddsFixture {
  id: number;
  league: number;
  season: number;
  /** ISO date-time of kick-off. */
  date: string;
  home: string;
  away: string;
  bookmakers: SandboxBookmaker[];
}

export function createApiFootballEmulator(clock: Clock, requestsPerMinute = 10) {
  const fixtures = new Map<number, SandboxOddsFixture>();
  const used = new Map<string, { minute: number; count: number }>();
  const calls: string[] = [];
  let limit = requestsPerMinute;

  const inDay = (f: SandboxOddsFixture, q: { league: number; season: number; date: string }) =>
    f.league === q.league && f.season === q.season && f.date.slice(0, 10) === q.date;
  const sorted = (q: { league: number; season: number; date: string }) =>
    [...fixtures.values()]
      .filter((f) => inDay(f, q))
      .sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id);
  const fixtureOf = (f: SandboxOddsFixture) => ({
    id: f.id,
    timezone: 'UTC',
    date: new Date(f.date).toISOString().replace('.000Z', '+00:00'),
    timestamp: Math.floor(new Date(f.date).getTime() / 1000),
  });
  const leagueOf = (f: SandboxOddsFixture) => ({
    id: f.league,
    name: `League ${f.league}`,
    season: f.season,
  });

  return {
    putFixture(fixture: SandboxOddsFixture) {
      fixtures.set(fixture.id, fixture);
    },
    reset() {
      fixtures.clear();
      used.clear();
      calls.length = 0;
    },
    setRequestsPerMinute(value: number) {
      limit = value;
      used.clear();
    },
    /** Every call answered (or refused) since the last reset, as 'path?query'. */
    calls: () => [...calls],
    /** Counts a call against the key's minute; false when the minute's quota is spent. */
    takeQuota(key: string, call: string): { allowed: boolean; remaining: number; resetSeconds: number } {
      calls.push(call);
      const nowMs = clock.now().getTime();
      const minute = Math.floor(nowMs / 60_000);
      const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
      const entry = used.get(key);
      const count = entry && entry.minute === minute ? entry.count : 0;
      if (count >= limit) return { allowed: false, remaining: 0, resetSeconds };
      used.set(key, { minute, count: count + 1 });
      return { allowed: true, remaining: limit - count - 1, resetSeconds };
    },
    /** `/fixtures` response entries of a league's day. */
    fixturesOf(q: { league: number; season: number; date: string }) {
      return sorted(q).map((f) => ({
        fixture: { ...fixtureOf(f), status: { long: 'Not Started', short: 'NS', elapsed: null } },
        league: leagueOf(f),
        teams: { home: { id: f.id * 2, name: f.home }, away: { id: f.id * 2 + 1, name: f.away } },
        goals: { home: null, away: null },
      }));
    },
    /** One page of `/odds` response entries of a league's day, and the page count. */
    oddsOf(q: { league: number; season: number; date: string; page: number }) {
      const priced = sorted(q).filter((f) => f.bookmakers.length > 0);
      const total = Math.max(1, Math.ceil(priced.length / ODDS_PAGE_SIZE));
      const page = priced.slice((q.page - 1) * ODDS_PAGE_SIZE, q.page * ODDS_PAGE_SIZE);
      const update = clock
        .now()
        .toISOString()
        .replace(/\.\d{3}Z$/, '+00:00');
      return {
        total,
        response: page.map((f) => ({
          league: leagueOf(f),
          fixture: fixtureOf(f),
          update,
          bookmakers: f.bookmakers,
        })),
      };
    },
  };
}

export type ApiFootballEmulator = ReturnType<typeof createApiFootballEmulator>;
