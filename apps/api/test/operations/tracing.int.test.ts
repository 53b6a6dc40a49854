import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing, type Tracing } from '../../src/infra/tracing/tracing';
import { repeatingTask, workerLastSuccess } from '../../src/lib/repeating-task';
import { createTestApp, type TestApp } from '../test-app';

// Issue #31.5 (decision 118): with OTEL_EXPORTER_OTLP_ENDPOINT set, spans for HTTP requests, their
// database statements and worker runs reach an OTLP/HTTP collector: here a tiny one in the test.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes?: Array<{ key: string; value: { stringValue?: string; intValue?: string | number } }>;
}
interface OtlpBody {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

const received: OtlpBody[] = [];
let collector: Server;
let tracing: Tracing;
let test: TestApp;

const spans = () =>
  received.flatMap((b) => b.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attr = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value;

beforeAll(async () => {
  collector = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') received.push(JSON.parse(body) as OtlpBody);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const { port } = collector.address() as AddressInfo;
  // Before the database is opened: the drivers' query methods are wrapped then.
  tracing = startTracing({ endpoint: `http://127.0.0.1:${port}`, serviceName: 'tips-tracing-test' });
  test = await createTestApp();
});

afterAll(async () => {
  await test?.close();
  await tracing?.shutdown();
  collector?.close();
});

describe('OpenTelemetry tracing to an OTLP collector', () => {
  it('sends a request span continuing the caller’s trace, with its database statements as children', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await test.app.inject({
      method: 'GET',
      url: '/api/tips?pageSize=5',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(res.statusCode).toBe(200);
    await tracing.flush();

    const request = spans().find((s) => s.name === 'GET /api/tips');
    expect(request).toBeDefined();
    expect(request?.traceId).toBe(traceId);
    expect(request?.parentSpanId).toBe('00f067aa0ba902b7');
    expect(Number(attr(request as OtlpSpan, 'http.response.status_code')?.intValue)).toBe(200);
    const statements = spans().filter((s) => s.parentSpanId === request?.spanId && s.name.startsWith('db '));
    expect(statements.length).toBeGreaterThan(0);
    expect(attr(statements[0], 'db.statement')?.stringValue).toMatch(/select/i);
    const service = received[0].resourceSpans[0].resource.attributes.find((a) => a.key === 'service.name');
    expect(service?.value.stringValue).toBe('tips-tracing-test');
  });

  it('sends one span per worker run, with its statements, and records the run as the last success', async () => {
    const task = repeatingTask({
      name: 'probe',
      run: async () => {
        await test.database.db.execute(sql`select 42 as answer`);
      },
      nextDelayMs: () => 60_000,
      onError: (error) => {
        throw error;
      },
    });
    const before = Date.now();
    await task.runNow();
    await tracing.flush();
    const run = spans().find((s) => s.name === 'worker probe');
    expect(run).toBeDefined();
    const statement = spans().find((s) => s.parentSpanId === run?.spanId);
    expect(attr(statement as OtlpSpan, 'db.statement')?.stringValue).toBe('select 42 as answer');
    expect(workerLastSuccess.get('probe')).toBeGreaterThanOrEqual(before);
  });
});
