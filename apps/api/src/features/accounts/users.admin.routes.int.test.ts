import {
  type AdjustCreditsResponse,
  AdjustCreditsResponseSchema,
  type AdminUserDetailResponse,
  AdminUserDetailResponseSchema,
  type AdminUserPage,
  type AdminUserResponse,
  BACKOFFICE_MESSAGES,
  type ErrorBody,
} from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  auditRows,
  balanceOf,
  call,
  callOk,
  ledgerSum,
  NOW,
  signedIn,
  signedInTipster,
} from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { ledgerEntries, orders, tipsters, users } from '../../db/schema';
import { createTipster, createUser, grantCredits } from '../../db/seed/factories';
import { checkLedgerInvariants } from '../commerce/ledger/ledger-invariants.test-support';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  admin = await signedIn(t, ['user', 'admin']);
});

afterAll(() => t.close());

beforeEach(() => {
  t.clock.set(NOW);
});

const adjust = (userId: number, body: unknown) =>
  call(t, 'POST', `/api/admin/users/${userId}/credits`, { token: admin.token, body });

describe('GET /api/admin/users', () => {
  it('searches by username, email or name, case-insensitively, and by role', async () => {
    const db = t.database.db;
    const zelda = await createUser(db, { username: 'zelda_hyrule', firstName: 'Zelda', lastName: 'Hyrule' });
    await createUser(db, { email: 'link.hyrule@example.test' });
    await createUser(db, { username: 'percent_100%' });

    const byName = await callOk<AdminUserPage>(t, 'GET', '/api/admin/users?q=HYRULE', admin.token);
    expect(byName.totalItems).toBe(2);
    expect(byName.data.map((u) => u.id)).toContain(zelda.id);
    const wildcard = await callOk<AdminUserPage>(t, 'GET', '/api/admin/users?q=%25', admin.token);
    expect(wildcard.data.map((u) => u.username)).toEqual(['percent_100%']);
    const admins = await callOk<AdminUserPage>(t, 'GET', '/api/admin/users?role=admin', admin.token);
    expect(admins.data.every((u) => u.roles.includes('admin'))).toBe(true);
    expect(admins.data.map((u) => u.id)).toContain(admin.user.id);
  });
});

describe('GET /api/admin/users/{id}', () => {
  it('shows the user with their orders, ledger and linked tipster profile', async () => {
    const db = t.database.db;
    const { user, tipster } = await signedInTipster(t);
    await grantCredits(db, user.id, 2500, `welcome-${user.id}`);
    await db.insert(orders).values({
      userId: user.id,
      type: 'CREDITS',
      method: 3,
      provider: 'manual',
      status: 'PENDING',
      amountCents: 10000,
      creditsCents: 10000,
      contactEmail: user.email,
    });
    const body = await callOk<AdminUserDetailResponse>(t, 'GET', `/api/admin/users/${user.id}`, admin.token);
    expect(AdminUserDetailResponseSchema.safeParse(body).success).toBe(true);
    expect(body.data).toMatchObject({
      user: { id: user.id, creditBalance: 25, tipsterId: tipster.id, roles: ['user', 'tipster'] },
      tipster: { id: tipster.id, name: tipster.name },
      ledgerTotal: 25,
      orders: [{ type: 'CREDITS', methodName: 'Bitcoin', status: 'PENDING', amount: 100, credits: 100 }],
      ledger: [{ amount: 25, reason: 'bonus' }],
    });
    expect(JSON.stringify(body)).not.toContain('passwordHash');
    expect((await call(t, 'GET', '/api/admin/users/999999', { token: admin.token })).statusCode).toBe(404);
  });
});

describe('PUT /api/admin/users/{id}/roles', () => {
  it("replaces the roles, always keeping 'user', and audits the change", async () => {
    const user = await createUser(t.database.db);
    const body = await callOk<AdminUserResponse>(t, 'PUT', `/api/admin/users/${user.id}/roles`, admin.token, {
      roles: ['admin', 'tipster', 'tipster'],
    });
    expect(body.data.roles).toEqual(['user', 'tipster', 'admin']);
    const cleared = await callOk<AdminUserResponse>(
      t,
      'PUT',
      `/api/admin/users/${user.id}/roles`,
      admin.token,
      {
        roles: [],
      },
    );
    expect(cleared.data.roles).toEqual(['user']);
    const [latest] = await auditRows(t.database.db, 'user.set_roles', user.id);
    expect(latest).toMatchObject({
      actorUserId: admin.user.id,
      before: { roles: ['user', 'tipster', 'admin'] },
      after: { roles: ['user'] },
    });
  });

  it('does not let an admin remove their own admin role (422) and rejects unknown roles (400)', async () => {
    const self = await call(t, 'PUT', `/api/admin/users/${admin.user.id}/roles`, {
      token: admin.token,
      body: { roles: ['user'] },
    });
    expect(self.statusCode).toBe(422);
    expect((self.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.cannotRemoveOwnAdmin]);
    const unknown = await call(t, 'PUT', `/api/admin/users/${admin.user.id}/roles`, {
      token: admin.token,
      body: { roles: ['superuser'] },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('PUT /api/admin/users/{id}/tipster', () => {
  it('links a user to a tipster profile (adding the tipster role), moves the link and unlinks', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const [first, second] = await Promise.all([createTipster(db), createTipster(db)]);
    const linked = await callOk<AdminUserResponse>(
      t,
      'PUT',
      `/api/admin/users/${user.id}/tipster`,
      admin.token,
      {
        tipsterId: first.id,
      },
    );
    expect(linked.data).toMatchObject({ tipsterId: first.id, roles: ['user', 'tipster'] });

    await callOk(t, 'PUT', `/api/admin/users/${user.id}/tipster`, admin.token, { tipsterId: second.id });
    const rows = await db.select({ id: tipsters.id, userId: tipsters.userId }).from(tipsters);
    expect(rows.find((r) => r.id === first.id)?.userId).toBeNull();
    expect(rows.find((r) => r.id === second.id)?.userId).toBe(user.id);

    const unlinked = await callOk<AdminUserResponse>(
      t,
      'PUT',
      `/api/admin/users/${user.id}/tipster`,
      admin.token,
      {
        tipsterId: null,
      },
    );
    expect(unlinked.data.tipsterId).toBeNull();
    const audit = await auditRows(db, 'user.link_tipster', user.id);
    expect(audit.map((a) => a.after)).toEqual([
      { tipsterId: null, roles: ['user', 'tipster'] },
      { tipsterId: second.id, roles: ['user', 'tipster'] },
      { tipsterId: first.id, roles: ['user', 'tipster'] },
    ]);
  });

  it('refuses a profile linked to someone else (409) and unknown profiles (404)', async () => {
    const { tipster } = await signedInTipster(t);
    const user = await createUser(t.database.db);
    const taken = await call(t, 'PUT', `/api/admin/users/${user.id}/tipster`, {
      token: admin.token,
      body: { tipsterId: tipster.id },
    });
    expect(taken.statusCode).toBe(409);
    const missing = await call(t, 'PUT', `/api/admin/users/${user.id}/tipster`, {
      token: admin.token,
      body: { tipsterId: 987654 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('POST /api/admin/users/{id}/credits', () => {
  it('adds and removes credits as ledger entries with the reason, balance = sum of entries', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 1000 });
    const added = await callOk<AdjustCreditsResponse>(
      t,
      'POST',
      `/api/admin/users/${user.id}/credits`,
      admin.token,
      {
        amount: 12.5,
        reason: 'Goodwill for a late tip',
      },
    );
    expect(AdjustCreditsResponseSchema.safeParse(added).success).toBe(true);
    expect(added).toMatchObject({
      balance: 22.5,
      entry: {
        amount: 12.5,
        reason: 'admin_adjustment',
        note: 'Goodwill for a late tip',
        createdBy: admin.user.id,
      },
    });
    const removed = await callOk<AdjustCreditsResponse>(
      t,
      'POST',
      `/api/admin/users/${user.id}/credits`,
      admin.token,
      {
        amount: -20,
        reason: 'Duplicate manual grant',
      },
    );
    expect(removed.balance).toBe(2.5);

    expect(await balanceOf(db, user.id)).toBe(250);
    expect(await ledgerSum(db, user.id)).toBe(250);
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));
    expect(entries.map((e) => e.amountCents).sort((a, b) => a - b)).toEqual([-2000, 1000, 1250]);
    const audit = await auditRows(db, 'user.adjust_credits', user.id);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.user.id,
      reason: 'Duplicate manual grant',
      before: { creditBalance: 22.5 },
      after: { creditBalance: 2.5, amount: -20 },
    });
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });

  it('refuses an adjustment that would make the balance negative, changing nothing (422)', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 500 });
    const response = await adjust(user.id, { amount: -5.01, reason: 'Too much' });
    expect(response.statusCode).toBe(422);
    expect((response.json() as ErrorBody).errors).toEqual([BACKOFFICE_MESSAGES.balanceWouldGoNegative]);
    expect(await balanceOf(db, user.id)).toBe(500);
    expect(await ledgerSum(db, user.id)).toBe(500);
    expect(await auditRows(db, 'user.adjust_credits', user.id)).toHaveLength(0);
  });

  it.each([
    [{ amount: 5 }, BACKOFFICE_MESSAGES.reasonRequired],
    [{ amount: 5, reason: ' ' }, BACKOFFICE_MESSAGES.reasonRequired],
    [{ amount: 0, reason: 'nothing' }, BACKOFFICE_MESSAGES.amountInvalid],
    [{ amount: 1.005, reason: 'fractions' }, BACKOFFICE_MESSAGES.amountInvalid],
    [{ amount: '5', reason: 'text' }, BACKOFFICE_MESSAGES.amountInvalid],
  ])('rejects %j (400)', async (body, message) => {
    const user = await createUser(t.database.db);
    const response = await adjust(user.id, body);
    expect(response.statusCode).toBe(400);
    expect((response.json() as ErrorBody).errors).toContain(message);
  });

  it('answers 404 for an unknown user', async () => {
    expect((await adjust(987654, { amount: 5, reason: 'nobody' })).statusCode).toBe(404);
  });

  it('applies a retried adjustment once when it carries the same idempotency key', async () => {
    const db = t.database.db;
    const user = await createUser(db);
    const body = { amount: 30, reason: 'Refund of a failed order', idempotencyKey: `retry-${user.id}-abc` };
    const responses = await Promise.all([
      adjust(user.id, body),
      adjust(user.id, body),
      adjust(user.id, body),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const entryIds = new Set(responses.map((r) => (r.json() as AdjustCreditsResponse).entry.id));
    expect(entryIds.size).toBe(1);
    expect(await balanceOf(db, user.id)).toBe(3000);
    const reused = await adjust(user.id, { ...body, amount: 31 });
    expect(reused.statusCode).toBe(409);
    expect(await auditRows(db, 'user.adjust_credits', user.id)).toHaveLength(1);
  });

  it('never goes below zero under concurrent debits, and the ledger stays consistent', async () => {
    const db = t.database.db;
    const user = await createUser(db, { creditBalance: 5000 });
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => adjust(user.id, { amount: -7, reason: `Chargeback ${i}` })),
    );
    const ok = responses.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(7);
    expect(responses.filter((r) => r.statusCode === 422)).toHaveLength(5);
    expect(await balanceOf(db, user.id)).toBe(100);
    expect(await ledgerSum(db, user.id)).toBe(100);
    const [row] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, user.id));
    expect(row.balance).toBeGreaterThanOrEqual(0);
    expect(await checkLedgerInvariants(db)).toEqual([]);
  });
});
