import type { RecordEvent, ReferencePrice } from './record-export';

export type { ReferencePrice } from './record-export';

/**
 * The canonical texts that are hashed. The database computes the same texts when it appends an
 * event (apps/api/src/db/migrations/0010_record_chain.sql); the two must agree byte for byte:
 * fields joined by "|", integers in decimal, times as ISO 8601 UTC with milliseconds, free text
 * as a JSON string (so that a "|" or a line break inside it cannot shift a field).
 */

const json = (text: string | null) => JSON.stringify(text ?? null);

export interface CommittedTip {
  tipId: number;
  tipsterId: number;
  fixtureId: number | null;
  bettingType: number;
  selection: string;
  oddsHundredths: number;
  stake: number;
  priceCents: number;
  publishedAt: string;
  salt: string;
  /** The tipster's analysis ('' for none); committed from tip:v2 on (decision 141). */
  reasoning?: string | null;
  /** The market's best price at publication (decision 150); committed from tip:v3 on. */
  reference?: ReferencePrice | null;
}

/**
 * tip:v1 (tips published before migration 0020) commits to the pick; tip:v2 to the pick and the
 * analysis, which follows the selection as a JSON string; tip:v3 (every tip with a reference price,
 * migration 0021) also to the reference price, after the odds: its odds, bookmaker and source (JSON
 * strings) and time. A stored commitment never changes, so older tips keep v1 or v2.
 */
export const COMMITMENT_VERSIONS = ['tip:v1', 'tip:v2', 'tip:v3'] as const;
export type CommitmentVersion = (typeof COMMITMENT_VERSIONS)[number];

export function commitmentText(tip: CommittedTip, version: CommitmentVersion = 'tip:v1'): string {
  return [
    version,
    tip.tipId,
    tip.tipsterId,
    tip.fixtureId ?? '',
    tip.bettingType,
    json(tip.selection),
    ...(version !== 'tip:v1' ? [json(tip.reasoning ?? '')] : []),
    tip.oddsHundredths,
    ...(version === 'tip:v3' ? referenceFields(tip.reference) : []),
    tip.stake,
    tip.priceCents,
    tip.publishedAt,
    tip.salt,
  ].join('|');
}

function referenceFields(reference: ReferencePrice | null | undefined): Array<string | number> {
  if (!reference) return [''];
  return [reference.oddsHundredths, json(reference.bookmaker), json(reference.source), reference.at];
}

function fieldsOf(event: RecordEvent): Array<string | number> {
  if (event.kind === 'published') {
    return [
      event.fixtureId ?? '',
      event.bettingType ?? '',
      event.oddsHundredths ?? '',
      event.stake ?? '',
      event.priceCents ?? '',
      event.commitment ?? '',
    ];
  }
  if (event.kind === 'closed') {
    // Decision 156: closing odds, when they were read, the market's overround and the CLV.
    return [
      event.closingOddsHundredths ?? '',
      event.closingAt ?? '',
      event.closingOverroundPpm ?? '',
      event.clvPpm ?? '',
    ];
  }
  return [event.outcome ?? '', json(event.resultDetails)];
}

/** What an event's hash covers, after the previous hash and a line break. */
export function eventText(tipsterId: number, event: RecordEvent): string {
  return [
    'event:v1',
    tipsterId,
    event.seq,
    event.kind,
    event.tipId,
    event.occurredAt,
    ...fieldsOf(event),
  ].join('|');
}

export function chainedText(prevHash: string, tipsterId: number, event: RecordEvent): string {
  return `${prevHash}\n${eventText(tipsterId, event)}`;
}

/** SHA-256 in hex through Web Crypto: the same code in Node (20+) and in browsers. */
export async function sha256Hex(text: string): Promise<string> {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
