import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { instrumentDatabaseDrivers } from '../../db/statement-tracing';

/**
 * OpenTelemetry tracing (issue #31.5, decision 118), off unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
 * The official SDK pieces, wired by hand rather than by the auto-instrumentation loader (which
 * needs `--import` hooks before any module loads and patches far more than this app uses):
 *
 * - HTTP: one server span per request (plugins/tracing.ts), continuing a caller's `traceparent`;
 * - database: one client span per statement sent by the pg driver or PGlite (top-level calls;
 *   statements inside a PGlite transaction belong to its span), without parameters;
 * - background work: one span per run of each worker (lib/repeating-task.ts), the outbox included.
 *
 * Spans go to `<endpoint>/v1/traces` as OTLP/HTTP JSON, batched.
 */

export const TRACER_NAME = 'tips-market';

export interface TracingOptions {
  /** OTLP/HTTP base, e.g. http://otel-collector:4318; unset = tracing off. */
  endpoint: string | undefined;
  serviceName: string;
  /** Extra headers for the collector (an API key); `key=value,key2=value2` as OTEL_* specifies. */
  headers?: Record<string, string>;
}

export interface Tracing {
  enabled: boolean;
  /** Sends what is batched (tests; shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

const OFF: Tracing = { enabled: false, flush: async () => {}, shutdown: async () => {} };

export function startTracing(options: TracingOptions): Tracing {
  if (!options.endpoint) return OFF;
  const exporter = new OTLPTraceExporter({
    url: `${options.endpoint.replace(/\/+$/, '')}/v1/traces`,
    headers: options.headers,
  });
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': options.serviceName }),
    spanProcessors: [new BatchSpanProcessor(exporter, { scheduledDelayMillis: 1000 })],
  });
  const contextManager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const unpatch = instrumentDatabaseDrivers(TRACER_NAME);
  return {
    enabled: true,
    flush: () => provider.forceFlush(),
    async shutdown() {
      unpatch();
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}

/** `key=value,key2=value2` (OTEL_EXPORTER_OTLP_HEADERS) → an object. */
export function parseOtlpHeaders(text: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (text ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0)
      headers[decodeURIComponent(pair.slice(0, at).trim())] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return headers;
}
