/**
 * The public export of a tipster's record (decision 077): every event of the hash chain, with the
 * fields its hash covers. Plain types, no zod: the verifier runs in Node and in the browser.
 */
export const RECORD_FORMAT = 'tips-record/v1';
export const GENESIS_HASH = '0'.repeat(64);

/** 'closed' (decision 156): the tip's closing price and CLV, fixed once after kick-off. */
export const RECORD_EVENT_KINDS = ['published', 'settled', 'voided', 'corrected', 'closed'] as const;
export type RecordEventKind = (typeof RECORD_EVENT_KINDS)[number];

export const RECORD_OUTCOMES = ['WIN', 'HALF_WIN', 'VOID', 'HALF_LOSS', 'LOSS'] as const;
export type RecordOutcome = (typeof RECORD_OUTCOMES)[number];

/** A reference price as committed (tip:v3): odds in hundredths, bookmaker, source, ISO time of the read. */
export interface ReferencePrice {
  oddsHundredths: number;
  bookmaker: string;
  source: string;
  at: string;
}

/** One event; published events fill the tip's fields, settlement events the outcome's. */
export interface RecordEvent {
  seq: number;
  kind: RecordEventKind;
  tipId: number;
  /** ISO 8601 UTC with milliseconds, as hashed. */
  occurredAt: string;
  fixtureId: number | null;
  bettingType: number | null;
  /** Decimal odds in hundredths (1.85 → 185). */
  oddsHundredths: number | null;
  /** Units staked, 1–10. */
  stake: number | null;
  priceCents: number | null;
  /** SHA-256 over the canonical tip and its salt, public from publication. */
  commitment: string | null;
  /** Revealed after kick-off (or to whoever may see the pick); null until then. */
  selection: string | null;
  /**
   * The tipster's analysis, revealed with the selection (decision 141); committed by tip:v2
   * commitments. Absent from exports made before it existed.
   */
  reasoning?: string | null;
  /**
   * The market's best price of the selection at publication (decision 150), revealed with the
   * selection and committed by tip:v3 commitments; null for tips published without one ("odds not
   * verified") or while the pick is hidden. Absent from exports made before it existed.
   */
  reference?: ReferencePrice | null;
  salt: string | null;
  outcome: RecordOutcome | null;
  resultDetails: string | null;
  /**
   * Closed events (decision 156): the last price before kick-off (hundredths), when it was read,
   * its market's overround (Σ implied probabilities, parts per million) and the CLV (parts per
   * million); all null when the market had no closing price. Absent from other events and from
   * exports made before closing prices existed.
   */
  closingOddsHundredths?: number | null;
  closingAt?: string | null;
  closingOverroundPpm?: number | null;
  clvPpm?: number | null;
  prevHash: string;
  hash: string;
}

export interface RecordExport {
  format: typeof RECORD_FORMAT;
  tipster: { id: number; name: string };
  exportedAt: string;
  /** The chain's head as the server holds it (null before the first event). */
  head: { seq: number; hash: string } | null;
  events: RecordEvent[];
}

/** CSV columns, in order; a header line, then one line per event. Tipster and head travel as columns too. */
export const RECORD_CSV_COLUMNS = [
  'tipsterId',
  'seq',
  'kind',
  'tipId',
  'occurredAt',
  'fixtureId',
  'bettingType',
  'oddsHundredths',
  'stake',
  'priceCents',
  'commitment',
  'selection',
  'salt',
  'outcome',
  'resultDetails',
  'prevHash',
  'hash',
  // Last, and optional when reading: CSV files exported before decision 141 have no such column.
  'reasoning',
  // Closed events' fields (decision 156), optional when reading like the analysis.
  'closingOddsHundredths',
  'closingAt',
  'closingOverroundPpm',
  'clvPpm',
  // Optional too (decision 150): the reference price, empty when the tip has none or is hidden.
  'referenceOddsHundredths',
  'referenceBookmaker',
  'referenceSource',
  'referenceAt',
] as const;

/** Columns a CSV file may lack (added after the format's first version). */
export const OPTIONAL_CSV_COLUMNS: readonly string[] = [
  'reasoning',
  'closingOddsHundredths',
  'closingAt',
  'closingOverroundPpm',
  'clvPpm',
  'referenceOddsHundredths',
  'referenceBookmaker',
  'referenceSource',
  'referenceAt',
];
