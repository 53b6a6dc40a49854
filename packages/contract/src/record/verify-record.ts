import { COMMITMENT_VERSIONS, chainedText, commitmentText, sha256Hex } from './canonical';
import { clvPpm, PPM } from './clv';
import { profitThousandths } from './profit';
import {
  GENESIS_HASH,
  RECORD_EVENT_KINDS,
  RECORD_OUTCOMES,
  type RecordEvent,
  type RecordExport,
} from './record-export';

export type VerifyResult =
  | {
      ok: true;
      events: number;
      tips: number;
      settled: number;
      profitThousandths: number;
      /** Tips with a closing price, and their CLV (ppm) summed: the average is sum ÷ sample. */
      closed: { sample: number; clvPpmSum: number; beatClose: number };
    }
  | {
      ok: false;
      seq: number | null;
      tipId: number | null;
      /** What kind of break, for a translated headline; `reason` says it in English with details. */
      code: FailureCode;
      reason: string;
      checked: number;
    };

/**
 * order: an event missing, moved or inserted; contents: a recorded field changed; commitment: a
 * revealed pick is not the committed one; truncated: events cut off at the end; rules: events
 * that cannot happen (settled twice, before publication…).
 */
export type FailureCode = 'order' | 'contents' | 'commitment' | 'truncated' | 'rules';

interface TipState {
  published: RecordEvent;
  outcome: RecordEvent['outcome'];
  closed: RecordEvent | null;
}

const fail = (
  event: RecordEvent | null,
  code: FailureCode,
  reason: string,
  checked: number,
): VerifyResult => ({
  ok: false,
  seq: event?.seq ?? null,
  tipId: event?.tipId ?? null,
  code,
  reason,
  checked,
});

/** The first thing wrong with one event's own fields and its place in the record, or null. */
function checkShape(event: RecordEvent, tips: Map<number, TipState>): string | null {
  if (!(RECORD_EVENT_KINDS as readonly string[]).includes(event.kind)) return `unknown kind "${event.kind}"`;
  const tip = tips.get(event.tipId);
  if (event.kind === 'published') {
    if (tip) return `tip ${event.tipId} is published a second time`;
    return null;
  }
  if (!tip) return `tip ${event.tipId} is ${event.kind} but was never published`;
  if (event.kind === 'closed') return checkClosing(event, tip);
  if (!event.outcome || !(RECORD_OUTCOMES as readonly string[]).includes(event.outcome)) {
    return `unknown outcome "${event.outcome}"`;
  }
  if (event.kind === 'corrected' && !tip.outcome)
    return `tip ${event.tipId} is corrected before it was settled`;
  if (event.kind !== 'corrected' && tip.outcome) return `tip ${event.tipId} is settled a second time`;
  if (event.kind === 'voided' && event.outcome !== 'VOID')
    return `a void event with outcome ${event.outcome}`;
  if (event.occurredAt < tip.published.occurredAt)
    return `tip ${event.tipId} is settled before it was published`;
  return null;
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v);

/**
 * A closed event (decision 156) after the tip's publication, once: either no closing price (every
 * closing field empty) or a closing price whose CLV is the one recomputed from the tip's odds, the
 * closing odds and the market's overround.
 */
function checkClosing(event: RecordEvent, tip: TipState): string | null {
  if (tip.closed) return `tip ${event.tipId} is closed a second time`;
  if (event.occurredAt < tip.published.occurredAt)
    return `tip ${event.tipId} is closed before it was published`;
  const odds = event.closingOddsHundredths ?? null;
  const overround = event.closingOverroundPpm ?? null;
  const clv = event.clvPpm ?? null;
  const at = event.closingAt ?? null;
  if (odds === null) {
    if (overround !== null || clv !== null || at !== null) return 'a CLV without a closing price';
    return null;
  }
  if (
    !isCount(odds) ||
    odds <= 100 ||
    !isCount(overround) ||
    overround < PPM ||
    !isCount(clv) ||
    at === null
  ) {
    return 'a closing price with missing or impossible figures';
  }
  if (at > event.occurredAt) return `tip ${event.tipId}'s closing price was read after it was closed`;
  const expected = clvPpm(tip.published.oddsHundredths ?? 0, odds, overround);
  if (expected !== clv) {
    return `its CLV ${clv} ppm is not the ${expected} ppm of odds ${tip.published.oddsHundredths} against a closing ${odds} with overround ${overround} ppm`;
  }
  return null;
}

/**
 * A revealed pick (and, for tips committed as tip:v2, its analysis) must be the one committed at
 * publication. The stored commitment says which version it is: the one whose text hashes to it.
 */
async function checkCommitment(tipsterId: number, event: RecordEvent): Promise<string | null> {
  if (event.kind !== 'published' || event.selection === null) return null;
  if (event.salt === null) return 'the selection is shown without its salt';
  const tip = {
    tipId: event.tipId,
    tipsterId,
    fixtureId: event.fixtureId,
    bettingType: event.bettingType ?? Number.NaN,
    selection: event.selection,
    oddsHundredths: event.oddsHundredths ?? Number.NaN,
    stake: event.stake ?? Number.NaN,
    priceCents: event.priceCents ?? Number.NaN,
    publishedAt: event.occurredAt,
    salt: event.salt,
    reasoning: event.reasoning ?? '',
    reference: event.reference ?? null,
  };
  // A reference price is committed by tip:v3 only: one added to an older tip's pick proves nothing.
  const versions = event.reference ? (['tip:v3'] as const) : COMMITMENT_VERSIONS;
  for (const version of versions) {
    if ((await sha256Hex(commitmentText(tip, version))) === event.commitment) return null;
  }
  return `the selection "${event.selection}", its analysis or its reference price is not the one committed at publication`;
}

/**
 * Checks a whole export: every event follows the one before it (sequence and previous hash), its
 * hash covers exactly its fields, revealed picks match their commitments, and the chain reaches
 * the head the server published. Stops at the first event that does not match and says why;
 * otherwise counts the profit in units from each tip's last settlement.
 */
export async function verifyRecord(record: RecordExport): Promise<VerifyResult> {
  const tipsterId = record.tipster.id;
  const tips = new Map<number, TipState>();
  let prev = GENESIS_HASH;
  for (const [i, event] of record.events.entries()) {
    if (event.seq !== i + 1) {
      return fail(
        event,
        'order',
        `is in position ${i + 1}: an event before it is missing or out of order`,
        i,
      );
    }
    if (event.prevHash !== prev) {
      const before = i === 0 ? "the chain's start" : `event #${i}'s hash`;
      return fail(
        event,
        'order',
        `its previous hash does not match ${before}: an event before it was removed, changed or moved`,
        i,
      );
    }
    if ((await sha256Hex(chainedText(prev, tipsterId, event))) !== event.hash) {
      return fail(event, 'contents', 'its hash does not match its contents: a recorded field was changed', i);
    }
    const wrongShape = checkShape(event, tips);
    if (wrongShape) return fail(event, 'rules', wrongShape, i);
    const wrongPick = await checkCommitment(tipsterId, event);
    if (wrongPick) return fail(event, 'commitment', wrongPick, i);
    if (event.kind === 'published') tips.set(event.tipId, { published: event, outcome: null, closed: null });
    else if (event.kind === 'closed') (tips.get(event.tipId) as TipState).closed = event;
    else (tips.get(event.tipId) as TipState).outcome = event.outcome;
    prev = event.hash;
  }
  const last = record.events.at(-1);
  if (record.head && (record.head.seq !== (last?.seq ?? 0) || record.head.hash !== prev)) {
    return fail(
      null,
      'truncated',
      `the chain ends at event #${last?.seq ?? 0} but its head is event #${record.head.seq}: events at the end were removed`,
      record.events.length,
    );
  }
  let profit = 0;
  let settled = 0;
  const closed = { sample: 0, clvPpmSum: 0, beatClose: 0 };
  for (const { published, outcome, closed: closing } of tips.values()) {
    if (typeof closing?.clvPpm === 'number') {
      closed.sample++;
      closed.clvPpmSum += closing.clvPpm;
      if (closing.clvPpm > 0) closed.beatClose++;
    }
    if (!outcome) continue;
    settled++;
    profit += profitThousandths(outcome, published.stake ?? 0, published.oddsHundredths ?? 0);
  }
  return {
    ok: true,
    events: record.events.length,
    tips: tips.size,
    settled,
    profitThousandths: profit,
    closed,
  };
}

/** "event #12 (tip 345): its hash does not match…", the words the CLI and the page show. */
export function describeFailure(result: Extract<VerifyResult, { ok: false }>): string {
  if (result.seq === null) return result.reason;
  return `event #${result.seq} (tip ${result.tipId}): ${result.reason}`;
}
