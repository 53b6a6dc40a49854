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
 * how long callers wait for the database is reported by `waitingCalls()` for the shedder.
 *
 * Statements inside a transaction go through the transaction's own handle, not these methods, so
 * a transaction keeps its statements together.
 */
export interface PgliteTurns {
  /** Calls queued or running now. */
  waitingCalls(): number;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function takeTurnsOnPglite(client: PGlite): PgliteTurns {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const gate = <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    ((...args: A): Promise<R> => {
      waiting++;
      const run = tail.then(nextTurn).then(() => call(...args));
      const settled = run.then(
        () => {
          waiting--;
        },
        () => {
          waiting--;
        },
      );
      tail = settled;
      return run;
    }) as (...args: A) => Promise<R>;

  client.query = gate(client.query.bind(client)) as typeof client.query;
  client.exec = gate(client.exec.bind(client)) as typeof client.exec;
  client.transaction = gate(client.transaction.bind(client)) as typeof client.transaction;
  return { waitingCalls: () => waiting };
}
