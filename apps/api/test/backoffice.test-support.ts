import { and, desc, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client';
import { auditLog, emailOutbox, tipsterStats, users } from '../src/db/schema';
import { createTipster, createUser } from '../src/db/seed/factories';
import { ALL_TIME_START } from '../src/features/tips/stat-periods';
import { signTestAccessToken } from './session-token.test-support';
import type { TestApp } from './test-app';

// Shared by the back office's integration tests (never imported by the app).

export const NOW = new Date('2025-06-01T12:00:00.000Z');
export const HOUR = 3_600_000;
export const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);

export async function tokenFor(t: TestApp, user: { id: number; roles: string[] }): Promise<string> {
  return signTestAccessToken(t, user);
}

export async function signedIn(
  t: TestApp,
  roles: string[] = ['user'],
  overrides: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(t.database.db, { roles, ...overrides });
  return { user, token: await tokenFor(t, user) };
}

/** A signed-in tipster with a linked profile. */
export async function signedInTipster(t: TestApp, profile: Parameters<typeof createTipster>[1] = {}) {
  const account = await signedIn(t, ['user', 'tipster']);
  const tipster = await createTipster(t.database.db, { userId: account.user.id, ...profile });
  return { ...account, tipster };
}

export function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  opts: { token?: string | null; body?: unknown } = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    payload: opts.body as never,
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
}

/** A call that must answer `status`; returns the parsed body. */
export async function callOk<T = Record<string, unknown>>(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  token: string,
  body?: unknown,
  status = 200,
): Promise<T> {
  const response = await call(t, method, url, { token, body });
  if (response.statusCode !== status) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json() as T;
}

export async function allTimeStats(db: Db, tipsterId: number) {
  const [row] = await db
    .select()
    .from(tipsterStats)
    .where(
      and(
        eq(tipsterStats.tipsterId, tipsterId),
        eq(tipsterStats.period, 'all'),
        eq(tipsterStats.periodStart, ALL_TIME_START),
      ),
    );
  return row;
}

export async function auditRows(db: Db, action: string, entityId?: string | number) {
  return db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        entityId === undefined ? undefined : eq(auditLog.entityId, String(entityId)),
      ),
    )
    .orderBy(desc(auditLog.id));
}

export async function outboxFor(db: Db, to: string, template?: string) {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, to), template ? eq(emailOutbox.template, template) : undefined))
    .orderBy(desc(emailOutbox.id));
}

export async function balanceOf(db: Db, userId: number): Promise<number> {
  const [row] = await db.select({ balance: users.creditBalance }).from(users).where(eq(users.id, userId));
  return row.balance;
}

export async function ledgerSum(db: Db, userId: number): Promise<number> {
  const result = (await db.execute(
    sql`select coalesce(sum(amount_cents), 0)::text as total from ledger_entries where user_id = ${userId}`,
  )) as unknown as { rows: Array<{ total: string }> };
  return Number(result.rows[0].total);
}
