import {
  type AdjustCreditsBody,
  type AdjustCreditsResponse,
  type AdminLedgerEntry,
  type AdminOrder,
  type AdminUser,
  type AdminUserDetailResponse,
  type AdminUserPage,
  type AdminUsersQuery,
  BACKOFFICE_MESSAGES,
  fromCents,
  MESSAGES,
  ROLES,
  type Role,
  toCents,
} from '@tips/contract';
import type { Db, Tx } from '../../db/client';
import { conflict, notFound, unprocessable } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import { newUuid } from '../../lib/ids';
import { limitOffset, toPage } from '../../lib/paging';
import { writeAudit } from '../audit/audit.repo';
import {
  applyBalanceDelta,
  findLedgerEntryByKey,
  findTipsterIdOfUser,
  findUserWithTipster,
  insertAdjustmentEntry,
  type LedgerRow,
  listLedger,
  lockTipster,
  lockUser,
  searchUsers,
  setTipsterUser,
  setUserRoles,
  sumLedger,
  type UserRow,
} from './users-admin.repo';

export interface AdminUsersDeps {
  db: Db;
  clock: Clock;
  /** Commerce: the user's latest orders as the back office shows them (wired in app.ts). */
  recentOrdersOfUser: (userId: number, limit: number) => Promise<AdminOrder[]>;
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;

const DETAIL_ORDERS = 50;
const DETAIL_LEDGER = 100;

export function toAdminUser(user: UserRow, tipsterId: number | null): AdminUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    country: user.country,
    roles: user.roles,
    emailVerified: user.emailVerified,
    creditBalance: fromCents(user.creditBalance),
    tipsterId,
    createdAt: user.createdAt.toISOString(),
  };
}

function toLedgerEntry(row: LedgerRow): AdminLedgerEntry {
  return {
    id: row.id,
    amount: fromCents(row.amountCents),
    reason: row.reason,
    reference: row.reference,
    note: row.note,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Every account has 'user'; the rest in a fixed order, without repeats. */
export function normalizeRoles(roles: readonly string[]): Role[] {
  return ROLES.filter((role) => role === 'user' || roles.includes(role));
}

export function createAdminUsersService(deps: AdminUsersDeps) {
  const { db, clock } = deps;

  async function search(query: AdminUsersQuery): Promise<AdminUserPage> {
    const { rows, total } = await searchUsers(db, { q: query.q, role: query.role }, limitOffset(query));
    return toPage(
      rows.map((r) => toAdminUser(r.user, r.tipster?.id ?? null)),
      total,
      query,
    );
  }

  async function detail(userId: number): Promise<AdminUserDetailResponse['data']> {
    const found = await findUserWithTipster(db, userId);
    if (!found) throw notFound(BACKOFFICE_MESSAGES.userNotFound);
    const [orders, ledger, ledgerTotal] = await Promise.all([
      deps.recentOrdersOfUser(userId, DETAIL_ORDERS),
      listLedger(db, userId, DETAIL_LEDGER),
      sumLedger(db, userId),
    ]);
    return {
      user: toAdminUser(found.user, found.tipster?.id ?? null),
      tipster: found.tipster,
      ledgerTotal: fromCents(ledgerTotal),
      orders,
      ledger: ledger.map(toLedgerEntry),
    };
  }

  /**
   * Replaces the user's roles ('user' is always kept). An admin cannot take away their own admin
   * role, so the back office never locks out the one using it. New roles reach the user's access
   * token at its next refresh (at most its 15-minute lifetime).
   */
  async function setRoles(adminId: number, userId: number, requested: readonly Role[]): Promise<AdminUser> {
    const roles = normalizeRoles(requested);
    if (adminId === userId && !roles.includes('admin')) {
      throw unprocessable(BACKOFFICE_MESSAGES.cannotRemoveOwnAdmin);
    }
    const now = clock.now();
    return db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw notFound(BACKOFFICE_MESSAGES.userNotFound);
      const updated = await setUserRoles(tx, userId, roles, now);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'user.set_roles',
        entity: 'user',
        entityId: userId,
        before: { roles: user.roles },
        after: { roles },
        now,
      });
      return toAdminUser(updated, await findTipsterIdOfUser(tx, userId));
    });
  }

  /**
   * Links the user to a tipster profile (they then publish as it), or unlinks with null. Linking
   * gives the tipster role; a profile already linked to someone else must be unlinked first.
   */
  async function linkTipster(adminId: number, userId: number, tipsterId: number | null): Promise<AdminUser> {
    const now = clock.now();
    return db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw notFound(BACKOFFICE_MESSAGES.userNotFound);
      const previous = await findTipsterIdOfUser(tx, userId);
      if (tipsterId !== null) {
        const tipster = await lockTipster(tx, tipsterId);
        if (!tipster) throw notFound(MESSAGES.tipsterNotFound);
        if (tipster.userId !== null && tipster.userId !== userId) {
          throw conflict(BACKOFFICE_MESSAGES.tipsterLinkedElsewhere);
        }
      }
      if (previous !== null && previous !== tipsterId) await setTipsterUser(tx, previous, null);
      if (tipsterId !== null && previous !== tipsterId) await setTipsterUser(tx, tipsterId, userId);
      const roles = tipsterId !== null ? normalizeRoles([...user.roles, 'tipster']) : user.roles;
      const updated = roles.length !== user.roles.length ? await setUserRoles(tx, userId, roles, now) : user;
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'user.link_tipster',
        entity: 'user',
        entityId: userId,
        before: { tipsterId: previous, roles: user.roles },
        after: { tipsterId, roles: updated.roles },
        now,
      });
      return toAdminUser(updated, tipsterId);
    });
  }

  /**
   * A credit adjustment is a new ledger entry and the matching balance change in one transaction,
   * never an edit. Refused when it would take the balance below zero. With an idempotency key, a
   * retried request returns the first one's outcome instead of adjusting twice.
   */
  async function adjustCredits(
    adminId: number,
    userId: number,
    body: AdjustCreditsBody,
  ): Promise<AdjustCreditsResponse> {
    const amountCents = toCents(body.amount);
    const idempotencyKey = `admin-adjustment:${body.idempotencyKey ?? newUuid()}`;
    const now = clock.now();
    return db.transaction(async (tx) => {
      const user = await lockUser(tx, userId);
      if (!user) throw notFound(BACKOFFICE_MESSAGES.userNotFound);
      const entry = await insertAdjustmentEntry(tx, {
        userId,
        amountCents,
        idempotencyKey,
        note: body.reason,
        createdBy: adminId,
        createdAt: now,
      });
      if (!entry) return replayOf(tx, user, amountCents, idempotencyKey);
      const updated = await applyBalanceDelta(tx, userId, amountCents, now);
      if (!updated) throw unprocessable(BACKOFFICE_MESSAGES.balanceWouldGoNegative);
      await writeAudit(tx, {
        actorUserId: adminId,
        action: 'user.adjust_credits',
        entity: 'user',
        entityId: userId,
        before: { creditBalance: fromCents(user.creditBalance) },
        after: {
          creditBalance: fromCents(updated.creditBalance),
          amount: body.amount,
          ledgerEntryId: entry.id,
        },
        reason: body.reason,
        now,
      });
      return { balance: fromCents(updated.creditBalance), entry: toLedgerEntry(entry) };
    });
  }

  async function replayOf(
    tx: Tx,
    user: UserRow,
    amountCents: number,
    key: string,
  ): Promise<AdjustCreditsResponse> {
    const existing = await findLedgerEntryByKey(tx, key);
    if (!existing || existing.userId !== user.id || existing.amountCents !== amountCents) {
      throw conflict(BACKOFFICE_MESSAGES.idempotencyKeyReused);
    }
    return { balance: fromCents(user.creditBalance), entry: toLedgerEntry(existing) };
  }

  return { search, detail, setRoles, linkTipster, adjustCredits };
}
