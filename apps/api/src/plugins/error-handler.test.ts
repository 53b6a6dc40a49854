import { Writable } from 'node:stream';
import { ErrorBodySchema, LoginBodySchema, MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createFakeDatabase, createTestApp, type TestApp } from '../../test/test-app';
import type { FeatureModule } from '../app-types';
import { healthRoutes } from '../features/health/health.routes';
import { conflict, unavailable } from '../lib/app-error';

const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});

const testRoutes: FeatureModule = async (app) => {
  app.post('/test/login', { schema: { body: LoginBodySchema } }, async () => ({ ok: true }));
  app.post('/test/echo', { schema: { body: z.object({ text: z.string() }) } }, async (req) => req.body);
  app.get('/test/boom', async () => {
    throw new Error('connection to db-7.internal refused (password=hunter2)');
  });
  app.get('/test/paypal-down', async () => {
    throw unavailable('The payment service is unavailable.');
  });
  app.get('/test/plugin-503', async () => {
    throw Object.assign(new Error('Service Unavailable'), { statusCode: 503 });
  });
  app.get('/test/conflict', async () => {
    throw conflict(MESSAGES.usernameTaken);
  });
  app.get(
    '/test/bad-response',
    { schema: { response: { 200: z.object({ id: z.number() }) } } },
    async () => ({ id: 'oops' }) as unknown as { id: number },
  );
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    database: createFakeDatabase(),
    features: [healthRoutes, testRoutes],
    logger: { level: 'info', stream: logStream },
  });
});
afterAll(() => t.close());

function expectErrorBody(res: { json(): unknown; headers: Record<string, unknown> }) {
  const body = ErrorBodySchema.strict().parse(res.json());
  expect(body.requestId).toBe(res.headers['x-request-id']);
  return body;
}

describe('error handler', () => {
  it('answers an unknown API path with the JSON error body, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/nope', headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(expectErrorBody(res)).toMatchObject({ code: 'NOT_FOUND', errors: ['Not found'] });
    }
  });

  it("passes the contract's validation messages through verbatim", async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/login', payload: { Username: '  ' } });
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res)).toEqual({
      code: 'BAD_REQUEST',
      errors: ['Username / Email field is required', 'Password is required'],
      requestId: res.headers['x-request-id'],
    });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '{"text": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(expectErrorBody(res)).toMatchObject({
      code: 'BAD_REQUEST',
      errors: ['The request body is not valid JSON.'],
    });
  });

  it('limits JSON bodies to 100 KB with 413', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { text: 'x'.repeat(100_000) },
    });
    expect(ok.statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { text: 'x'.repeat(103_000) },
    });
    expect(res.statusCode).toBe(413);
    expect(expectErrorBody(res)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      errors: ['The request body is too large.'],
    });
  });

  it('rejects an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: '<text/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(res.statusCode).toBe(415);
    expectErrorBody(res);
  });

  it('gives every 503 a Retry-After, whoever raised it (#19.11)', async () => {
    for (const url of ['/api/test/paypal-down', '/api/test/plugin-503']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(Number(res.headers['retry-after']), url).toBeGreaterThan(0);
      expect(expectErrorBody(res).code).toBe('UNAVAILABLE');
    }
  });

  it('sends an AppError with its own status and messages', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(expectErrorBody(res)).toMatchObject({
      code: 'CONFLICT',
      errors: ['This username is already taken.'],
    });
  });

  it('hides internals of a 5xx from the body and logs them with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = expectErrorBody(res);
    expect(body).toMatchObject({ code: 'INTERNAL', errors: [MESSAGES.internal] });
    // Not 'db-7' alone: the body's request id is a UUID, whose hex can hold that by chance.
    expect(res.body).not.toContain('db-7.internal');
    expect(res.body).not.toContain('hunter2');
    const logged = logLines
      .map((line) => JSON.parse(line))
      .find((entry) => entry.reqId === body.requestId && entry.err);
    expect(logged?.err.message).toContain('db-7.internal');
  });

  it('treats a reply that breaks its response schema as a 500 without details', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(res.statusCode).toBe(500);
    expect(expectErrorBody(res).errors).toEqual([MESSAGES.internal]);
  });

  it('echoes a plain x-request-id and replaces a suspicious one', async () => {
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(plain.headers['x-request-id']).toBe('abc-123');
    expect(plain.json().requestId).toBe('abc-123');
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'x-request-id': 'a b\nc' },
    });
    expect(odd.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
