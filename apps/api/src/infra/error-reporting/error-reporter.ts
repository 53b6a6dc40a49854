import { randomUUID } from 'node:crypto';
import os from 'node:os';

/**
 * Errors you hear about (issue #31.5, decision 118): server errors (5xx, unhandled rejections,
 * uncaught exceptions) and the browser's, sent to a Sentry-compatible endpoint (Sentry, GlitchTip,
 * Bugsink …) through its envelope API. A small client of that documented wire format rather than
 * @sentry/node, which brings its own OpenTelemetry setup and patches modules at load time; this
 * sends exactly one HTTP request per report, fire and forget, bounded in time and in number.
 */

export interface ErrorReport {
  error: unknown;
  /** 'node' for the server, 'javascript' for a browser report relayed by the API. */
  platform?: 'node' | 'javascript';
  tags?: Record<string, string>;
  request?: { method?: string; url?: string };
  /** A browser's stack trace as text (the server's comes from the error). */
  stack?: string;
}

export interface ErrorReporter {
  enabled: boolean;
  report(report: ErrorReport): void;
  /** Waits for reports in flight (shutdown, tests), at most `timeoutMs`. */
  flush(timeoutMs?: number): Promise<void>;
}

interface Dsn {
  envelopeUrl: string;
  publicKey: string;
  dsn: string;
}

/** https://<key>@<host>[/<path>]/<project> → its envelope endpoint (Sentry's DSN rules). */
export function parseDsn(dsn: string): Dsn {
  const url = new URL(dsn);
  const parts = url.pathname.split('/').filter(Boolean);
  const project = parts.pop();
  const prefix = parts.length > 0 ? `/${parts.join('/')}` : '';
  return {
    envelopeUrl: `${url.protocol}//${url.host}${prefix}/api/${project}/envelope/`,
    publicKey: decodeURIComponent(url.username),
    dsn,
  };
}

/** At most this many reports a minute per process: an error in a loop must not flood anyone. */
const MAX_PER_MINUTE = 30;
const SEND_TIMEOUT_MS = 3000;

function frames(stack: string | undefined) {
  // Sentry wants the innermost frame last.
  return (stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => /at (?:(.+?) \()?(.+?):(\d+):(\d+)\)?$/.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ function: m[1] ?? '?', filename: m[2], lineno: Number(m[3]), colno: Number(m[4]) }))
    .reverse();
}

export function createErrorReporter(options: {
  dsn: string | undefined;
  environment: string;
  release?: string;
  fetchImpl?: typeof fetch;
  onSendFailure?: (error: unknown) => void;
}): ErrorReporter {
  if (!options.dsn) return { enabled: false, report: () => {}, flush: async () => {} };
  const dsn = parseDsn(options.dsn);
  const send = options.fetchImpl ?? fetch;
  const inFlight = new Set<Promise<void>>();
  let windowStart = Date.now();
  let sentInWindow = 0;

  return {
    enabled: true,
    report({ error, platform = 'node', tags, request, stack }) {
      const now = Date.now();
      if (now - windowStart > 60_000) {
        windowStart = now;
        sentInWindow = 0;
      }
      if (++sentInWindow > MAX_PER_MINUTE) return;
      const err = error instanceof Error ? error : new Error(String(error));
      const eventId = randomUUID().replaceAll('-', '');
      const event = {
        event_id: eventId,
        timestamp: now / 1000,
        platform,
        level: 'error',
        environment: options.environment,
        release: options.release,
        server_name: platform === 'node' ? os.hostname() : undefined,
        tags,
        request,
        exception: {
          values: [
            { type: err.name, value: err.message, stacktrace: { frames: frames(stack ?? err.stack) } },
          ],
        },
      };
      const body = [
        JSON.stringify({ event_id: eventId, sent_at: new Date(now).toISOString(), dsn: dsn.dsn }),
        JSON.stringify({ type: 'event' }),
        JSON.stringify(event),
      ].join('\n');
      const sending = send(dsn.envelopeUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-sentry-envelope',
          'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${dsn.publicKey}, sentry_client=tips-market/1`,
        },
        body,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      })
        .then((res) => {
          if (!res.ok) throw new Error(`error reporting endpoint answered ${res.status}`);
        })
        .catch((failure) => options.onSendFailure?.(failure))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async flush(timeoutMs = SEND_TIMEOUT_MS) {
      await Promise.race([
        Promise.all([...inFlight]),
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    },
  };
}
