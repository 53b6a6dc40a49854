import type { FixtureStatus } from '@tips/contract/rules';

export type { FixtureStatus };
export type FixtureSource = 'openfootball' | 'football-data' | 'replay';

/**
 * One fixture as a source gives it (an openfootball file, football-data.org, the demo's replay).
 * Every source maps its own shape to this one; the fixture writer matches rows by
 * (source, sourceId), resolves team names through their aliases and reports what changed.
 */
export interface FeedFixture {
  source: FixtureSource;
  /** Stable key of the fixture in its source: a re-import of a newer file finds the same row. */
  sourceId: string;
  /** openfootball's competition code ('en.1', 'uefa.cl' …). */
  competitionCode: string;
  /** '2024-25' or '2024'. */
  season: string;
  round: string;
  /** Team names as the source spells them. */
  homeTeam: string;
  awayTeam: string;
  kickoffAt: Date;
  status: FixtureStatus;
  halfTime: readonly [number, number] | null;
  fullTime: readonly [number, number] | null;
}

/** What writing a batch of fixtures did. */
export interface FixtureWriteReport {
  added: number;
  updated: number;
  unchanged: number;
  /** Ids of fixtures whose result (score or final status) arrived or changed in this batch. */
  resultChangedIds: number[];
}
