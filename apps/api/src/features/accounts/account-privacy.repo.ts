import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  aiSubscriptions,
  alertSettings,
  contactMessages,
  creditDebts,
  emailOutbox,
  entitlements,
  follows,
  ledgerEntries,
  oneTimeCodes,
  orderItems,
  orders,
  purchaseBlocks,
  refreshTokenFamilies,
  releasedUsernames,
  revokedEntitlements,
  spendingLimits,
  tipNotifications,
  tipRefunds,
  tipsters,
  users,
} from '../../db/schema';

/**
 * Privacy rights (issue #20 point 3, decision 088). Reads across the account's tables for the
 * export, and the erasure's writes in the caller's transaction. Financial records (orders, ledger
 * entries, entitlements) stay: they are anonymised through the user row, never deleted.
 */

/** Everything the product holds about one account, as plain rows (the service shapes the file). */
export async function readAccountData(db: DbOrTx, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return undefined;
  const addresses = [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])].map((a) =>
    a.toLowerCase(),
  );
  const [
    followed,
    ownOrders,
    items,
    owned,
    ledger,
    emails,
    sessions,
    limits,
    blocks,
    alertDefaults,
    notifications,
    subscriptions,
    refunds,
    debts,
    revoked,
  ] = await Promise.all([
    db
      .select({
        tipsterId: follows.tipsterId,
        tipsterName: tipsters.name,
        since: follows.createdAt,
        alertMode: follows.alertMode,
      })
      .from(follows)
      .innerJoin(tipsters, eq(tipsters.id, follows.tipsterId))
      .where(eq(follows.userId, userId))
      .orderBy(asc(follows.createdAt)),
    db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
    db
      .select({
        orderId: orderItems.orderId,
        tipId: orderItems.tipId,
        aiPlanId: orderItems.aiPlanId,
        priceCents: orderItems.priceCents,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orders.userId, userId)),
    db
      .select({
        tipId: entitlements.tipId,
        orderId: entitlements.orderId,
        source: entitlements.source,
        createdAt: entitlements.createdAt,
      })
      .from(entitlements)
      .where(eq(entitlements.userId, userId))
      .orderBy(asc(entitlements.id)),
    db
      .select({
        amountCents: ledgerEntries.amountCents,
        reason: ledgerEntries.reason,
        reference: ledgerEntries.reference,
        createdAt: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId))
      .orderBy(asc(ledgerEntries.id)),
    db
      .select({
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses))
      .orderBy(asc(emailOutbox.id)),
    db
      .select({
        startedAt: refreshTokenFamilies.createdAt,
        endedAt: refreshTokenFamilies.revokedAt,
        endReason: refreshTokenFamilies.revokeReason,
      })
      .from(refreshTokenFamilies)
      .where(eq(refreshTokenFamilies.userId, userId))
      .orderBy(asc(refreshTokenFamilies.createdAt)),
    db.select().from(spendingLimits).where(eq(spendingLimits.userId, userId)),
    db.select().from(purchaseBlocks).where(eq(purchaseBlocks.userId, userId)),
    // What the alerts feature keeps (decision 085): the default mode and every bell entry.
    db
      .select({ mode: alertSettings.mode, updatedAt: alertSettings.updatedAt })
      .from(alertSettings)
      .where(eq(alertSettings.userId, userId)),
    db
      .select({
        tipId: tipNotifications.tipId,
        tipsterId: tipNotifications.tipsterId,
        tipsterName: tipsters.name,
        email: tipNotifications.email,
        createdAt: tipNotifications.createdAt,
        emailedAt: tipNotifications.emailedAt,
        readAt: tipNotifications.readAt,
      })
      .from(tipNotifications)
      .innerJoin(tipsters, eq(tipsters.id, tipNotifications.tipsterId))
      .where(eq(tipNotifications.userId, userId))
      .orderBy(asc(tipNotifications.id)),
    db
      .select({
        planId: aiSubscriptions.planId,
        orderId: aiSubscriptions.orderId,
        email: aiSubscriptions.email,
        tipsTotal: aiSubscriptions.tipsTotal,
        tipsDelivered: aiSubscriptions.tipsDelivered,
        createdAt: aiSubscriptions.createdAt,
        completedAt: aiSubscriptions.completedAt,
      })
      .from(aiSubscriptions)
      .where(eq(aiSubscriptions.userId, userId))
      .orderBy(asc(aiSubscriptions.id)),
    db
      .select({
        tipId: tipRefunds.tipId,
        orderId: tipRefunds.orderId,
        amountCents: tipRefunds.amountCents,
        currency: tipRefunds.currency,
        paidWith: tipRefunds.paidWith,
        method: tipRefunds.method,
        status: tipRefunds.status,
        createdAt: tipRefunds.createdAt,
        completedAt: tipRefunds.completedAt,
      })
      .from(tipRefunds)
      .where(eq(tipRefunds.userId, userId))
      .orderBy(asc(tipRefunds.id)),
    db
      .select({
        amountCents: creditDebts.amountCents,
        repaidCents: creditDebts.repaidCents,
        createdAt: creditDebts.createdAt,
        settledAt: creditDebts.settledAt,
      })
      .from(creditDebts)
      .where(eq(creditDebts.userId, userId))
      .orderBy(asc(creditDebts.id)),
    db
      .select({
        tipId: revokedEntitlements.tipId,
        orderId: revokedEntitlements.orderId,
        source: revokedEntitlements.source,
        grantedAt: revokedEntitlements.grantedAt,
        revokedAt: revokedEntitlements.revokedAt,
      })
      .from(revokedEntitlements)
      .where(eq(revokedEntitlements.userId, userId))
      .orderBy(asc(revokedEntitlements.revokedAt)),
  ]);
  return {
    user,
    followed,
    ownOrders,
    items,
    owned,
    ledger,
    emails,
    sessions,
    limits,
    blocks,
    alertSettings: alertDefaults[0],
    notifications,
    subscriptions,
    refunds,
    debts,
    revoked,
  };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof readAccountData>>>;

/** The placeholder identity of an erased account: neither can be registered (no '@', '~' refused). */
export function erasedIdentity(userId: number) {
  return { username: `~erased~${userId}`, email: `~erased~${userId}` };
}

/**
 * Erases the account's personal data in the caller's transaction: the user row keeps its id,
 * balance and roles (the ledger invariant, balance = sum of entries, still holds) but loses every
 * personal field; the orders lose their contact and payer details; its AI-plan subscriptions
 * end and, with its refunds, lose the address; follows (with their alert
 * modes), alert settings, in-app notifications, one-time codes, limits and the emails addressed to
 * the account go. The username is held back for 30 days.
 * Returns false when the account was already erased (or never existed).
 */
export async function eraseAccountData(
  tx: DbOrTx,
  userId: number,
  now: Date,
  usernameReusableAt: Date,
): Promise<boolean> {
  const [user] = await tx
    .select({ username: users.username, email: users.email, pendingEmail: users.pendingEmail })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for('update');
  if (!user) return false;
  const placeholder = erasedIdentity(userId);
  const addresses = [user.email, ...(user.pendingEmail ? [user.pendingEmail] : [])].map((a) =>
    a.toLowerCase(),
  );
  await tx
    .update(users)
    .set({
      username: placeholder.username,
      email: placeholder.email,
      // Not an argon2 hash: no password ever verifies against it.
      passwordHash: '!erased',
      firstName: '',
      lastName: '',
      phone: '',
      country: '',
      pendingEmail: null,
      profileImage: null,
      referralCode: null,
      emailVerified: false,
      deletedAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
  await tx
    .insert(releasedUsernames)
    .values({ usernameLower: user.username.toLowerCase(), reusableAt: usernameReusableAt })
    .onConflictDoUpdate({ target: releasedUsernames.usernameLower, set: { reusableAt: usernameReusableAt } });
  // The AI-plan subscriptions end with the account, forfeited like the credits (decision 088,
  // addendum): an open one is closed now, and every one keeps its counts but not the address.
  // The column is NOT NULL, so it takes the users row's placeholder.
  await tx
    .update(aiSubscriptions)
    .set({ email: placeholder.email, completedAt: sql`coalesce(${aiSubscriptions.completedAt}, ${now})` })
    .where(eq(aiSubscriptions.userId, userId));
  // Refunds are history (decision 047): amounts and statuses stay, the address is blanked like
  // pending_email (a NULL address is never written to; migration 0016 lets a completed row take it).
  await tx.update(tipRefunds).set({ email: null }).where(eq(tipRefunds.userId, userId));
  await tx
    .update(orders)
    .set({
      contactFirstName: null,
      contactLastName: null,
      contactEmail: null,
      contactCountry: null,
      contactMobile: null,
      payerEmail: null,
      updatedAt: now,
    })
    .where(eq(orders.userId, userId));
  // One after another: a transaction is one connection.
  // The follows carry their alert modes; the alert settings and the bell go with them.
  await tx.delete(follows).where(eq(follows.userId, userId));
  await tx.delete(alertSettings).where(eq(alertSettings.userId, userId));
  await tx.delete(tipNotifications).where(eq(tipNotifications.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await tx.delete(spendingLimits).where(eq(spendingLimits.userId, userId));
  await tx.delete(emailOutbox).where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses));
  await tx
    .delete(contactMessages)
    .where(or(eq(contactMessages.userId, userId), inArray(sql`lower(${contactMessages.email})`, addresses)));
  return true;
}
