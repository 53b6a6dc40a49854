import {
  BACKOFFICE_MESSAGES,
  isPersonTier,
  MESSAGES,
  type PersonTier,
  reviewTier,
  TIER_RULES,
  type TierRecord,
  type TierVerdict,
  type TipsterTierBody,
  type TipsterTierChange,
  yieldPercent,
} from '@tips/contract';
import type { Db } from '../../db/client';
import { enqueueEmail } from '../../infra/mail/outbox.repo';
import { notFound, unprocessable } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { writeAudit } from '../audit/audit.repo';
import { tierChangedEmail, tierWarningEmail } from './tier-emails';
import {
  claimReview,
  listDueForReview,
  lockTipsterWithContact,
  moveTier,
  setBelowSince,
  type TierReviewRow,
} from './tipster-tiers.repo';

export interface TipsterTiersDeps {
  db: Db;
  clock: Clock;
  publicUrl: string;
  /** Whether the tipster's record chain verifies (records domain, composed in workers.ts / tests). */
  isRecordVerified: (tipsterId: number) => Promise<boolean>;
  /** Runs after a commit that changed what the public catalogue shows; must not throw. */
  onCatalogueChanged: () => Promise<void>;
}

export type TipsterTiersService = ReturnType<typeof createTipsterTiersService>;

const DAY_MS = 86_400_000;
/** Tipsters read per statement of a review run. */
const REVIEW_BATCH = 200;

export interface ReviewSummary {
  reviewed: number;
  promoted: number;
  demoted: number;
  warned: number;
}

function toRecord(row: TierReviewRow): TierRecord {
  return {
    settledTips: row.settledTips ?? 0,
    firstSettledAt: row.firstDay ? new Date(`${row.firstDay}T00:00:00.000Z`) : null,
    yieldPercent: yieldPercent(row.profitMilli ?? 0, row.stakedUnits ?? 0),
    luckProbability: row.luckProbability,
  };
}

/** The figures an audit row keeps of the record the review judged. */
const recordSummary = (record: TierRecord) => ({
  settledTips: record.settledTips,
  firstSettledAt: record.firstSettledAt?.toISOString().slice(0, 10) ?? null,
  yieldPercent: record.yieldPercent,
  luckProbability: record.luckProbability,
  verified: record.verified ?? null,
});

/**
 * Promotion by the record (issue #28 part 2, decision 165): the daily review applies the
 * contract's rules (`reviewTier`) to every person tipster once a UTC day, and admins move a
 * tipster by hand with a reason. Every move is audited and emailed in the tipster's language.
 */
export function createTipsterTiersService(deps: TipsterTiersDeps) {
  const { db, clock } = deps;
  const tiersUrl = `${deps.publicUrl}/tipster-tiers`;

  /** Today's verdict; the chain is verified only for a record that passes everything else. */
  async function verdictFor(
    row: TierReviewRow,
    now: Date,
  ): Promise<{ verdict: TierVerdict; record: TierRecord }> {
    const record = toRecord(row);
    const verdict = reviewTier(row.category, record, row.tierBelowSince, now);
    if (verdict.action !== 'promote') return { verdict, record };
    const verified = { ...record, verified: await deps.isRecordVerified(row.id) };
    return { verdict: reviewTier(row.category, verified, row.tierBelowSince, now), record: verified };
  }

  /** Reviews one tipster; returns what happened (nothing when another process reviewed them today). */
  async function reviewOne(
    row: TierReviewRow,
    now: Date,
    today: string,
  ): Promise<TierVerdict['action'] | null> {
    const held = row.tierHeldUntil !== null && row.tierHeldUntil.getTime() > now.getTime();
    const { verdict, record } = held
      ? { verdict: { action: 'none' } as TierVerdict, record: toRecord(row) }
      : await verdictFor(row, now);
    return db.transaction(async (tx) => {
      if (!(await claimReview(tx, row.id, today))) return null;
      switch (verdict.action) {
        case 'promote':
        case 'demote': {
          if (!(await moveTier(tx, row.id, row.category, verdict.to, null))) return null;
          const missed = verdict.action === 'demote' ? verdict.missed : [];
          await writeAudit(tx, {
            actorUserId: null,
            action: 'tipster.tier',
            entity: 'tipster',
            entityId: row.id,
            before: { category: row.category, belowSince: row.tierBelowSince?.toISOString() ?? null },
            after: { category: verdict.to, by: 'rules', record: recordSummary(record), missed },
            reason:
              verdict.action === 'promote'
                ? `The record passed the ${verdict.to} bar.`
                : `The record stayed below the ${row.category} bar for ${TIER_RULES.demotionWindowDays} days.`,
            now,
          });
          if (row.user) {
            await enqueueEmail(
              tx,
              tierChangedEmail(
                row.user,
                { tipsterId: row.id, from: row.category, to: verdict.to, day: today },
                { by: 'rules', missed },
                tiersUrl,
              ),
            );
          }
          return verdict.action;
        }
        case 'below':
          // The window opens once: a warning then, the move when it has run its course.
          if (row.tierBelowSince) return 'none';
          await setBelowSince(tx, row.id, now);
          if (row.user) {
            await enqueueEmail(
              tx,
              tierWarningEmail(
                row.user,
                { tipsterId: row.id, tier: row.category, day: today, missed: verdict.missed },
                tiersUrl,
              ),
            );
          }
          return 'below';
        case 'recovered':
          await setBelowSince(tx, row.id, null);
          return 'recovered';
        default:
          return 'none';
      }
    });
  }

  /**
   * One review run: every person tipster not reviewed yet today (UTC), each in its own
   * transaction that first claims the day. Safe to repeat and to run in several processes.
   */
  async function reviewAll(isStopped: () => boolean = () => false): Promise<ReviewSummary> {
    const now = clock.now();
    const today = now.toISOString().slice(0, 10);
    const summary: ReviewSummary = { reviewed: 0, promoted: 0, demoted: 0, warned: 0 };
    // A stale record is left for a later run today (its figures are being refreshed).
    const skipped = new Set<number>();
    for (;;) {
      const rows = (await listDueForReview(db, today, REVIEW_BATCH + skipped.size)).filter(
        (r) => !skipped.has(r.id),
      );
      if (rows.length === 0 || isStopped()) break;
      for (const row of rows) {
        if (isStopped()) break;
        if (row.isStale) {
          skipped.add(row.id);
          continue;
        }
        const action = await reviewOne(row, now, today);
        if (action === null) continue;
        summary.reviewed++;
        if (action === 'promote') summary.promoted++;
        if (action === 'demote') summary.demoted++;
        if (action === 'below') summary.warned++;
      }
    }
    if (summary.promoted + summary.demoted > 0) await deps.onCatalogueChanged();
    return summary;
  }

  /**
   * An admin moves a tipster (with a reason): audited, emailed, and held for TIER_RULES.adminHoldDays
   * so the next daily review does not undo it.
   */
  async function setTier(
    adminId: number,
    tipsterId: number,
    body: TipsterTierBody,
  ): Promise<TipsterTierChange> {
    const to = body.category.toUpperCase();
    if (!isPersonTier(to)) throw unprocessable(BACKOFFICE_MESSAGES.tierInvalid);
    const now = clock.now();
    const heldUntil = new Date(now.getTime() + TIER_RULES.adminHoldDays * DAY_MS);
    const from = await db.transaction(async (tx) => {
      const found = await lockTipsterWithContact(tx, tipsterId);
      if (!found) throw notFound(MESSAGES.tipsterNotFound);
      const from = found.tipster.category;
      // AI models are priced by their plan and have no tier to climb.
      if (!isPersonTier(from)) throw unprocessable(BACKOFFICE_MESSAGES.tierInvalid);
      if (from === to) throw unprocessable(BACKOFFICE_MESSAGES.tierUnchanged);
      await moveTier(tx, tipsterId, from, to as PersonTier, heldUntil);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'tipster.tier',
        entity: 'tipster',
        entityId: tipsterId,
        before: { category: from },
        after: { category: to, by: 'admin', heldUntil: heldUntil.toISOString() },
        reason: body.reason,
        now,
      });
      if (found.user) {
        await enqueueEmail(
          tx,
          tierChangedEmail(
            found.user,
            { tipsterId, from, to: to as PersonTier, day: now.toISOString() },
            { by: 'admin', reason: body.reason },
            tiersUrl,
          ),
        );
      }
      return from;
    });
    await deps.onCatalogueChanged();
    return {
      id: tipsterId,
      previousCategory: from,
      category: to as PersonTier,
      heldUntil: heldUntil.toISOString(),
    };
  }

  return { reviewAll, setTier };
}
