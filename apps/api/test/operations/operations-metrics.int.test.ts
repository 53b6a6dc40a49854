import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSettledTip, createTip, createTipster, createUser } from '../../src/db/seed/factories';
import { enqueueEmail } from '../../src/infra/mail/outbox.repo';
import { repeatingTask } from '../../src/lib/repeating-task';
import { signTestAccessToken } from '../session-token.test-support';
import { createTestApp, type TestApp } from '../test-app';

// Issue #31.5: what an on-call person misses in /metrics: emails that failed for good, each
// worker's last success, whether Redis answers, and the business totals.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}
const scrape = async (app: TestApp) => (await app.app.inject({ method: 'GET', url: '/metrics' })).body;

describe('operations metrics', () => {
  it('counts emails the outbox gave up on', async () => {
    expect(sample(await scrape(t), 'tips_outbox_failed_emails')).toBe(0);
    for (const to of ['a@example.test', 'b@example.test']) {
      await enqueueEmail(t.database.db, { to, subject: 's', html: '<p>h</p>', text: 't', template: 'probe' });
    }
    await t.database.db.execute(sql`update email_outbox set status = 'failed' where template = 'probe'`);
    expect(sample(await scrape(t), 'tips_outbox_failed_emails')).toBe(2);
  });

  it('reports purchases and settlements as totals from the database', async () => {
    const before = await scrape(t);
    const buyer = await createUser(t.database.db, { creditBalance: 5000 });
    const tipster = await createTipster(t.database.db);
    const tip = await createTip(t.database.db, { tipsterId: tipster.id, priceCents: 700 });
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/tips/buy',
      headers: { authorization: `Bearer ${await signTestAccessToken(t, buyer)}` },
      payload: { cart: [tip.id] },
    });
    expect(bought.statusCode).toBe(200);
    await createSettledTip(t.database.db, {
      tipsterId: tipster.id,
      result: 'WIN',
      eventTime: new Date(Date.now() - 86_400_000),
    });
    const after = await scrape(t);
    const delta = (kind: string) =>
      (sample(after, 'tips_business_total', `kind="${kind}"`) ?? Number.NaN) -
      (sample(before, 'tips_business_total', `kind="${kind}"`) ?? Number.NaN);
    expect(delta('purchases')).toBe(1);
    expect(delta('settlements')).toBe(1);
    expect(sample(after, 'tips_business_total', 'kind="refunds"')).toBeGreaterThanOrEqual(0);
    expect(sample(after, 'tips_business_total', 'kind="payouts"')).toBeGreaterThanOrEqual(0);
  });

  it("shows a worker's last successful run, and not a failed one", async () => {
    let fail = false;
    const task = repeatingTask({
      name: 'metrics-probe',
      run: async () => {
        if (fail) throw new Error('down');
      },
      nextDelayMs: () => 60_000,
      onError: () => {},
    });
    await task.runNow();
    const first = sample(
      await scrape(t),
      'tips_worker_last_success_timestamp_seconds',
      'worker="metrics-probe"',
    );
    expect(first).toBeGreaterThan(Date.now() / 1000 - 60);
    fail = true;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await task.runNow();
    expect(
      sample(await scrape(t), 'tips_worker_last_success_timestamp_seconds', 'worker="metrics-probe"'),
    ).toBe(first);
  });

  it('reports whether Redis answers: 1 when it does, 0 when it does not', async () => {
    const unreachable = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      enableOfflineQueue: false,
      retryStrategy: () => null,
    });
    unreachable.on('error', () => {});
    const down = await createTestApp({ redis: unreachable });
    try {
      expect(sample(await scrape(down), 'tips_redis_up')).toBe(0);
    } finally {
      await down.close();
      unreachable.disconnect();
    }
    const redisUrl = process.env.TEST_REDIS_URL;
    if (!redisUrl) return;
    const reachable = new Redis(redisUrl, { lazyConnect: true });
    await reachable.connect();
    const up = await createTestApp({ redis: reachable });
    try {
      expect(sample(await scrape(up), 'tips_redis_up')).toBe(1);
    } finally {
      await up.close();
      reachable.disconnect();
    }
  });
});
