import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeatureModule } from '../../src/app-types';
import { createErrorReporter, type ErrorReporter } from '../../src/infra/error-reporting/error-reporter';
import { badRequest } from '../../src/lib/app-error';
import { createTestApp, type TestApp } from '../test-app';

// Issue #31.5 (decision 118): a server error and a browser's uncaught error reach a
// Sentry-compatible endpoint (its envelope API), here a tiny one in the test.

interface Envelope {
  url: string;
  headers: IncomingHttpHeaders;
  event: {
    platform: string;
    environment: string;
    tags?: Record<string, string>;
    request?: { method?: string; url?: string };
    exception: { values: Array<{ type: string; value: string; stacktrace: { frames: unknown[] } }> };
  };
}

const envelopes: Envelope[] = [];
let endpoint: Server;
let reporter: ErrorReporter;
let test: TestApp;

const failing: FeatureModule = async (app) => {
  app.get('/probe/boom', async () => {
    throw new Error('the ledger query blew up');
  });
  app.get('/probe/refused', async () => {
    throw badRequest('nope');
  });
};

beforeAll(async () => {
  endpoint = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const [, , event] = body.split('\n');
      envelopes.push({ url: req.url ?? '', headers: req.headers, event: JSON.parse(event) });
      res.writeHead(200).end('{}');
    });
  });
  endpoint.listen(0, '127.0.0.1');
  await once(endpoint, 'listening');
  const { port } = endpoint.address() as AddressInfo;
  reporter = createErrorReporter({ dsn: `http://public-key@127.0.0.1:${port}/42`, environment: 'test' });
  test = await createTestApp({ features: [failing], errorReporter: reporter });
});

afterAll(async () => {
  await test?.close();
  endpoint?.close();
});

describe('error reporting to a Sentry-compatible endpoint', () => {
  it('reports a 5xx with its error and request id, and not a 4xx', async () => {
    const refused = await test.app.inject({ method: 'GET', url: '/api/probe/refused' });
    expect(refused.statusCode).toBe(400);
    const res = await test.app.inject({ method: 'GET', url: '/api/probe/boom' });
    expect(res.statusCode).toBe(500);
    // The visitor sees no detail; the report has it.
    expect(res.body).not.toContain('ledger query');
    await reporter.flush();
    expect(envelopes).toHaveLength(1);
    const [report] = envelopes;
    expect(report.url).toBe('/api/42/envelope/');
    expect(report.headers['x-sentry-auth']).toContain('sentry_key=public-key');
    expect(report.event.platform).toBe('node');
    expect(report.event.environment).toBe('test');
    expect(report.event.exception.values[0]).toMatchObject({
      type: 'Error',
      value: 'the ledger query blew up',
    });
    expect(report.event.exception.values[0].stacktrace.frames.length).toBeGreaterThan(0);
    expect(report.event.tags?.request_id).toBe(res.headers['x-request-id']);
    expect(report.event.request).toEqual({ method: 'GET', url: '/api/probe/boom' });
  });

  it("relays a browser's uncaught error, without the page's query string", async () => {
    envelopes.length = 0;
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: {
        name: 'TypeError',
        message: "Cannot read properties of undefined (reading 'odds')",
        stack:
          '    at renderTip (https://tips.example/assets/tip-card.js:1:2345)\n    at render (https://tips.example/assets/index.js:3:10)',
        page: '/reset-password?code=123456',
      },
    });
    expect(res.statusCode).toBe(204);
    await reporter.flush();
    expect(envelopes).toHaveLength(1);
    expect(envelopes[0].event.platform).toBe('javascript');
    expect(envelopes[0].event.exception.values[0]).toMatchObject({ type: 'TypeError' });
    expect(envelopes[0].event.exception.values[0].stacktrace.frames).toHaveLength(2);
    expect(envelopes[0].event.request?.url).toBe('/reset-password');
    expect(JSON.stringify(envelopes[0])).not.toContain('123456');
  });

  it('refuses a malformed browser report with 400', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: '/api/client-errors',
      payload: { message: '' },
    });
    expect(res.statusCode).toBe(400);
  });
});
