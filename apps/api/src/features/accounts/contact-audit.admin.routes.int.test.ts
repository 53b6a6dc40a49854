import {
  type AdminContactMessagePage,
  type AdminContactMessageResponse,
  type AuditPage,
  AuditPageSchema,
} from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, callOk, NOW, signedIn } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { contactMessages } from '../../db/schema';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  admin = await signedIn(t, ['user', 'admin']);
});

afterAll(() => t.close());

async function message(subject: string, createdAt: Date) {
  const [row] = await t.database.db
    .insert(contactMessages)
    .values({
      name: 'Vera Visitor',
      email: 'vera@example.test',
      subject,
      message: 'Hello <b>there</b>',
      createdAt,
    })
    .returning();
  return row;
}

describe('contact messages', () => {
  it('lists open messages oldest first, marks one handled once, and audits it', async () => {
    const older = await message('Payment question', at(-5));
    const newer = await message('Tip question', at(-1));

    const open = await callOk<AdminContactMessagePage>(t, 'GET', '/api/admin/contact-messages', admin.token);
    expect(open.data.map((m) => m.id)).toEqual([older.id, newer.id]);
    expect(open.data[0]).toMatchObject({
      subject: 'Payment question',
      message: 'Hello <b>there</b>',
      handledAt: null,
    });

    const handled = await callOk<AdminContactMessageResponse>(
      t,
      'POST',
      `/api/admin/contact-messages/${older.id}/handle`,
      admin.token,
    );
    expect(handled.data).toMatchObject({
      id: older.id,
      handledAt: NOW.toISOString(),
      handledBy: admin.user.id,
    });
    const again = await call(t, 'POST', `/api/admin/contact-messages/${older.id}/handle`, {
      token: admin.token,
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await call(t, 'POST', '/api/admin/contact-messages/987654/handle', { token: admin.token })).statusCode,
    ).toBe(404);

    const stillOpen = await callOk<AdminContactMessagePage>(
      t,
      'GET',
      '/api/admin/contact-messages',
      admin.token,
    );
    expect(stillOpen.data.map((m) => m.id)).toEqual([newer.id]);
    const done = await callOk<AdminContactMessagePage>(
      t,
      'GET',
      '/api/admin/contact-messages?status=handled',
      admin.token,
    );
    expect(done.data.map((m) => m.id)).toEqual([older.id]);

    const audit = await callOk<AuditPage>(
      t,
      'GET',
      `/api/admin/audit?entity=contact_message&entityId=${older.id}`,
      admin.token,
    );
    expect(AuditPageSchema.safeParse(audit).success).toBe(true);
    expect(audit.data).toHaveLength(1);
    expect(audit.data[0]).toMatchObject({
      actor: { id: admin.user.id, username: admin.user.username },
      action: 'contact_message.handle',
      before: { handledAt: null },
      after: { handledAt: NOW.toISOString(), handledBy: admin.user.id },
      createdAt: NOW.toISOString(),
    });
  });
});

describe('GET /api/admin/audit', () => {
  it('lists every admin action newest first and filters by action and actor', async () => {
    const other = await signedIn(t, ['user', 'admin']);
    const target = await signedIn(t);
    t.clock.set(new Date(NOW.getTime() + 60_000));
    await callOk(t, 'PUT', `/api/admin/users/${target.user.id}/roles`, admin.token, { roles: ['tipster'] });
    t.clock.set(new Date(NOW.getTime() + 120_000));
    await callOk(t, 'POST', `/api/admin/users/${target.user.id}/credits`, other.token, {
      amount: 5,
      reason: 'Welcome bonus',
    });

    const all = await callOk<AuditPage>(t, 'GET', '/api/admin/audit?pageSize=2', other.token);
    expect(all.data.map((e) => e.action)).toEqual(['user.adjust_credits', 'user.set_roles']);
    expect(all.data[0]).toMatchObject({
      reason: 'Welcome bonus',
      entity: 'user',
      entityId: String(target.user.id),
    });

    const byActor = await callOk<AuditPage>(
      t,
      'GET',
      `/api/admin/audit?actorUserId=${other.user.id}`,
      other.token,
    );
    expect(byActor.data.map((e) => e.action)).toEqual(['user.adjust_credits']);
    const byAction = await callOk<AuditPage>(t, 'GET', '/api/admin/audit?action=user.set_roles', other.token);
    expect(byAction.data.every((e) => e.action === 'user.set_roles')).toBe(true);
    expect(
      (await call(t, 'GET', '/api/admin/audit?actorUserId=abc', { token: admin.token })).statusCode,
    ).toBe(400);
  });
});
