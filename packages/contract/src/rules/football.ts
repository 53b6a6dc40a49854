/** A fixture's status as the feeds report it (issue 16); scores are public only once decided. */
export const FIXTURE_STATUSES = [
  'scheduled',
  'live',
  'finished',
  'postponed',
  'cancelled',
  'abandoned',
  'awarded',
] as const;
export type FixtureStatus = (typeof FIXTURE_STATUSES)[number];

/** Statuses after which a match is decided one way or another: its result has arrived. */
export const RESULT_STATUSES: readonly FixtureStatus[] = ['finished', 'awarded', 'cancelled', 'abandoned'];
