import { SpanStatusCode, trace } from '@opentelemetry/api';

/**
 * When each named worker last finished a run without an error (epoch ms), for the
 * `tips_worker_last_success_timestamp_seconds` gauge (issue #31.5). Process-wide: the workers of
 * one process, whichever app built them.
 */
export const workerLastSuccess = new Map<string, number>();

/**
 * The loop every background worker shares (outbox, PayPal reconciler, settlement sweeper, football
 * feed poller and replay): one run at a time, the next one a delay after the last ended, errors
 * logged and the loop kept alive, and a stop that waits for the run in flight (graceful shutdown).
 */
export interface RepeatingTask {
  start(): void;
  stop(): Promise<void>;
  /** Runs now, or joins the run in flight (a caller during a run shares it). */
  runNow(): Promise<void>;
}

export interface RepeatingTaskOptions {
  /** Names the worker in traces (a span per run) and in the last-success metric; unnamed = neither. */
  name?: string;
  /** One run; `isStopped` lets a long run (draining a queue) end early on shutdown. */
  run: (isStopped: () => boolean) => Promise<unknown>;
  /** Milliseconds until the next run, asked after each run. */
  nextDelayMs: () => number;
  /** Delay before the first run after start() (default 0). */
  firstDelayMs?: number;
  onError: (error: unknown) => void;
  /** Timers, injectable for tests (default the global ones). */
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export function repeatingTask(opts: RepeatingTaskOptions): RepeatingTask {
  const setTimer = opts.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = opts.clearTimer ?? ((handle) => clearTimeout(handle as NodeJS.Timeout));
  let stopped = true;
  let timer: unknown;
  let running: Promise<void> | undefined;
  const isStopped = () => stopped;

  const tracer = trace.getTracer('tips-market');
  const runOnce = (): Promise<unknown> => {
    const { name } = opts;
    if (!name) return opts.run(isStopped);
    return tracer.startActiveSpan(`worker ${name}`, async (span) => {
      try {
        const result = await opts.run(isStopped);
        workerLastSuccess.set(name, Date.now());
        return result;
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    });
  };

  function runNow(): Promise<void> {
    running ??= Promise.resolve()
      .then(runOnce)
      .then(
        () => undefined,
        (error) => opts.onError(error),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  async function tick() {
    if (stopped) return;
    await runNow();
    if (!stopped) timer = setTimer(() => void tick(), opts.nextDelayMs());
  }

  return {
    runNow,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimer(() => void tick(), opts.firstDelayMs ?? 0);
    },
    async stop() {
      stopped = true;
      clearTimer(timer);
      if (running) await running;
    },
  };
}
