import { asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { signTestAccessToken } from '../../../test/session-token.test-support';
import { createTestApp, type TestApp, type TestAppOverrides } from '../../../test/test-app';
import type { AppInstance } from '../../app-types';
import type { DbOrTx } from '../../db/client';
import { emailOutbox, ledgerEntries, type tips } from '../../db/schema';
import { createTip, createTipster } from '../../db/seed/factories';
import { createTestClock } from '../../lib/clock';
import { checkLedgerInvariants } from './ledger/ledger-invariants.test-support';
import type { PaypalPort } from './paypal/paypal.port';
import { createPaypalRestClient } from './paypal/paypal-rest.client';

/**
 * The real app on a fresh database, with the real PayPal REST adapter talking to the app's own
 * emulator routes through `inject` (no port needed). Helpers sign users in, approve PayPal orders
 * as a buyer, and read the mailbox (the outbox table).
 */
export interface CommerceTestApp extends TestApp {
  paypal: PaypalPort;
  bearer(user: { id: number; roles?: string[] }): Promise<{ authorization: string }>;
}

/** A fetch that sends the request to the app in process. */
export function injectFetch(app: () => AppInstance): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const response = await app().inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: (init?.headers ?? {}) as Record<string, string>,
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    return new Response(response.rawPayload.length > 0 ? new Uint8Array(response.rawPayload) : null, {
      status: response.statusCode,
      headers,
    });
  }) as typeof fetch;
}

export async function createCommerceTestApp(overrides: TestAppOverrides & { paypal?: PaypalPort } = {}) {
  let appRef: AppInstance | undefined;
  const paypal =
    overrides.paypal ??
    createPaypalRestClient({
      apiBase: 'http://paypal.emulator.test/api/sandbox/paypal',
      clientId: 'test-client',
      clientSecret: 'test-secret',
      fetch: injectFetch(() => appRef!),
    });
  const testApp = await createTestApp({
    clock: createTestClock(new Date()),
    ...overrides,
    services: { paypal, ...overrides.services },
  });
  appRef = testApp.app;
  const commerce: CommerceTestApp = {
    ...testApp,
    paypal,
    bearer: async (user) => ({
      authorization: `Bearer ${await signTestAccessToken(testApp, { id: user.id, roles: user.roles ?? ['user'] })}`,
    }),
  };
  return commerce;
}

export async function expectLedgerInvariants(db: DbOrTx): Promise<void> {
  expect(await checkLedgerInvariants(db)).toEqual([]);
}

/** The buyer approves a PayPal order in the emulator, as PayPal's checkout window would. */
export async function approveAtPaypal(
  app: AppInstance,
  orderId: string,
  body: {
    payerEmail?: string;
    failMode?: 'declined' | 'already-captured' | 'pending' | 'amount-mismatch';
  } = {},
) {
  const response = await app.inject({
    method: 'POST',
    url: `/api/sandbox/paypal/orders/${orderId}/approve`,
    payload: body,
  });
  expect(response.statusCode).toBe(200);
}

export async function mailTo(db: DbOrTx, to: string) {
  return db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(asc(emailOutbox.id));
}

export async function ledgerOf(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.userId, userId))
    .orderBy(asc(ledgerEntries.id));
}

/** A tipster with `count` open tips at `priceCents`, each with a unique selection marker. */
export async function createOpenTips(
  db: DbOrTx,
  count: number,
  opts: { priceCents?: number; now: Date; tipsterId?: number; homeTeam?: string },
) {
  const tipsterId = opts.tipsterId ?? (await createTipster(db)).id;
  const rows: Array<typeof tips.$inferSelect> = [];
  for (let i = 0; i < count; i++) {
    rows.push(
      await createTip(db, {
        tipsterId,
        now: opts.now,
        priceCents: opts.priceCents ?? 700,
        homeTeam: opts.homeTeam ?? `Home ${i}`,
        awayTeam: `Away ${i}`,
        selection: `SELECTION-${tipsterId}-${i}-${Math.random().toString(36).slice(2, 8)}`,
      }),
    );
  }
  return rows;
}
