import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteTurns, takeTurnsOnPglite } from './pglite-turns';

let client: PGlite;
let turns: PgliteTurns;

beforeAll(async () => {
  client = await PGlite.create(); // ready before its methods are wrapped, as in wrapPglite
  turns = takeTurnsOnPglite(client);
  await client.exec('create table t (n int)');
}, 60_000);
afterAll(() => client.close());

/** A statement that keeps the engine (and so the event loop) busy for a few milliseconds. */
const busy = () => client.query('select count(*) from generate_series(1, 40000)');

describe('PGlite calls taking turns with the event loop', () => {
  it('lets timers run between queued statements instead of after the whole queue', async () => {
    const order: string[] = [];
    const burst = Array.from({ length: 20 }, (_, i) => busy().then(() => order.push(`q${i}`)));
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(burst);
    // Without turns the twenty statements ran back to back in microtasks and the timer came last.
    expect(order.indexOf('timer')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('timer')).toBeLessThan(order.length - 1);
  });

  it('says how long the oldest queued call has waited, and nothing once the queue is empty', async () => {
    const burst = Array.from({ length: 10 }, busy);
    expect(turns.waitingCalls()).toBe(10);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(turns.oldestWaitMs()).toBeGreaterThan(0);
    await Promise.all(burst);
    expect(turns.waitingCalls()).toBe(0);
    expect(turns.oldestWaitMs()).toBe(0);
  });

  it('keeps going after a failing statement and keeps a transaction whole', async () => {
    const failing = client.query('select * from no_such_table');
    const tx = client.transaction(async (t) => {
      await t.query('insert into t values (1)');
      await t.query('insert into t values (2)');
    });
    await expect(failing).rejects.toThrow(/no_such_table/);
    await tx;
    const rows = await client.query<{ n: number }>('select n from t order by n');
    expect(rows.rows.map((r) => r.n)).toEqual([1, 2]);
  });
});
