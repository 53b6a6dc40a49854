import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlinedOpenApiDocument } from '../../test/openapi-document.test-support';
import { createTestApp, type TestApp } from '../../test/test-app';

// Issue #19.10: the OpenAPI document says what the server does.

interface Operation {
  security?: unknown[];
  requestBody?: {
    content?: Record<string, { schema?: { properties?: Record<string, { minLength?: number }> } }>;
  };
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  paths = (await inlinedOpenApiDocument(t.app)).paths;
});
afterAll(() => t.close());

describe('the OpenAPI document matches the server', () => {
  it('marks every route that refuses an anonymous caller (401) as secured', async () => {
    const unmarked: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      if (path.startsWith('/api/sandbox/')) continue; // PayPal's own auth, emulated
      for (const [method, op] of Object.entries(methods)) {
        const url = path.replace(/\{[^}]+\}/g, '1');
        const hasBody = !['get', 'delete'].includes(method);
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          remoteAddress: `10.9.${unmarked.length}.${Math.floor(Math.random() * 250)}`,
          ...(hasBody ? { payload: {} } : {}),
        });
        if (res.statusCode === 401 && !op.security?.length) unmarked.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(unmarked).toEqual([]);
    expect(paths['/api/users/profile'].get.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/tips/buy'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(paths['/api/admin/users'].get.security).toEqual([{ bearerAuth: [] }]);
  });

  it("documents the admin credit reason's minimum as the server applies it (3)", async () => {
    const op = paths['/api/admin/users/{id}/credits'].post;
    const reason = op.requestBody?.content?.['application/json']?.schema?.properties?.reason;
    expect(reason?.minLength).toBe(3);
  });

  it('names only the image types the server accepts, and answers 413 with its own code', async () => {
    expect(MESSAGES.imageInvalid).not.toMatch(/GIF/i);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/contact',
      payload: { name: 'x', email: 'a@b.test', subject: 's', message: 'm'.repeat(110_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
