import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKind } from '../../../../test/test-db';
import type { Database } from '../../../db/client';
import { createPollLock } from './poll-lock.repo';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

/**
 * On PostgreSQL the second lock is built on a copy of the Database (the same pool, as another
 * process would have its own): only the advisory lock can stop it. On PGlite (one process) the
 * in-process set does.
 */
function otherProcess(): Database {
  return testDatabaseKind() === 'postgres' ? { ...database } : database;
}

describe('poll lock', () => {
  it('lets one holder run a name at a time and frees it afterwards', async () => {
    const a = createPollLock(database);
    const b = createPollLock(otherProcess());
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => {};
    const holding = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = a.tryRun('football-data:PL', async () => {
      entered();
      await gate;
      return 'a';
    });
    // The work runs only once the lock is taken (a pooled connection on PostgreSQL, however slow).
    await holding;
    expect(await b.tryRun('football-data:PL', async () => 'b')).toEqual({ ran: false });
    expect(await b.tryRun('football-data:BL1', async () => 'b')).toEqual({ ran: true, value: 'b' });
    release();
    expect(await first).toEqual({ ran: true, value: 'a' });
    expect(await b.tryRun('football-data:PL', async () => 'b')).toEqual({ ran: true, value: 'b' });
  });

  it('frees the name when the work throws', async () => {
    const lock = createPollLock(database);
    await expect(lock.tryRun('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await createPollLock(otherProcess()).tryRun('x', async () => 1)).toEqual({ ran: true, value: 1 });
  });
});
