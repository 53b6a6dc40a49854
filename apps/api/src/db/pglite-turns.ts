import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite runs PostgreSQL inside this process: a statement is synchronous WebAssembly on the event
 * loop, and PGlite hands its lock to the next waiting caller in a microtask. Under a burst of cold
 * reads (twenty visitors, each missing the catalogue cache) the queued statements therefore ran
 * back to back without the loop ever turning: no timer, no socket, no new request for hundreds of
 * milliseconds. The load shedder reads exactly that as event-loop delay and answered 503 to a
 * modest crowd the machine could serve (issue #19 point 11, decision 104).
 *
 * Here the top-level calls take turns: one at a time (as PGlite runs them anyway), with a turn of
 * the event loop (setImmediate) before each. The loop then blocks for one statement at most, so
 * event-loop delay measures the cost of a statement again rather than the length of the queue;
 * how long callers wait for the database is `oldestWaitMs()`, which the shedder reads instead.
 *
 * Statements inside a transaction go through the transaction's own handle, not these methods, so
 * a transaction keeps its statements together.
 */
export interface PgliteTurns {
  /** Calls queued, not yet started. */
  waitingCalls(): number;
  /** How long the oldest queued call has waited (0 when none waits). */
  oldestWaitMs(): number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function takeTurnsOnPglite(client: PGlite): PgliteTurns {
  let tail: Promise<unknown> = Promise.resolve();
  // Enqueue times of the calls not yet started, oldest first (calls start in order).
  const queued: number[] = [];
  const gate = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    ((...args: A): Promise<R> => {
      queued.push(performance.now());
      const run = tail.then(nextTurn).then(() => {
        queued.shift();
        return call(...args);
      });
      tail = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    }) as (...args: A) => Promise<R>;

  client.query = gate(client.query.bind(client)) as typeof client.query;
  client.exec = gate(client.exec.bind(client)) as typeof client.exec;
  client.transaction = gate(client.transaction.bind(client)) as typeof client.transaction;
  return {
    waitingCalls: () => queued.length,
    oldestWaitMs: () => (queued.length === 0 ? 0 : performance.now() - queued[0]),
  };
}
