import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  contactMessages,
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
  spendingLimits,
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
  const [followed, ownOrders, items, owned, ledger, emails, sessions, limits, blocks] = await Promise.all([
    db
      .select({ tipsterId: follows.tipsterId, tipsterName: tipsters.name, since: follows.createdAt })
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
  ]);
  return { user, followed, ownOrders, items, owned, ledger, emails, sessions, limits, blocks };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof readAccountData>>>;

/** The placeholder identity of an erased account: neither can be registered (no '@', '~' refused). */
export function erasedIdentity(userId: number) {
  return { username: `~erased~${userId}`, email: `~erased~${userId}` };
}

/**
 * Erases the account's personal data in the caller's transaction: the user row keeps its id,
 * balance and roles (the ledger invariant, balance = sum of entries, still holds) but loses every
 * personal field; the orders lose their contact and payer details; follows, one-time codes,
 * limits and the emails addressed to the account go. The username is held back for 30 days.
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
  await tx.delete(follows).where(eq(follows.userId, userId));
  await tx.delete(oneTimeCodes).where(eq(oneTimeCodes.userId, userId));
  await tx.delete(spendingLimits).where(eq(spendingLimits.userId, userId));
  await tx.delete(emailOutbox).where(inArray(sql`lower(${emailOutbox.toAddress})`, addresses));
  await tx
    .delete(contactMessages)
    .where(or(eq(contactMessages.userId, userId), inArray(sql`lower(${contactMessages.email})`, addresses)));
  return true;
}
