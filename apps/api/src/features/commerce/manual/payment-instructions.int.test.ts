import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../db/seed/factories';
import {
  type CommerceTestApp,
  createCommerceTestApp,
  createOpenTips,
  mailTo,
} from '../commerce.test-support';

// #21.2: each manual method's real instructions come from configuration (MANUAL_PAYMENT_DETAILS),
// on the success popup (the response) and in the email, in the buyer's language; a method with no
// configured details says plainly, once, that support will send them. Never a pointer to
// details "shown in your email" that the email does not contain.
const BTC_ADDRESS = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
let t: CommerceTestApp;
beforeAll(async () => {
  t = await createCommerceTestApp({
    env: {
      MANUAL_PAYMENT_DETAILS: JSON.stringify({ 3: BTC_ADDRESS, 0: 'payments@tipsmarket.example' }),
      SUPPORT_EMAIL: 'help@tipsmarket.example',
    },
  });
});
afterAll(() => t.close());

let visitor = 0;
async function requestAsVisitor(method: number, host = 'localhost') {
  visitor++;
  const email = `buyer${visitor}.${Date.now()}@example.test`;
  const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 1250 });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/tips/purchase',
    headers: { host },
    payload: {
      method,
      firstName: 'Maria',
      lastName: 'Lopez',
      email,
      country: 'Spain',
      mobile: '+34600111222',
      cart: [tip.id],
    },
  });
  expect(response.statusCode).toBe(200);
  const [mail] = await mailTo(t.database.db, email);
  return { body: response.json(), mail };
}

const CONTRADICTIONS = [/shown in your email/i, /named in your email/i];

describe('manual payment instructions', () => {
  it('a configured method: the address and the order number, in the popup and the email', async () => {
    const { body, mail } = await requestAsVisitor(3);
    expect(body.payment).toEqual({
      orderNumber: expect.stringMatching(/^[A-Z0-9-]+$/),
      method: 3,
      totalCents: 1250,
      payTo: BTC_ADDRESS,
      supportEmail: 'help@tipsmarket.example',
    });
    expect(mail.text).toContain(BTC_ADDRESS);
    expect(mail.html).toContain(BTC_ADDRESS);
    expect(mail.text).toContain(`Quote your order number ${body.payment.orderNumber}`);
    for (const text of CONTRADICTIONS) expect(mail.text).not.toMatch(text);
    expect(mail.text).not.toMatch(/we will send you the .* payment details/);
  });

  it('a method without details says once that support will send them', async () => {
    const { body, mail } = await requestAsVisitor(7);
    expect(body.payment.payTo).toBeNull();
    for (const text of CONTRADICTIONS) expect(mail.text).not.toMatch(text);
    expect(mail.text.match(/payment details/g)).toHaveLength(1);
    expect(mail.text).toContain('help@tipsmarket.example');
    expect(mail.text).not.toContain('support@localhost');
  });

  it('in the language of the site the request came from', async () => {
    const { body, mail } = await requestAsVisitor(3, 'de.localhost');
    expect(mail.text).toContain(
      `Gib deine Bestellnummer ${body.payment.orderNumber} als Verwendungszweck an`,
    );
    expect(mail.text).toContain(BTC_ADDRESS);
  });

  it('a credits request answers the same details', async () => {
    const user = await createUser(t.database.db, { emailVerified: true });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/credits/request',
      headers: await t.bearer(user),
      payload: { credits: 50, method: 0 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().payment).toMatchObject({ method: 0, payTo: 'payments@tipsmarket.example' });
  });
});

describe('MANUAL_PAYMENT_DETAILS', () => {
  it('refuses a value that is not a JSON object of methods 0–9', async () => {
    const { loadConfig } = await import('../../../config/env');
    expect(() => loadConfig({ MANUAL_PAYMENT_DETAILS: 'bc1q' })).toThrow(/MANUAL_PAYMENT_DETAILS/);
    expect(() => loadConfig({ MANUAL_PAYMENT_DETAILS: '{"10":"x"}' })).toThrow(/MANUAL_PAYMENT_DETAILS/);
    expect(loadConfig({ MANUAL_PAYMENT_DETAILS: '{"3":"bc1q"}' }).manualPaymentDetails).toEqual({
      3: 'bc1q',
    });
  });
});
