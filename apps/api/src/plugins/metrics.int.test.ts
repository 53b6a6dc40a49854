import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { fixtures } from '../db/schema';
import { createTip, createTipster } from '../db/seed/factories';
import { PaypalError, type PaypalPort } from '../features/commerce/paypal/paypal.port';
import { createFixture } from '../features/tips/settlement/settlement.test-support';
import { enqueueEmail } from '../infra/mail/outbox.repo';

const NOW = new Date('2025-06-01T12:00:00.000Z');
const TOKEN = 'scrape-me-0123456789abcdef';

const refusingPaypal = {
  getOrder: async () => {
    throw new PaypalError('declined', 'declined by the test');
  },
} as unknown as PaypalPort;

let t: TestApp;
let withToken: TestApp;

beforeAll(async () => {
  [t, withToken] = await Promise.all([
    createTestApp({ services: { paypal: refusingPaypal } }),
    createTestApp({ env: { METRICS_TOKEN: TOKEN } }),
  ]);
  t.clock.set(NOW);
});
afterAll(async () => {
  await Promise.all([t.close(), withToken.close()]);
});

/** One sample's value from the text format, or undefined when absent. */
function sample(text: string, name: string, labels = ''): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}${labels ? `{${labels}}` : ''} `));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

const scrape = (app: TestApp, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.app.inject({ method: 'GET', url: '/metrics', ...opts });

describe('GET /metrics without METRICS_TOKEN', () => {
  it('answers loopback clients in the Prometheus text format, and 403 to anyone else', async () => {
    const ok = await scrape(t);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(ok.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');

    const remote = await scrape(t, { remoteAddress: '203.0.113.7' });
    expect(remote.statusCode).toBe(403);
    expect(remote.body).not.toContain('nodejs_');
    // A local reverse proxy forwarding someone else's request is not a loopback client.
    const proxied = await scrape(t, { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(proxied.statusCode).toBe(403);
  });

  // Issue 29.5: from loopback with X-Real-IP or Via the attack read 276 KB of metrics.
  it('refuses a loopback request that carries any proxy header', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-real-ip': '198.51.100.4' },
      { via: '1.1 nginx' },
      { 'x-forwarded-host': 'tips.example.com' },
      { 'x-forwarded-proto': 'https' },
      { 'x-client-ip': '198.51.100.4' },
      { 'true-client-ip': '198.51.100.4' },
      { 'cf-connecting-ip': '198.51.100.4' },
      { forwarded: 'for=198.51.100.4' },
    ];
    for (const headers of relayed) {
      const response = await scrape(t, { headers });
      expect({ headers, status: response.statusCode }).toEqual({ headers, status: 403 });
      expect(response.body).not.toContain('nodejs_');
    }
  });

  it('times requests per route pattern, not per raw URL', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/tipsters/profile/123456' });
    await t.app.inject({ method: 'GET', url: '/api/tipsters/profile/654321' });
    const text = (await scrape(t)).body;
    expect(
      sample(
        text,
        'http_request_duration_seconds_count',
        'method="GET",route="/api/health",status_code="200"',
      ),
    ).toBe(1);
    expect(text).toContain('route="/api/tipsters/profile/:id"');
    expect(text).not.toContain('123456');
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/api\/health"/,
    );
  });

  it('reports the outbox backlog and the age of its oldest due email', async () => {
    await enqueueEmail(t.database.db, {
      to: 'late@example.test',
      subject: 's',
      html: 'h',
      text: 't',
      template: 'test',
      now: new Date(NOW.getTime() - 120_000),
    });
    const text = (await scrape(t)).body;
    expect(sample(text, 'tips_outbox_emails', 'state="due"')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'tips_outbox_oldest_due_age_seconds')).toBe(120);
  });

  it('reports the settlement lag: a result known for 5 minutes with a tip still open', async () => {
    const fixture = await createFixture(t.database.db, { kickoffAt: new Date(NOW.getTime() - 3 * 3600_000) });
    await t.database.db
      .update(fixtures)
      .set({ status: 'finished', ftHome: 1, ftAway: 0, resultAt: new Date(NOW.getTime() - 300_000) })
      .where(eq(fixtures.id, fixture.id));
    const tipster = await createTipster(t.database.db);
    await createTip(t.database.db, {
      tipsterId: tipster.id,
      fixtureId: fixture.id,
      eventTime: fixture.kickoffAt,
      now: new Date(NOW.getTime() - 4 * 3600_000),
    });
    const text = (await scrape(t)).body;
    expect(sample(text, 'tips_settlement_lag_seconds')).toBe(300);
    expect(sample(text, 'tips_settlement_open_tips_with_result')).toBe(1);
  });

  it('counts PayPal failures by operation and kind, and catalogue cache hits and misses', async () => {
    await expect(t.services.paypal.getOrder('ORDER-1')).rejects.toThrow(PaypalError);
    await t.app.inject({ method: 'GET', url: '/api/tipsters?pageSize=7' });
    await t.app.inject({
      method: 'GET',
      url: '/api/tipsters?pageSize=7',
      headers: { authorization: 'Bearer x' },
    });
    const text = (await scrape(t)).body;
    expect(sample(text, 'tips_paypal_failures_total', 'operation="getOrder",kind="declined"')).toBe(1);
    expect(sample(text, 'tips_cache_lookups_total', 'layer="data",result="miss"')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('tips_alert_emails_pending{mode="instant"}');
    if (t.database.kind === 'postgres') {
      expect(sample(text, 'tips_db_pool_connections', 'state="max"')).toBeGreaterThan(0);
      expect(sample(text, 'tips_db_pool_connections', 'state="waiting"')).toBe(0);
    }
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  it('answers only its bearer (401 otherwise), wherever the scraper is', async () => {
    expect((await scrape(withToken)).statusCode).toBe(401);
    expect(
      (await scrape(withToken, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode,
    ).toBe(401);
    const remote = await scrape(withToken, {
      remoteAddress: '203.0.113.7',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(remote.statusCode).toBe(200);
    expect(remote.body).toContain('http_request_duration_seconds');
  });
});
