import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

// Every feature's zod schemas must convert to OpenAPI: a schema that cannot be expressed
// (a bare transform, a Date) breaks /api/docs for everyone.
describe('OpenAPI of the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('builds the document for every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toContain('/api/health');
    expect(paths.every((p) => p.startsWith('/api/'))).toBe(true);
  });

  // Issue #22: a client generator needs a name and a line for each operation, and shared types
  // once, not copied into every route.
  it('gives every operation a unique operationId and a summary, and shares the contract schemas', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = Object.entries(
      doc.paths as Record<string, Record<string, { operationId?: string; summary?: string }>>,
    ).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ where: `${method.toUpperCase()} ${path}`, ...op })),
    );
    expect(operations.length).toBeGreaterThan(50);
    expect(operations.filter((op) => typeof op.operationId !== 'string').map((op) => op.where)).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(operations.filter((op) => !op.summary).map((op) => op.where)).toEqual([]);
    const components = Object.keys(doc.components?.schemas ?? {});
    expect(components).toEqual(expect.arrayContaining(['Tip', 'ErrorBody']));
    expect(JSON.stringify(doc)).toContain('"$ref":"#/components/schemas/');
  });
});

describe('OpenAPI in production', () => {
  it('is not served unless API_DOCS=true', async () => {
    const off = await createTestApp({ env: { NODE_ENV: 'production', PAYPAL_MODE: 'sandbox-local' } });
    try {
      expect((await off.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp({
      env: { NODE_ENV: 'production', PAYPAL_MODE: 'sandbox-local', API_DOCS: 'true' },
    });
    try {
      expect((await on.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await on.close();
    }
  });
});
