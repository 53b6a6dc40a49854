import type { Clock } from '../../../lib/clock';

/**
 * The state of the local football-data.org emulator: a scriptable set of v4 matches and the
 * per-token minute quota, kept in memory (a development and test stand-in, one per app).
 */

/** The token the emulator accepts (any other, or none, is refused as football-data.org does). */
export const SANDBOX_FOOTBALL_DATA_TOKEN = 'sandbox-local-football-data';
export const FOOTBALL_DATA_SANDBOX_PREFIX = '/sandbox/football-data';

/** A v4 match as football-data.org sends it; scripted by tests through the emulator's routes. */
export type SandboxMatch = {
  id: number;
  utcDate: string;
  competition: { code: string; [key: string]: unknown };
  [key: string]: unknown;
};

export interface QuotaAnswer {
  allowed: boolean;
  available: number;
  resetSeconds: number;
}

export function createFootballDataEmulator(clock: Clock, requestsPerMinute = 10) {
  const matches = new Map<number, SandboxMatch>();
  const used = new Map<string, { minute: number; count: number }>();
  let limit = requestsPerMinute;
  let requests = 0;

  return {
    putMatch(match: SandboxMatch) {
      matches.set(match.id, match);
    },
    reset() {
      matches.clear();
      used.clear();
      requests = 0;
    },
    setRequestsPerMinute(value: number) {
      limit = value;
      used.clear();
    },
    /** Requests answered (or refused) since the last reset: what a test counts calls with. */
    requestCount: () => requests,
    /** Counts a call against the token's minute; the answer says whether it may go through. */
    takeQuota(token: string): QuotaAnswer {
      requests++;
      const nowMs = clock.now().getTime();
      const minute = Math.floor(nowMs / 60_000);
      const resetSeconds = Math.max(1, Math.ceil(((minute + 1) * 60_000 - nowMs) / 1000));
      const entry = used.get(token);
      const count = entry && entry.minute === minute ? entry.count : 0;
      if (count >= limit) return { allowed: false, available: 0, resetSeconds };
      used.set(token, { minute, count: count + 1 });
      return { allowed: true, available: limit - count - 1, resetSeconds };
    },
    /** The competition's matches kicking off on the days dateFrom … dateTo (UTC, inclusive). */
    listMatches(code: string, dateFrom: string, dateTo: string): SandboxMatch[] {
      return [...matches.values()]
        .filter((m) => m.competition.code === code)
        .filter((m) => {
          const day = m.utcDate.slice(0, 10);
          return day >= dateFrom && day <= dateTo;
        })
        .sort((a, b) => a.utcDate.localeCompare(b.utcDate) || a.id - b.id);
    },
  };
}

export type FootballDataEmulator = ReturnType<typeof createFootballDataEmulator>;
