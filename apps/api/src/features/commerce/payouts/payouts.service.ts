import {
  type AdminPayout,
  type AdminPayoutsQuery,
  EARNINGS_MESSAGES,
  formatCentsPlain,
  fromCents,
  type Payout,
  type PayoutPage,
  type PayoutStatus,
  type PayoutsQuery,
} from '@tips/contract';
import type { DbOrTx, Tx } from '../../../db/client';
import type { RunInTransaction } from '../../../db/transactions';
import type { enqueueEmails } from '../../../infra/mail/outbox.repo';
import { forbidden, notFound, unprocessable } from '../../../lib/app-error';
import type { Clock } from '../../../lib/clock';
import { newUuid } from '../../../lib/ids';
import { limitOffset, toPage } from '../../../lib/paging';
import type { writeAudit } from '../../audit/audit.repo';
import type { EarningsRepo } from '../earnings/earnings.repo';
import type { EarningsTerms } from '../earnings/earnings-rules';
import { payoutEmail } from './payout-emails';
import type { PayoutRow, PayoutsRepo, TipsterAccount } from './payouts.repo';

/**
 * Payouts of a tipster's available earnings (decision 171): requested under a lock on the tipster's
 * row (so concurrent requests queue and can never take more than is available), the amount leaving
 * the balance in the same transaction; sent by the payout worker; finished by PayPal's item
 * webhooks, where a failure or a return gives the amount back exactly once.
 */

export interface PayoutsDeps {
  transaction: RunInTransaction;
  repo: PayoutsRepo;
  earnings: Pick<EarningsRepo, 'balanceOf'>;
  terms: EarningsTerms;
  clock: Clock;
  enqueueEmails: typeof enqueueEmails;
  writeAudit: typeof writeAudit;
  publicUrl: string;
}

export type PayoutItemOutcome = 'SUCCEEDED' | 'FAILED' | 'RETURNED' | 'UNCLAIMED';

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function toPayoutDto(p: PayoutRow): Payout {
  return {
    id: p.id,
    amount: fromCents(p.amountCents),
    currency: p.currency,
    status: p.status,
    receiver: p.receiver,
    createdAt: p.createdAt.toISOString(),
    completedAt: iso(p.completedAt),
  };
}

function toAdminPayout(row: { payout: PayoutRow; tipsterName: string }): AdminPayout {
  return {
    ...toPayoutDto(row.payout),
    tipster: { id: row.payout.tipsterId, name: row.tipsterName },
    holdReason: row.payout.holdReason,
    providerBatchId: row.payout.providerBatchId,
    lastError: row.payout.lastError,
  };
}

/** The statuses an item's webhook may move a payout from (a retried or late webhook finds none). */
const MOVES_FROM: Record<PayoutItemOutcome, readonly PayoutStatus[]> = {
  // REQUESTED too: PayPal may answer by webhook before the worker has recorded SENT.
  SUCCEEDED: ['REQUESTED', 'SENT', 'UNCLAIMED'],
  UNCLAIMED: ['REQUESTED', 'SENT'],
  FAILED: ['REQUESTED', 'SENT', 'UNCLAIMED'],
  RETURNED: ['REQUESTED', 'SENT', 'UNCLAIMED', 'SUCCEEDED'],
};

export function createPayoutsService(deps: PayoutsDeps) {
  const { repo, clock } = deps;

  async function tipsterOf(userId: number, tx?: DbOrTx): Promise<TipsterAccount> {
    const tipster = await repo.tipsterOfUser(userId, tx);
    if (!tipster) throw forbidden();
    return tipster;
  }

  async function setPayoutAccount(userId: number, paypalEmail: string) {
    const tipster = await tipsterOf(userId);
    await repo.setPayoutAccount(tipster.tipsterId, paypalEmail.toLowerCase(), clock.now());
    return { paypalEmail: paypalEmail.toLowerCase() };
  }

  /**
   * Takes `amountCents` out of the available earnings and queues the payout, or refuses: an
   * unverified account (403), no PayPal address, a negative balance, below the minimum or above
   * what is available (422). The tipster's row is locked first, so concurrent requests see each
   * other's payouts.
   */
  async function requestPayout(userId: number, amountCents: number): Promise<Payout> {
    return deps.transaction(async (tx) => {
      const tipster = await tipsterOf(userId, tx);
      if (!tipster.emailVerified) throw forbidden(EARNINGS_MESSAGES.unverified);
      await repo.lockTipster(tipster.tipsterId, tx);
      const receiver = await repo.payoutAccountOf(tipster.tipsterId, tx);
      if (!receiver) throw unprocessable(EARNINGS_MESSAGES.noPayoutAccount);
      const now = clock.now();
      const balance = await deps.earnings.balanceOf(
        tipster.tipsterId,
        { now, holdDays: deps.terms.holdDays },
        tx,
      );
      if (balance.availableCents < 0 || balance.pendingCents + balance.availableCents < 0)
        throw unprocessable(EARNINGS_MESSAGES.negativeBalance);
      if (amountCents < deps.terms.payoutMinimumCents) throw unprocessable(EARNINGS_MESSAGES.belowMinimum);
      if (amountCents > balance.availableCents) throw unprocessable(EARNINGS_MESSAGES.aboveAvailable);
      const payout = await repo.insertPayout(
        {
          tipsterId: tipster.tipsterId,
          amountCents,
          receiver,
          senderBatchId: `payout-${newUuid()}`,
          requestedBy: userId,
          now,
        },
        tx,
      );
      return toPayoutDto(payout);
    });
  }

  async function listOwnPayouts(userId: number, query: PayoutsQuery): Promise<PayoutPage> {
    const tipster = await tipsterOf(userId);
    const { rows, total } = await repo.listPayouts({ tipsterId: tipster.tipsterId, ...limitOffset(query) });
    return toPage(
      rows.map((row) => toPayoutDto(row.payout)),
      total,
      query,
    );
  }

  async function adminList(query: AdminPayoutsQuery) {
    const { rows, total } = await repo.listPayouts({ status: query.status, ...limitOffset(query) });
    return toPage(rows.map(toAdminPayout), total, query);
  }

  /** Holds a payout that has not been sent, with a reason (audited); the amount stays reserved. */
  async function hold(id: number, reason: string, actorUserId: number): Promise<AdminPayout> {
    return deps.transaction(async (tx) => {
      const now = clock.now();
      const moved = await repo.moveStatus(
        id,
        ['REQUESTED'],
        { status: 'HELD', holdReason: reason, updatedAt: now },
        tx,
      );
      if (!moved) {
        if (!(await repo.findPayout(id, tx))) throw notFound(EARNINGS_MESSAGES.payoutNotFound);
        throw unprocessable(EARNINGS_MESSAGES.notHoldable);
      }
      await deps.writeAudit(tx, {
        actorUserId,
        action: 'payout.held',
        entity: 'payout',
        entityId: id,
        before: { status: 'REQUESTED' },
        after: { status: 'HELD', reason },
        now,
      });
      return toAdminPayout((await repo.findPayout(id, tx))!);
    });
  }

  /** Releases a held payout to the worker (audited). */
  async function release(id: number, actorUserId: number): Promise<AdminPayout> {
    return deps.transaction(async (tx) => {
      const now = clock.now();
      const moved = await repo.moveStatus(
        id,
        ['HELD'],
        { status: 'REQUESTED', nextAttemptAt: now, updatedAt: now },
        tx,
      );
      if (!moved) {
        if (!(await repo.findPayout(id, tx))) throw notFound(EARNINGS_MESSAGES.payoutNotFound);
        throw unprocessable(EARNINGS_MESSAGES.notHeld);
      }
      await deps.writeAudit(tx, {
        actorUserId,
        action: 'payout.released',
        entity: 'payout',
        entityId: id,
        before: { status: 'HELD', reason: moved.holdReason },
        after: { status: 'REQUESTED' },
        now,
      });
      return toAdminPayout((await repo.findPayout(id, tx))!);
    });
  }

  async function emailTipster(tx: Tx, payout: PayoutRow, kind: 'sent' | 'failed') {
    const contact = await repo.contactOfTipster(payout.tipsterId, tx);
    if (!contact) return;
    await deps.enqueueEmails(tx, [
      payoutEmail(
        {
          id: payout.id,
          to: contact.email,
          firstName: contact.firstName,
          amount: `${formatCentsPlain(payout.amountCents)} ${payout.currency}`,
          receiver: payout.receiver,
          kind,
        },
        deps.publicUrl,
        contact.language,
      ),
    ]);
  }

  /** A definitive end without PayPal paying: FAILED or RETURNED, the amount back once, an email. */
  async function failPayout(
    tx: Tx,
    payout: PayoutRow,
    outcome: 'FAILED' | 'RETURNED',
    detail: { providerStatus?: string; lastError?: string; itemId?: string | null; batchId?: string | null },
    from: readonly PayoutStatus[],
  ): Promise<boolean> {
    const now = clock.now();
    const moved = await repo.moveStatus(
      payout.id,
      from,
      {
        status: outcome,
        providerStatus: detail.providerStatus ?? outcome,
        lastError: detail.lastError?.slice(0, 500) ?? null,
        providerItemId: detail.itemId ?? payout.providerItemId,
        providerBatchId: detail.batchId ?? payout.providerBatchId,
        completedAt: now,
        updatedAt: now,
      },
      tx,
    );
    if (!moved) return false;
    if (!(await repo.restorePayout(moved, now, tx)))
      throw new Error(`payout ${payout.id} was restored before but was not failed`);
    await emailTipster(tx, moved, 'failed');
    return true;
  }

  /**
   * A payout item's webhook (PAYMENT.PAYOUTS-ITEM.*), in the webhook's transaction. Returns what it
   * did: 'no-payout', 'unchanged' (a replay, or a late event), or the new status.
   */
  async function applyItemEvent(
    tx: Tx,
    event: {
      outcome: PayoutItemOutcome;
      senderBatchId: string | null;
      payoutId: number | null;
      batchId: string | null;
      itemId: string | null;
      transactionStatus: string | null;
    },
  ): Promise<string> {
    const payout = await repo.lockPayoutFor(
      { senderBatchId: event.senderBatchId, payoutId: event.payoutId, providerBatchId: event.batchId },
      tx,
    );
    if (!payout) return 'no-payout';
    const from = MOVES_FROM[event.outcome];
    if (event.outcome === 'FAILED' || event.outcome === 'RETURNED') {
      const done = await failPayout(
        tx,
        payout,
        event.outcome,
        {
          providerStatus: event.transactionStatus ?? event.outcome,
          itemId: event.itemId,
          batchId: event.batchId,
        },
        from,
      );
      return done ? event.outcome : 'unchanged';
    }
    const now = clock.now();
    const moved = await repo.moveStatus(
      payout.id,
      from,
      {
        status: event.outcome,
        providerStatus: event.transactionStatus ?? event.outcome,
        providerItemId: event.itemId ?? payout.providerItemId,
        providerBatchId: event.batchId ?? payout.providerBatchId,
        completedAt: event.outcome === 'SUCCEEDED' ? now : null,
        updatedAt: now,
      },
      tx,
    );
    if (!moved) return 'unchanged';
    if (event.outcome === 'SUCCEEDED') await emailTipster(tx, moved, 'sent');
    return event.outcome;
  }

  return {
    tipsterOf,
    setPayoutAccount,
    requestPayout,
    listOwnPayouts,
    adminList,
    hold,
    release,
    failPayout,
    applyItemEvent,
  };
}

export type PayoutsService = ReturnType<typeof createPayoutsService>;
