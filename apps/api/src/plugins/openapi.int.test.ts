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
});
