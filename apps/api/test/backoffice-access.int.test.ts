import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTipster } from '../src/db/seed/factories';
import { call, NOW, signedIn } from './backoffice.test-support';
import { createTestApp, type TestApp } from './test-app';

// Role checks on every back-office route, taken from the generated OpenAPI document so that a
// route added later is covered without editing this test.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
interface Operation {
  method: Method;
  path: string;
  url: string;
}

const EXPECTED = [
  'GET /api/admin/tips/unsettled',
  'GET /api/admin/matches/unsettled',
  'POST /api/admin/tips/{id}/settle',
  'POST /api/admin/tips/{id}/suggest-result',
  'POST /api/admin/tips/{id}/correct',
  'POST /api/admin/matches/settle',
  'GET /api/admin/orders',
  'POST /api/admin/orders/{id}/confirm',
  'POST /api/admin/orders/{id}/reject',
  'GET /api/admin/users',
  'GET /api/admin/users/{id}',
  'GET /api/admin/users/{id}/safer-gambling',
  'PUT /api/admin/users/{id}/roles',
  'PUT /api/admin/users/{id}/tipster',
  'POST /api/admin/users/{id}/credits',
  'GET /api/admin/tipsters',
  'GET /api/admin/tipsters/{id}',
  'POST /api/admin/tipsters',
  'PUT /api/admin/tipsters/{id}',
  'POST /api/admin/tipsters/{id}/photo',
  'POST /api/admin/tipsters/{id}/tier',
  'GET /api/admin/payouts',
  'POST /api/admin/payouts/{id}/hold',
  'POST /api/admin/payouts/{id}/release',
  'GET /api/admin/revenue',
  'GET /api/tipster/earnings',
  'GET /api/tipster/earnings/breakdown',
  'GET /api/tipster/earnings/entries',
  'GET /api/tipster/earnings/statement',
  'GET /api/tipster/payouts',
  'POST /api/tipster/payouts',
  'PUT /api/tipster/payout-account',
  'GET /api/admin/contact-messages',
  'POST /api/admin/contact-messages/{id}/handle',
  'GET /api/admin/audit',
  'POST /api/admin/fixtures/import',
  'POST /api/tipster/tips',
  'GET /api/tipster/tips',
  'GET /api/tipster/summary',
];

let t: TestApp;
let operations: Operation[];
let tokens: Record<'user' | 'tipster' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(spec.paths)
    .filter(([path]) => path.startsWith('/api/admin/') || path.startsWith('/api/tipster/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({
        method: method.toUpperCase() as Method,
        path,
        url: path.replace(
          '{id}',
          path.startsWith('/api/admin/orders/') ? '00000000-0000-4000-8000-000000000000' : '1',
        ),
      })),
    );
  const [user, tipster, admin] = await Promise.all([
    signedIn(t),
    signedIn(t, ['user', 'tipster']),
    signedIn(t, ['user', 'admin']),
  ]);
  await createTipster(t.database.db, { userId: tipster.user.id });
  tokens = { user: user.token, tipster: tipster.token, admin: admin.token };
});

afterAll(() => t.close());

const name = (op: Operation) => `${op.method} ${op.path}`;

describe('back-office access', () => {
  it('documents every back-office route', () => {
    expect(operations.map(name).sort()).toEqual([...EXPECTED].sort());
  });

  it('answers 401 to anonymous callers on every route, before reading the body', async () => {
    for (const op of operations) {
      const response = await call(t, op.method, op.url, { body: { anything: 'goes' } });
      expect(response.statusCode, name(op)).toBe(401);
      expect(response.json(), name(op)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('answers 403 to a plain user on every route', async () => {
    for (const op of operations) {
      const response = await call(t, op.method, op.url, { token: tokens.user, body: {} });
      expect(response.statusCode, name(op)).toBe(403);
      expect(response.json(), name(op)).toMatchObject({ code: 'FORBIDDEN' });
    }
  });

  it('keeps tipsters out of the admin API and admins out of the tipster portal', async () => {
    for (const op of operations) {
      const token = op.path.startsWith('/api/admin/') ? tokens.tipster : tokens.admin;
      const response = await call(t, op.method, op.url, { token, body: {} });
      expect(response.statusCode, name(op)).toBe(403);
    }
  });

  it('lets the right role through (the answer is about the request, not the role)', async () => {
    for (const op of operations) {
      const token = op.path.startsWith('/api/admin/') ? tokens.admin : tokens.tipster;
      const response = await call(t, op.method, op.url, { token, body: {} });
      expect([200, 201, 400, 404, 409, 422], name(op)).toContain(response.statusCode);
    }
  });

  it('has no route that edits or deletes a published tip', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/tipster/tips/1', '/api/admin/tips/1']) {
        const response = await call(t, method, url, { token: tokens.admin, body: {} });
        expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
      }
    }
  });
});
