import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { at, call, NOW, outboxFor, signedIn } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { entitlements, users } from '../../db/schema';
import { createTip, createTipster, createUser } from '../../db/seed/factories';
import {
  freshIp,
  login,
  mailbox,
  newRegistration,
  registerUser,
} from '../../features/accounts/accounts.test-support';
import { createOpenTips } from '../../features/commerce/commerce.test-support';

// Every email in the recipient's language: recorded from the registering request's subdomain
// (as the web picks its language), then used wherever the user is emailed.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function registerOn(host: string) {
  const body = newRegistration();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: body,
    remoteAddress: freshIp(),
    headers: { host },
  });
  expect(res.statusCode).toBe(201);
  const [row] = await t.database.db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(sql`lower(${users.username}) = ${body.Username.toLowerCase()}`);
  const [mail] = await mailbox(t.database, body.Email, 'verify-email');
  return { body, row, mail };
}

describe('the language of account emails', () => {
  it('is German for a user who registered on de.localhost: stored, subject and body', async () => {
    const { body, row, mail } = await registerOn('de.localhost:5173');
    expect(row.language).toBe('de');
    expect(mail.subject).toBe('Bestätige deine E-Mail-Adresse');
    expect(mail.text).toContain(`Hallo ${body.FirstName},`);
    expect(mail.text).toContain('Bitte bestätige, dass diese Adresse dir gehört');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.html).toContain('E-Mail bestätigen');
    expect(mail.text).toContain(`${t.config.publicUrl}/verify-email/`);

    // Later emails follow the stored language, whichever host asks for them.
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/users/forgot-password',
      payload: { Email: body.Email },
      remoteAddress: freshIp(),
    });
    expect(forgot.statusCode).toBeLessThan(300);
    const [reset] = await mailbox(t.database, body.Email, 'reset-password');
    expect(reset.subject).toBe('Setze dein Passwort zurück');
  });

  it('is Arabic and right to left for a user who registered on ar-ae.localhost', async () => {
    const { row, mail } = await registerOn('ar-ae.localhost');
    expect(row.language).toBe('ar-ae');
    expect(mail.subject).toBe('تأكيد عنوان بريدك الإلكتروني');
    expect(mail.html).toContain('<html lang="ar-AE" dir="rtl">');
    expect(mail.html).toContain('dir="rtl"');
  });

  it('stays English on the bare host and on an unknown subdomain', async () => {
    for (const host of ['localhost', 'www.localhost', '127.0.0.1:3000']) {
      const { row, mail } = await registerOn(host);
      expect(row.language).toBe('en');
      expect(mail.subject).toBe('Verify your email address');
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
    }
  });

  it('follows the subdomain a signed-in user saves the profile from', async () => {
    const reg = await registerUser(t.app);
    const { accessToken } = await login(t.app, reg.Username);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/users/profile',
      remoteAddress: freshIp(),
      headers: { authorization: `Bearer ${accessToken}`, host: 'fr.localhost' },
      payload: {
        firstName: reg.FirstName,
        lastName: reg.LastName,
        username: reg.Username,
        email: `new.${reg.Email}`,
        phone: reg.Mobile,
        country: reg.Country,
        currentPassword: reg.Password,
      },
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ language: users.language })
      .from(users)
      .where(eq(users.email, reg.Email));
    expect(row.language).toBe('fr');
    const [mail] = await mailbox(t.database, `new.${reg.Email}`, 'verify-email');
    expect(mail.subject).toBe('Vérifiez votre adresse e-mail');
  });
});

describe('the language of settlement emails', () => {
  it('is each buyer’s own: German to a German buyer, English to others and to visitors', async () => {
    t.clock.set(NOW);
    const admin = await signedIn(t, ['user', 'admin']);
    const db = t.database.db;
    const tipster = await createTipster(db);
    const tip = await createTip(db, {
      tipsterId: tipster.id,
      now: at(-30),
      eventTime: at(-2),
      bettingType: 1,
    });
    const german = await createUser(db, { language: 'de' });
    const english = await createUser(db);
    await db.insert(entitlements).values([
      { userId: german.id, tipId: tip.id, source: 'credits' },
      { userId: english.id, tipId: tip.id, source: 'credits' },
      { buyerEmail: 'visitor.lang@example.test', tipId: tip.id, source: 'paypal' },
    ]);
    const res = await call(t, 'POST', `/api/admin/tips/${tip.id}/settle`, {
      token: admin.token,
      body: { result: 'WIN', resultDetails: 'FT 2-0' },
    });
    expect(res.statusCode).toBe(200);

    const [de] = await outboxFor(db, german.email, 'tip-result');
    expect(de.subject).toBe(`Tipp-Ergebnis: ${tip.homeTeam} vs ${tip.awayTeam} – Gewonnen`);
    expect(de.text).toContain('Dein Tipp wurde abgerechnet');
    expect(de.text).toContain('Ergebnis: Gewonnen');
    expect(de.text).toContain('Wettart: Asiatisches Handicap (Endstand)');
    expect(de.html).toContain('lang="de"');
    for (const to of [english.email, 'visitor.lang@example.test']) {
      const [en] = await outboxFor(db, to, 'tip-result');
      expect(en.subject).toBe(`Tip result: ${tip.homeTeam} vs ${tip.awayTeam} — Win`);
      expect(en.text).toContain('Result: Win');
    }
  });
});

describe('the language of purchase emails', () => {
  it('is the buyer’s stored language for a credits purchase, whatever host it came from', async () => {
    t.clock.set(NOW);
    const buyer = await signedIn(t, ['user'], { language: 'de', creditBalance: 10_000 });
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 1250 });
    const res = await call(t, 'POST', '/api/tips/buy', { token: buyer.token, body: { cart: [tip.id] } });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(t.database.db, buyer.user.email, 'tips-purchased');
    expect(mail.subject).toMatch(/^Deine Tipps – Bestellung [0-9A-F]{8}$/);
    expect(mail.text).toContain('12.50 Credits');
    expect(mail.text).toContain('Mein Dashboard öffnen');
  });

  it('is the request’s language for a visitor’s manual request (only an address is known)', async () => {
    t.clock.set(NOW);
    const [tip] = await createOpenTips(t.database.db, 1, { now: t.clock.now(), priceCents: 1250 });
    const email = 'visitor.es@example.test';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/tips/purchase',
      remoteAddress: freshIp(),
      headers: { host: 'es.localhost' },
      payload: {
        method: 3,
        firstName: 'María',
        lastName: 'López',
        email,
        country: 'Spain',
        mobile: '+34600111222',
        cart: [tip.id],
        amount: 0.01,
      },
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await outboxFor(t.database.db, email, 'payment-instructions');
    expect(mail.subject).toMatch(/^Instrucciones de pago del pedido [0-9A-F]{8}$/);
    expect(mail.text).toContain('Hola, María:');
    expect(mail.text).toContain('Hemos recibido tu solicitud');
    expect(mail.text).toContain('Bitcoin');
  });
});
