import { context, propagation, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ErrorReporter } from '../infra/error-reporting/error-reporter';
import { TRACER_NAME } from '../infra/tracing/tracing';

declare module 'fastify' {
  interface FastifyRequest {
    traceSpan?: Span;
    /** The error a handler threw, for the report once the response says 5xx. */
    failure?: Error;
  }
}

/**
 * One log line per request, a report of each 5xx with its error (when error reporting is on) and,
 * when tracing is on, one server span (issue #31.5, decision 118).
 *
 * Fastify's own request logging writes two lines (incoming, completed); buildApp turns it off and
 * this writes one at the end: method, URL, route, status, time, request id. 5xx at error level
 * (the error itself is logged by the error handler), 4xx at info like the rest.
 *
 * The span starts in onRequest with the caller's `traceparent`, and the rest of the request runs
 * inside its context (`context.with` around `done`), so database statements become its children.
 * With tracing off the API's no-op tracer makes this cost a few property reads.
 */
export const requestTraceAndLogPlugin = fp(
  async (app: FastifyInstance, opts: { reporter: ErrorReporter }) => {
    const tracer = trace.getTracer(TRACER_NAME);
    app.addHook('onRequest', (request, _reply, done) => {
      const parent = propagation.extract(context.active(), request.headers);
      const span = tracer.startSpan(
        `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
        {
          kind: SpanKind.SERVER,
          attributes: {
            'http.request.method': request.method,
            'url.path': request.url.split('?', 1)[0],
            'http.route': request.routeOptions.url ?? '',
            'http.request.id': request.id,
          },
        },
        parent,
      );
      request.traceSpan = span;
      context.with(trace.setSpan(parent, span), done);
    });
    app.addHook('onError', (request, _reply, error, done) => {
      request.traceSpan?.recordException(error);
      request.failure = error;
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const status = reply.statusCode;
      const span = request.traceSpan;
      if (span) {
        span.setAttribute('http.response.status_code', status);
        if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      }
      const line = {
        req: { method: request.method, url: request.url, route: request.routeOptions.url },
        res: { statusCode: status },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      };
      if (status >= 500) {
        request.log.error(line, 'request failed');
        // Only real failures: a 503 from load shedding or a closing server has no error behind it.
        if (request.failure)
          opts.reporter.report({
            error: request.failure,
            tags: { request_id: request.id, route: request.routeOptions.url ?? '' },
            request: { method: request.method, url: request.routeOptions.url },
          });
      } else request.log.info(line, 'request');
      done();
    });
  },
  { name: 'request-trace-and-log' },
);
