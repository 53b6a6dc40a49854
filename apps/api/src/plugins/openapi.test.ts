import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import { healthRoutes } from '../features/health/health.routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ database: createFakeDatabase(), features: [healthRoutes] });
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('documents the routes from their zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/api/health'].get.responses['200'].content['application/json'].schema).toMatchObject({
      type: 'object',
      properties: { status: { enum: ['ok'] } },
    });
    expect(doc.paths['/api/ready'].get.responses['503']).toBeDefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/docs'))).toBe(false);
  });

  it('serves the UI under the strict CSP (no inline script)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});
