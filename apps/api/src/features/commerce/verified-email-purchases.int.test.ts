import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createTip, createTipster } from '../../db/seed/factories';
import { codeFromMail, mailbox, post, registerAndLogin } from '../accounts/accounts.test-support';

// Issue #19.9: an unverified account may sign in and follow (decision 010), but no purchase or
// payment request until its email address is verified; the answer says so and a new link can be sent.

let t: TestApp;
let tipId: number;
beforeAll(async () => {
  t = await createTestApp();
  const tipster = await createTipster(t.database.db);
  tipId = (await createTip(t.database.db, { tipsterId: tipster.id, now: t.clock.now(), priceCents: 500 })).id;
});
afterAll(() => t.close());

const manualContact = {
  method: 0,
  firstName: 'Ann',
  lastName: 'Buyer',
  email: 'ann.buyer@example.test',
  country: 'Ireland',
  mobile: '+353123456',
};

function purchaseCalls(): Array<[string, unknown]> {
  return [
    ['/api/tips/buy', { cart: [tipId] }],
    ['/api/tips/purchase/paypal', { cart: [tipId] }],
    ['/api/tips/purchase', { cart: [tipId], ...manualContact }],
    ['/api/credits/buy', { Credits: 20 }],
    ['/api/credits/request', { credits: 20, method: 0 }],
  ];
}

describe('purchases need a verified email address', () => {
  it('refuses every purchase and payment request of an unverified account, clearly', async () => {
    const { accessToken } = await registerAndLogin(t.app);
    for (const [url, body] of purchaseCalls()) {
      const res = await post(t.app, url, body, { token: accessToken });
      expect(res.statusCode, `${url} ${res.body}`).toBe(403);
      expect(res.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', errors: [MESSAGES.emailNotVerified] });
    }
    // Signing in and following still work.
    const tipster = await createTipster(t.database.db);
    const follow = await post(t.app, `/api/tipsters/follow/${tipster.id}`, undefined, { token: accessToken });
    expect(follow.statusCode, follow.body).toBeLessThan(300);
  });

  it('sends a new link on request; once verified, the same calls get past the check', async () => {
    const { reg, accessToken } = await registerAndLogin(t.app);
    const first = await codeFromMail(t.database, reg.Email, 'verify-email');
    const resend = await post(t.app, '/api/users/email/resend', undefined, { token: accessToken });
    expect(resend.statusCode, resend.body).toBe(200);
    expect(resend.json().message).toBe(MESSAGES.verificationEmailSent);
    expect(await mailbox(t.database, reg.Email)).toHaveLength(2);
    const second = await codeFromMail(t.database, reg.Email, 'verify-email');
    expect(second).not.toBe(first);
    // The newer link wins; the older one died with it.
    expect((await post(t.app, '/api/users/email', { code: first })).statusCode).toBe(400);
    expect((await post(t.app, '/api/users/email', { code: second })).statusCode).toBe(200);

    const request = await post(
      t.app,
      '/api/credits/request',
      { credits: 20, method: 0 },
      { token: accessToken },
    );
    expect(request.statusCode, request.body).toBe(200);
    const buy = await post(t.app, '/api/tips/buy', { cart: [tipId] }, { token: accessToken });
    expect(buy.statusCode).toBe(422); // past the check: not enough credits
    expect(buy.json().errors).toEqual([MESSAGES.notEnoughCredits]);

    const again = await post(t.app, '/api/users/email/resend', undefined, { token: accessToken });
    expect(again.json().message).toBe(MESSAGES.emailAlreadyVerified);
  });

  it('visitors still buy as guests (no account to verify)', async () => {
    const res = await post(t.app, '/api/tips/purchase', { cart: [tipId], ...manualContact });
    expect(res.statusCode, res.body).toBe(200);
  });
});
