import type pg from 'pg';
import type { Database } from '../../../db/client';

/**
 * "Only one process polls this competition at a time": a PostgreSQL session advisory lock
 * (`pg_try_advisory_lock`) held on a pooled connection set aside for the poll, so the lock dies
 * with the process or its connection and never needs an expiry. A second process does not wait:
 * it skips the competition this round. Within one process an in-memory set does the same, which
 * is all PGlite (one process only) needs. Two-key form: a constant class id for feed polls and
 * hashtext(name) for the competition.
 */

const POLL_LOCK_CLASS = 0x66_64_74_61; // 'fdta'

export interface PollLock {
  /** Runs fn under the lock named `name`, or returns {ran: false} at once when someone holds it. */
  tryRun<T>(name: string, fn: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }>;
}

/** Names held in this process, per opened database (pollers sharing it share the set). */
const heldByDatabase = new WeakMap<Database, Set<string>>();

export function createPollLock(database: Database): PollLock {
  let held = heldByDatabase.get(database);
  if (!held) {
    held = new Set();
    heldByDatabase.set(database, held);
  }
  const names = held;
  const pool = database.kind === 'postgres' ? (database.db as unknown as { $client: pg.Pool }).$client : null;

  async function withSessionLock<T>(name: string, fn: () => Promise<T>) {
    if (!pool) return { ran: true as const, value: await fn() };
    const client = await pool.connect();
    let broken = false;
    try {
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1::int, hashtext($2)) as locked',
        [POLL_LOCK_CLASS, name],
      );
      if (!rows[0]?.locked) return { ran: false as const };
      try {
        return { ran: true as const, value: await fn() };
      } finally {
        await client
          .query('select pg_advisory_unlock($1::int, hashtext($2))', [POLL_LOCK_CLASS, name])
          .catch(() => {
            broken = true;
          });
      }
    } finally {
      // A connection whose unlock failed is closed, which releases the lock with the session.
      client.release(broken);
    }
  }

  return {
    async tryRun(name, fn) {
      if (names.has(name)) return { ran: false };
      names.add(name);
      try {
        return await withSessionLock(name, fn);
      } finally {
        names.delete(name);
      }
    },
  };
}
