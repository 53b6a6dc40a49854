import { MESSAGES } from '@tips/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { codeFromMail, freshIp, mailbox, post, registerUser } from './accounts.test-support';

// #21.7: /verify-email with a lost, used or expired link is not a dead end: a new link can be asked for.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const resend = (Email: unknown, ip = freshIp()) =>
  post(t.app, '/api/users/resend-verification', { Email }, { ip });

describe('POST /api/users/resend-verification', () => {
  it('mails a fresh link that verifies, and the old one stops working', async () => {
    const reg = await registerUser(t.app);
    const oldCode = await codeFromMail(t.database, reg.Email, 'verify-email');
    const res = await resend(reg.Email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.verificationResent });
    expect(await mailbox(t.database, reg.Email, 'verify-email')).toHaveLength(2);
    const newCode = await codeFromMail(t.database, reg.Email, 'verify-email');
    expect(newCode).not.toBe(oldCode);
    expect((await post(t.app, '/api/users/email', { code: oldCode })).statusCode).toBe(400);
    expect((await post(t.app, '/api/users/email', { code: newCode })).statusCode).toBe(200);
  });

  it('answers alike for unknown and already verified addresses, and mails neither', async () => {
    const reg = await registerUser(t.app);
    const code = await codeFromMail(t.database, reg.Email, 'verify-email');
    await post(t.app, '/api/users/email', { code });
    const verified = await resend(reg.Email);
    const unknown = await resend('nobody.here@example.test');
    expect(verified.json()).toEqual(unknown.json());
    expect(await mailbox(t.database, reg.Email, 'verify-email')).toHaveLength(1);
    expect(await mailbox(t.database, 'nobody.here@example.test')).toHaveLength(0);
  });

  it('is rate limited per address, whatever the client IP', async () => {
    const reg = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await resend(reg.Email)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(await mailbox(t.database, reg.Email, 'verify-email')).toHaveLength(4);
  });

  it('refuses bad input with the contract messages', async () => {
    expect((await resend('')).json().errors).toEqual([MESSAGES.emailRequired]);
    expect((await resend('not-an-email')).json().errors).toEqual([MESSAGES.emailInvalid]);
  });
});
