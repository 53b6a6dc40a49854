import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/test-db';
import { type AppInstance, buildApp } from '../../app';
import { loadConfig } from '../../config/env';
import type { Database } from '../../db/client';
import { createTip, createTipster, createUser, DEFAULT_TEST_PASSWORD } from '../../db/seed/factories';
import { fileTransport } from '../../infra/mail/mail-transport';
import { createOutboxWorker } from '../../infra/mail/outbox-worker';
import { systemClock } from '../../lib/clock';
import { expectLedgerInvariants, mailTo } from './commerce.test-support';

/**
 * The whole money path over real HTTP: the app listens on a port, the PayPal adapter calls the
 * emulator on that port, and the test plays the browser (and PayPal's approve window) with fetch.
 */

let app: AppInstance;
let database: Database;
let base: string;
let dataDir: string;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tips-journey-'));
  const port = await freePort();
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'web-dist'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  expect(config.paypal.mode).toBe('sandbox-local');
  database = await createTestDatabase();
  app = await buildApp({ config, database, clock: systemClock, logger: false, underPressure: false });
  await app.listen({ port, host: '127.0.0.1' });
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, url: string, body?: unknown, token?: string) {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('json');
  return {
    status: response.status,
    headers: response.headers,
    text,
    json: isJson ? JSON.parse(text) : undefined,
  };
}

describe('HTTP journey through the PayPal emulator', () => {
  it('a visitor pays a cart; a user buys 250 credits for 237.50, buys two tips with them and finds everything', async () => {
    const db = database.db;
    const tipster = await createTipster(db, { name: 'Journey Tipster' });
    const [visitorTip, tipA, tipB] = [
      await createTip(db, { tipsterId: tipster.id, priceCents: 1500, selection: 'JOURNEY-VISITOR-PICK' }),
      await createTip(db, {
        tipsterId: tipster.id,
        priceCents: 4000,
        homeTeam: 'Leeds',
        selection: 'JOURNEY-PICK-A',
      }),
      await createTip(db, {
        tipsterId: tipster.id,
        priceCents: 2550,
        homeTeam: 'Everton',
        selection: 'JOURNEY-PICK-B',
      }),
    ];

    // The stand-in SDK is served as a same-origin script, under the CSP the web app gets.
    const sdk = await call('GET', '/api/sandbox/paypal/sdk/js?client-id=sb&currency=USD&intent=capture');
    expect(sdk.status).toBe(200);
    expect(sdk.headers.get('content-type')).toContain('javascript');
    expect(sdk.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(sdk.text).toContain('Buttons');

    // 1. A visitor's cart, paid through PayPal with a real HTTP approve.
    const visitorOrder = await call('POST', '/api/tips/purchase/paypal', { cart: [visitorTip.id] });
    expect(visitorOrder.status).toBe(200);
    const visitorOrderId = visitorOrder.json.orderId;
    expect((await call('GET', `/api/sandbox/paypal/orders/${visitorOrderId}`)).json.amount).toEqual({
      currency_code: 'USD',
      value: '15.00',
    });
    const approved = await call('POST', `/api/sandbox/paypal/orders/${visitorOrderId}/approve`, {
      payerEmail: 'journey-visitor@example.test',
    });
    expect(approved.status).toBe(200);
    const visitorCapture = await call('POST', '/api/tips/paypal/capture', { orderId: visitorOrderId });
    expect(visitorCapture.status).toBe(200);
    expect(visitorCapture.json).toEqual({ tipIds: [visitorTip.id] });

    // 2. A signed-in user funds the account with 250 credits (price 237.50)…
    const user = await createUser(db);
    const login = await call('POST', '/api/users/login', {
      Username: user.username,
      Password: DEFAULT_TEST_PASSWORD,
    });
    expect(login.status).toBe(200);
    const token: string = login.json.Tokens.access_token;
    const creditsOrder = await call('POST', '/api/credits/buy', { Credits: 250 }, token);
    expect(creditsOrder.status).toBe(200);
    const creditsOrderId = creditsOrder.json.orderId;
    expect((await call('GET', `/api/sandbox/paypal/orders/${creditsOrderId}`)).json.amount.value).toBe(
      '237.50',
    );
    expect((await call('POST', `/api/sandbox/paypal/orders/${creditsOrderId}/approve`, {})).status).toBe(200);
    const captured = await call(
      'POST',
      '/api/credits/paypal/capture-payment',
      { orderId: creditsOrderId },
      token,
    );
    expect(captured.status).toBe(200);
    expect(captured.json).toEqual({ balance: 250 });

    // …buys two tips with credits…
    const bought = await call('POST', '/api/tips/buy', { cart: [tipA.id, tipB.id] }, token);
    expect(bought.status).toBe(200);
    expect(bought.json).toEqual({ balance: 184.5, tipIds: [tipA.id, tipB.id] });

    // …sees them in Running Tips with their selections…
    const running = await call('GET', '/api/tips/running', undefined, token);
    expect(running.status).toBe(200);
    expect(
      running.json.data.map((tip: { id: number; selection: string }) => [tip.id, tip.selection]).sort(),
    ).toEqual(
      [
        [tipA.id, 'JOURNEY-PICK-A'],
        [tipB.id, 'JOURNEY-PICK-B'],
      ].sort(),
    );

    // …and both emails are in the mailbox, delivered by the outbox worker as .eml files.
    const userMail = await mailTo(db, user.email);
    expect(userMail.map((m) => m.template)).toEqual(['credits-receipt', 'tips-purchased']);
    expect((await mailTo(db, 'journey-visitor@example.test')).map((m) => m.template)).toEqual([
      'tips-purchased',
    ]);
    const mailDir = path.join(dataDir, 'mail-out');
    const worker = createOutboxWorker({
      database,
      transport: fileTransport(mailDir),
      clock: systemClock,
      from: 'Tips Market <no-reply@localhost>',
      log: { info() {}, error() {} },
    });
    expect(await worker.runOnce()).toBe(3);
    const emls = readdirSync(mailDir).map((file) => readFileSync(path.join(mailDir, file), 'utf8'));
    const toUser = emls.filter((eml) => eml.includes(`To: ${user.email}`));
    expect(toUser).toHaveLength(2);
    expect(toUser.some((eml) => eml.includes('237.50') && eml.includes('250.00 Credits'))).toBe(true);
    expect(toUser.some((eml) => eml.includes('JOURNEY-PICK-A') && eml.includes('JOURNEY-PICK-B'))).toBe(true);
    const toVisitor = emls.filter((eml) => eml.includes('To: journey-visitor@example.test'));
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]).toContain('JOURNEY-VISITOR-PICK');

    await expectLedgerInvariants(db);
  });
});
