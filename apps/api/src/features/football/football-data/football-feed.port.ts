import type { FeedFixture } from '../feed-fixture';

/**
 * A live source of fixtures and results, behind a port like PayPal's: the REST adapter implements
 * it against football-data.org v4 (or the local emulator, which speaks the same HTTP); tests may
 * pass a fake. Sources map their own shapes to FeedFixture, which the fixture writer stores.
 */

/** Inclusive UTC calendar days, YYYY-MM-DD (football-data.org's dateFrom/dateTo). */
export interface MatchWindow {
  dateFrom: string;
  dateTo: string;
}

export interface FootballFeedPort {
  /** The matches of one competition (the source's code, e.g. 'PL') kicking off in the window. */
  listMatches(competition: string, window: MatchWindow): Promise<FeedFixture[]>;
}

export type FootballFeedErrorKind =
  /** The token is missing, invalid, or not allowed this competition: retrying will not help. */
  | 'unauthorized'
  /** Still rate-limited after the client's back-off: try at the next poll. */
  | 'rate-limited'
  /** Network failure, timeout, a 5xx or an unreadable body: try at the next poll. */
  | 'unavailable'
  /** Any other refusal (unknown competition, bad dates). */
  | 'rejected';

export class FootballFeedError extends Error {
  constructor(
    readonly kind: FootballFeedErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FootballFeedError';
  }
}
