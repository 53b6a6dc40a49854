import type { PriceSource } from '@tips/contract';

/**
 * A source of market prices, behind a port like the football feed and PayPal (decision 135): the
 * API-Football adapter reads real bookmakers' prices; without a key the house book makes demo
 * prices from a rating model plus a stated margin. The refresher asks a source for one batch at a
 * time — the upcoming fixtures of one competition on one UTC day — because that is how a real
 * odds API is polled without spending a call per fixture.
 */

/** An upcoming fixture of ours, with what a source needs to find it in its own data. */
export interface UpcomingFixture {
  id: number;
  /** Our competition code ('en.1', 'de.1' …). */
  competitionCode: string;
  kickoffAt: Date;
  homeTeamId: number;
  awayTeamId: number;
  homeTeam: string;
  awayTeam: string;
  /** Every spelling a feed used for each team, folded by teamAlias. */
  homeAliases: readonly string[];
  awayAliases: readonly string[];
}

/** The upcoming fixtures of one competition kicking off on one UTC day. */
export interface FixtureBatch {
  competitionCode: string;
  /** YYYY-MM-DD (UTC). */
  day: string;
  fixtures: readonly UpcomingFixture[];
}

/** One price one bookmaker offers for one selection of one of our fixtures. */
export interface PriceQuote {
  fixtureId: number;
  /** One of the eleven betting types. */
  bettingType: number;
  /** The tips' canonical spelling (normalizeSelection). */
  selection: string;
  bookmaker: string;
  /** Decimal odds in hundredths (1.85 → 185), above 100. */
  oddsHundredths: number;
}

export interface PriceSourcePort {
  readonly kind: PriceSource;
  /**
   * Fewest milliseconds between two reads of one batch (competition and day): a paid API's rate
   * limit. The refresher claims each batch for this long, across processes.
   */
  readonly minPollMs: number;
  /** The current prices of the batch's fixtures; fixtures the source does not know are left out. */
  pricesFor(batch: FixtureBatch, now: Date): Promise<PriceQuote[]>;
}

export type PriceSourceErrorKind = 'unauthorized' | 'rate-limited' | 'unavailable' | 'rejected';

export class PriceSourceError extends Error {
  constructor(
    readonly kind: PriceSourceErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PriceSourceError';
  }
}
