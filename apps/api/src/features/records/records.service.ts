import { MESSAGES, type RecordAnchor, type RecordAnchorPage, type RecordAnchorsQuery } from '@tips/contract';
import {
  merkleRoot,
  RECORD_FORMAT,
  type RecordEvent,
  type RecordExport,
  verifyRecord,
} from '@tips/contract/record-verify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { limitOffset, toPage } from '../../lib/paging';
import { canSeeSelection, type Viewer } from '../tips/tip-view';
import { ownedTipIds } from '../tips/tip-view.repo';
import {
  type AnchorRow,
  findAnchor,
  findHead,
  findTipsterForRecord,
  insertAnchor,
  listAnchors,
  listHeads,
  type RecordEventRow,
  readChain,
} from './record-chain.repo';

export interface RecordsDeps {
  db: Db;
  clock: Clock;
}

const MAX_INT4 = 2_147_483_647;

export type RecordsService = ReturnType<typeof createRecordsService>;

/**
 * The pick and its salt are shown by the paid-content rule (buyer, tipster, admin, free or
 * settled tip) and, in the record, from kick-off on: sales are closed then, and anyone may check
 * that the pick is the one committed before the match (decision 077).
 */
function mayReveal(
  row: RecordEventRow,
  tipsterUserId: number | null,
  viewer: Viewer,
  owned: Set<number>,
  now: Date,
) {
  if (row.eventTime && row.eventTime.getTime() <= now.getTime()) return true;
  return canSeeSelection(
    {
      tip: { priceCents: row.tipPriceCents ?? 1, result: row.tipResult as 'WIN' | 'LOSS' | 'VOID' | null },
      tipster: { userId: tipsterUserId },
    },
    viewer,
    owned.has(row.tipId),
  );
}

function toEvent(row: RecordEventRow, reveal: boolean): RecordEvent {
  return {
    seq: row.seq,
    kind: row.kind,
    tipId: row.tipId,
    occurredAt: row.occurredAt,
    fixtureId: row.fixtureId,
    bettingType: row.bettingType,
    oddsHundredths: row.oddsHundredths,
    stake: row.stake,
    priceCents: row.priceCents,
    commitment: row.commitment,
    selection: reveal ? row.selection : null,
    // The analysis is revealed with the pick, and committed with it from tip:v2 on (decision 141).
    reasoning: reveal ? row.reasoning : null,
    // The reference price would point at the selection (it is one selection's price): revealed with it.
    reference: reveal ? row.reference : null,
    salt: reveal ? row.salt : null,
    outcome: row.outcome as RecordEvent['outcome'],
    resultDetails: row.resultDetails,
    // Closed events carry the closing price and CLV (decision 156); other events leave them out.
    ...(row.closing && {
      closingOddsHundredths: row.closing.oddsHundredths,
      closingAt: row.closing.at,
      closingOverroundPpm: row.closing.overroundPpm,
      clvPpm: row.closing.clvPpm,
    }),
    prevHash: row.prevHash,
    hash: row.hash,
  };
}

function toAnchor(row: AnchorRow): RecordAnchor {
  return {
    day: row.day,
    root: row.root,
    chains: row.chains,
    events: row.events,
    createdAt: row.createdAt.toISOString(),
  };
}

export function createRecordsService({ db, clock }: RecordsDeps) {
  /** A tipster's whole chain with what the viewer may see of each pick. */
  async function exportRecord(tipsterId: number, viewer: Viewer): Promise<RecordExport> {
    // Ids beyond int4 cannot exist: answered here, away from the database.
    const tipster = tipsterId <= MAX_INT4 ? await findTipsterForRecord(db, tipsterId) : undefined;
    if (!tipster) throw notFound(MESSAGES.tipsterNotFound);
    const [rows, head] = await Promise.all([readChain(db, tipsterId), findHead(db, tipsterId)]);
    const published = rows.filter((r) => r.kind === 'published').map((r) => r.tipId);
    const owned = await ownedTipIds(db, viewer, published);
    const now = clock.now();
    return {
      format: RECORD_FORMAT,
      tipster: { id: tipster.id, name: tipster.name },
      exportedAt: now.toISOString(),
      head: head ?? null,
      events: rows.map((r) =>
        toEvent(r, r.kind === 'published' && mayReveal(r, tipster.userId, viewer, owned, now)),
      ),
    };
  }

  async function anchors(query: RecordAnchorsQuery): Promise<RecordAnchorPage> {
    const { rows, total } = await listAnchors(db, limitOffset(query));
    return toPage(rows.map(toAnchor), total, query);
  }

  /**
   * Today's anchor (UTC day): the Merkle root over every chain's head, stored once. Returns the
   * stored anchor, whoever computed it.
   */
  async function anchorToday(): Promise<RecordAnchor> {
    const now = clock.now();
    const day = now.toISOString().slice(0, 10);
    const existing = await findAnchor(db, day);
    if (existing) return toAnchor(existing);
    const heads = await listHeads(db);
    const root = await merkleRoot(heads);
    const events = heads.reduce((n, h) => n + h.seq, 0);
    const row =
      (await insertAnchor(db, { day, root, chains: heads.length, events, createdAt: now })) ??
      (await findAnchor(db, day));
    return toAnchor(row as AnchorRow);
  }

  /**
   * Whether the tipster's whole chain verifies as the public verifier checks it, every pick revealed
   * (promotion by the record, decision 165, asks for a verified record).
   */
  async function isRecordVerified(tipsterId: number): Promise<boolean> {
    const record = await exportRecord(tipsterId, { userId: null, isAdmin: true });
    return (await verifyRecord(record)).ok;
  }

  return { exportRecord, anchors, anchorToday, isRecordVerified };
}
