import { aiPlanLastPickAround, aiPlanSummary, fromCents, MESSAGES, type OddsFormat } from '@tips/contract';
import type { Db } from '../../db/client';
import { badRequest, unauthorized } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { type AccountData, eraseAccountData, readAccountData } from './account-privacy.repo';
import { verifyPassword } from './passwords';
import type { SessionsService } from './sessions.service';
import { findUserById, updateOddsFormat } from './users.repo';

/** An erased account's username cannot be taken by anyone else for this long. */
export const USERNAME_HOLD_MS = 30 * 24 * 3600_000;

export interface AccountPrivacyDeps {
  db: Db;
  clock: Clock;
  sessions: Pick<SessionsService, 'revokeAllSessions'>;
}

export type AccountPrivacyService = ReturnType<typeof createAccountPrivacyService>;

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** The downloadable file: one JSON document, amounts in dollars/credits, dates in ISO 8601 UTC. */
export function toExportFile(data: AccountData, now: Date) {
  const { user } = data;
  return {
    exportedAt: now.toISOString(),
    profile: {
      username: user.username,
      email: user.email,
      pendingEmail: user.pendingEmail,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      country: user.country,
      language: user.language,
      oddsFormat: user.oddsFormat,
      roles: user.roles,
      emailVerified: user.emailVerified,
      creditBalance: fromCents(user.creditBalance),
      referralCode: user.referralCode,
      ageConfirmedAt: iso(user.ageConfirmedAt),
      termsAcceptedAt: iso(user.termsAcceptedAt),
      memberSince: iso(user.createdAt),
    },
    follows: data.followed.map((f) => ({ ...f, since: iso(f.since) })), // alertMode null: the default
    purchases: data.ownOrders.map((order) => ({
      orderId: order.id,
      type: order.type,
      provider: order.provider,
      status: order.status,
      amount: fromCents(order.amountCents),
      currency: order.currency,
      credits: order.creditsCents === null ? null : fromCents(order.creditsCents),
      createdAt: iso(order.createdAt),
      completedAt: iso(order.completedAt),
      items: data.items
        .filter((item) => item.orderId === order.id)
        .map((item) => ({ tipId: item.tipId, aiPlanId: item.aiPlanId, price: fromCents(item.priceCents) })),
    })),
    tipsOwned: data.owned.map((e) => ({ ...e, createdAt: iso(e.createdAt) })),
    ledger: data.ledger.map((e) => ({
      amount: fromCents(e.amountCents),
      reason: e.reason,
      reference: e.reference,
      createdAt: iso(e.createdAt),
    })),
    emailsSent: data.emails.map((e) => ({ ...e, createdAt: iso(e.createdAt), sentAt: iso(e.sentAt) })),
    sessions: data.sessions.map((s) => ({ ...s, startedAt: iso(s.startedAt), endedAt: iso(s.endedAt) })),
    saferGambling: {
      limits: data.limits.map((l) => ({
        period: l.period,
        limit: l.limitCents === null ? null : fromCents(l.limitCents),
        pendingLimit: l.pendingLimitCents === null ? null : fromCents(l.pendingLimitCents),
        pendingFrom: iso(l.pendingFrom),
      })),
      blocks: data.blocks.map((b) => ({ kind: b.kind, startedAt: iso(b.startedAt), endsAt: iso(b.endsAt) })),
    },
    // Decision 085: the default email mode (null: never set, instant applies; each follow's own
    // mode is in `follows`) and every in-app notification of a followed tipster's tip.
    alerts: {
      defaultMode: data.alertSettings?.mode ?? null,
      defaultModeUpdatedAt: iso(data.alertSettings?.updatedAt ?? null),
      notifications: data.notifications.map((n) => ({
        tipId: n.tipId,
        tipsterId: n.tipsterId,
        tipsterName: n.tipsterName,
        emailMode: n.email,
        createdAt: iso(n.createdAt),
        emailedAt: iso(n.emailedAt),
        readAt: iso(n.readAt),
      })),
    },
    // Each plan as a plan (issue #30.4): its name and kind, picks delivered of all, the last expected.
    aiSubscriptions: data.subscriptions.map((s) => ({
      ...s,
      plan: aiPlanSummary(s.planId),
      createdAt: iso(s.createdAt),
      lastPickAround: iso(aiPlanLastPickAround(s.createdAt, s.tipsTotal)),
      completedAt: iso(s.completedAt),
    })),
    refunds: data.refunds.map(({ amountCents, ...r }) => ({
      ...r,
      amount: fromCents(amountCents),
      createdAt: iso(r.createdAt),
      completedAt: iso(r.completedAt),
    })),
    creditDebts: data.debts.map((d) => ({
      amount: fromCents(d.amountCents),
      repaid: fromCents(d.repaidCents),
      createdAt: iso(d.createdAt),
      settledAt: iso(d.settledAt),
    })),
    revokedTips: data.revoked.map((r) => ({
      ...r,
      grantedAt: iso(r.grantedAt),
      revokedAt: iso(r.revokedAt),
    })),
  };
}

export type AccountExportFile = ReturnType<typeof toExportFile>;

/** Download my data, delete my account, and the odds-format preference stored on the profile. */
export function createAccountPrivacyService({ db, clock, sessions }: AccountPrivacyDeps) {
  async function exportData(userId: number): Promise<AccountExportFile> {
    const data = await readAccountData(db, userId);
    if (!data || data.user.deletedAt) throw unauthorized();
    return toExportFile(data, clock.now());
  }

  /** Needs the current password (400 when wrong: a 401 would make the web client retry a refresh). */
  async function deleteAccount(userId: number, currentPassword: string): Promise<void> {
    const user = await findUserById(db, userId);
    if (!user || user.deletedAt) throw unauthorized();
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      throw badRequest(MESSAGES.currentPasswordWrong);
    }
    const now = clock.now();
    await db.transaction(async (tx) => {
      if (!(await eraseAccountData(tx, userId, now, new Date(now.getTime() + USERNAME_HOLD_MS)))) {
        throw unauthorized();
      }
      await sessions.revokeAllSessions(tx, userId, 'account_deleted');
    });
  }

  async function setOddsFormat(userId: number, oddsFormat: OddsFormat): Promise<void> {
    await updateOddsFormat(db, userId, oddsFormat, clock.now());
  }

  return { exportData, deleteAccount, setOddsFormat };
}
