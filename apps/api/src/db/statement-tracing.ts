import { context, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import pg from 'pg';
import { observePgliteStatements } from './client';

/**
 * Database spans for tracing (infra/tracing, decision 118): every statement the pg driver sends
 * and every top-level PGlite call, as a child of the active span (a request or a worker run);
 * outside one, no span. The SQL text is recorded, never its parameters.
 */

const MAX_STATEMENT = 2000;

function statementOf(arg: unknown): string {
  const text = typeof arg === 'string' ? arg : ((arg as { text?: string } | null)?.text ?? '');
  return text.length > MAX_STATEMENT ? `${text.slice(0, MAX_STATEMENT)}…` : text;
}

function endWith<T>(span: Span, result: T): T {
  if (result && typeof (result as { then?: unknown }).then === 'function') {
    (result as unknown as Promise<unknown>).then(
      () => span.end(),
      (error: Error) => {
        span.recordException(error);
        span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
        span.end();
      },
    );
  } else span.end();
  return result;
}

/** Wraps the drivers' query methods (prototype level, so every pool client and PGlite instance). */
export function instrumentDatabaseDrivers(tracerName: string): () => void {
  const tracer = trace.getTracer(tracerName);
  const patches: Array<() => void> = [];
  const patch = (owner: object, system: string) => {
    const target = owner as { query: (...args: unknown[]) => unknown };
    const original = target.query;
    target.query = function tracedQuery(this: unknown, ...args: unknown[]) {
      // Outside a traced request or worker run a statement starts no trace of its own.
      if (!trace.getActiveSpan()) return original.apply(this, args);
      const statement = statementOf(args[0]);
      const span = tracer.startSpan(
        `db ${statement.trimStart().split(/\s+/, 1)[0]?.toLowerCase() || 'query'}`,
        {
          kind: SpanKind.CLIENT,
          attributes: { 'db.system': system, 'db.statement': statement },
        },
      );
      return endWith(
        span,
        context.with(trace.setSpan(context.active(), span), () => original.apply(this, args)),
      );
    };
    patches.push(() => {
      target.query = original;
    });
  };
  patch(pg.Client.prototype, 'postgresql');
  // PGlite: its reads may bypass query() (prepared reads), so the wrapper in db/client observes them.
  observePgliteStatements((statement, run) => {
    if (!trace.getActiveSpan()) return run();
    const text = statementOf(statement);
    const span = tracer.startSpan(`db ${text.trimStart().split(/\s+/, 1)[0]?.toLowerCase() || 'query'}`, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system': 'postgresql', 'db.statement': text },
    });
    return endWith(span, context.with(trace.setSpan(context.active(), span), run));
  });
  patches.push(() => observePgliteStatements(null));
  return () => {
    for (const undo of patches.reverse()) undo();
  };
}
