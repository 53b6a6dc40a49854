/**
 * The web app's uncaught errors and unhandled promise rejections, sent to the API
 * (POST /api/client-errors), which relays them to error reporting when it is configured (issue
 * #31.5, decision 118). At most a few per page load, each message once, and only errors of this
 * site's own scripts (an extension's or a third-party widget's errors are not ours to hear about).
 * The page's query string is never sent: reset and verification links carry codes in it.
 */
const MAX_REPORTS = 5;
const ENDPOINT = '/api/client-errors';

export interface ClientErrorReport {
  name?: string;
  message: string;
  stack?: string;
  page: string;
}

function send(report: ClientErrorReport): void {
  const body = JSON.stringify(report);
  // keepalive: a report made while the page unloads still leaves.
  void fetch(ENDPOINT, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
    keepalive: true,
  }).catch(() => undefined);
}

export function installErrorReporting(
  target: Window = window,
  post: (r: ClientErrorReport) => void = send,
): () => void {
  const seen = new Set<string>();
  const report = (error: unknown, fallbackMessage: string) => {
    const err = error instanceof Error ? error : undefined;
    const message = (err?.message || fallbackMessage || 'Unknown error').slice(0, 1000);
    if (seen.size >= MAX_REPORTS || seen.has(message)) return;
    seen.add(message);
    post({
      name: err?.name?.slice(0, 100),
      message,
      stack: err?.stack?.slice(0, 8000),
      page: target.location.pathname,
    });
  };
  const onError = (event: ErrorEvent) => {
    // Scripts of other origins (extensions, widgets) report as "Script error." with no file of ours.
    if (event.filename && !event.filename.startsWith(target.location.origin)) return;
    report(event.error, event.message);
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    report(event.reason, typeof event.reason === 'string' ? event.reason : 'Unhandled promise rejection');
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
