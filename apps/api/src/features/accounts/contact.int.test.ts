import { MESSAGES } from '@tips/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { contactMessages } from '../../db/schema';
import { freshIp, mailbox, post, registerAndLogin } from './accounts.test-support';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'help@tips.example' } });
});
afterAll(() => t.close());

const message = (overrides: Record<string, unknown> = {}) => ({
  email: 'visitor@example.test',
  name: 'Visitor <b>Bold</b>',
  subject: 'Question\r\nBcc: victim@example.test',
  message: 'Hello,\n<script>alert(1)</script>\nThanks',
  ...overrides,
});

describe('POST /api/users/contact', () => {
  it('stores the message and mails support only, escaped and with a safe subject', async () => {
    const res = await post(t.app, '/api/users/contact', message());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: MESSAGES.contactSent });
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'visitor@example.test'));
    expect(row).toMatchObject({ name: 'Visitor <b>Bold</b>', userId: null });
    const [mail] = await mailbox(t.database, 'help@tips.example', 'contact-message');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;');
    expect(mail.text).toContain('visitor@example.test');
    expect(await mailbox(t.database, 'visitor@example.test')).toHaveLength(0);
  });

  it('links the message to a signed-in sender', async () => {
    const { accessToken, reg } = await registerAndLogin(t.app);
    const res = await post(t.app, '/api/users/contact', message({ email: reg.Email }), {
      token: accessToken,
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, reg.Email));
    expect(row.userId).not.toBeNull();
  });

  it('validates the address pattern, the required fields and the lengths', async () => {
    const bad = await post(t.app, '/api/users/contact', message({ email: 'not an email' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([MESSAGES.emailInvalid]);
    const empty = await post(t.app, '/api/users/contact', {});
    expect(empty.json().errors).toEqual(
      expect.arrayContaining([
        MESSAGES.emailRequired,
        MESSAGES.contactMessageRequired,
        MESSAGES.contactNameRequired,
        MESSAGES.contactSubjectRequired,
      ]),
    );
    const long = await post(t.app, '/api/users/contact', message({ message: 'x'.repeat(5001) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([MESSAGES.fieldTooLong]);
  });

  it('limits messages per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i++)
      expect((await post(t.app, '/api/users/contact', message(), { ip })).statusCode).toBe(200);
    const blocked = await post(t.app, '/api/users/contact', message(), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });
});
