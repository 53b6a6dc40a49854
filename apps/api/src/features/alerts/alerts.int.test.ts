import { ALERT_MESSAGES, NotificationPageSchema } from '@tips/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { at, call, callOk, NOW, tokenFor } from '../../../test/backoffice.test-support';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { tipAlertFanouts, tipNotifications } from '../../db/schema';
import {
  alertMailsLike,
  follow,
  follower,
  followModeOf,
  mailerFor,
  mailTo,
  publish,
  tipsterWithMatch,
} from './alerts.test-support';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.clock.set(NOW));

const unsubscribeUrl = (text: string) => {
  const match = /\/unsubscribe\?token=([\w.-]+)/.exec(text);
  if (!match) throw new Error('no unsubscribe link');
  return match[1];
};

describe('a followed tipster publishes', () => {
  it('puts a notification in every follower’s bell and emails by their setting, never the paid pick', async () => {
    // A line nothing else in the email can contain (odds 1.85, price 12.50).
    const marker = 'Away +2.75';
    const tess = await tipsterWithMatch(t, at(40), 'Tess Alerts');
    const [instant, digest, off, stranger] = await Promise.all([
      follower(t, 'de'),
      follower(t),
      follower(t),
      follower(t),
    ]);
    for (const f of [instant, digest, off]) await follow(t, f.token, tess.tipster.id);
    await callOk(t, 'PUT', '/api/alerts/settings', digest.token, { mode: 'digest' });
    await callOk(t, 'PUT', `/api/alerts/settings/tipsters/${tess.tipster.id}`, off.token, { mode: 'off' });

    const tip = await publish(t, tess.token, tess.match.id, { selection: marker });
    // Publishing queued one fan-out row; the mailer turns it into the followers' notifications.
    expect(await callOk(t, 'GET', '/api/notifications/unread-count', instant.token)).toEqual({ unread: 0 });
    await mailerFor(t).expandFanouts();

    for (const f of [instant, digest, off]) {
      expect(await callOk(t, 'GET', '/api/notifications/unread-count', f.token)).toEqual({ unread: 1 });
      const page = await call(t, 'GET', '/api/notifications', { token: f.token });
      expect(NotificationPageSchema.parse(page.json()).data).toEqual([
        expect.objectContaining({
          tipId: tip.id,
          tipsterName: 'Tess Alerts',
          odds: 1.85,
          price: 12.5,
          isRead: false,
        }),
      ]);
      expect(page.body).not.toContain(marker);
    }
    expect(await callOk(t, 'GET', '/api/notifications/unread-count', stranger.token)).toEqual({ unread: 0 });

    await mailerFor(t).runOnce();
    const [mail] = await mailTo(t, instant.user.email, 'tip-alert');
    expect(mail.subject).toContain('Tess Alerts');
    expect(mail.subject).toContain(tess.match.homeTeam);
    // In the follower's language, with market, kick-off and price, and no pick.
    expect(mail.text).toContain('Anstoß');
    expect(mail.text).toContain('1.85');
    expect(mail.text).toContain('12.50');
    for (const part of [mail.subject, mail.html, mail.text, JSON.stringify(mail.headers)]) {
      expect(part.toLowerCase()).not.toContain(marker.toLowerCase());
    }
    expect(mail.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(
        /^<http:\/\/localhost:\d+\/api\/alerts\/unsubscribe\?token=[\w.-]+>$/,
      ),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(await mailTo(t, digest.user.email, 'tip-alert')).toEqual([]);
    expect(await mailTo(t, off.user.email, 'tip-alert')).toEqual([]);

    // The digest waits for the day to end, then tells of the day's tips, again without the pick.
    await mailerFor(t).runOnce();
    expect(await mailTo(t, digest.user.email, 'tip-digest')).toEqual([]);
    t.clock.set(at(13));
    await mailerFor(t).runOnce();
    const digests = await mailTo(t, digest.user.email, 'tip-digest');
    expect(digests).toHaveLength(1);
    expect(digests[0].text).toContain(tess.match.homeTeam);
    expect(digests[0].text.toLowerCase()).not.toContain(marker.toLowerCase());
    expect(digests[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await mailTo(t, off.user.email, 'tip-digest')).toEqual([]);
  });

  it('shows the pick of a free tip, which anyone may see', async () => {
    const fred = await tipsterWithMatch(t, at(5));
    const fan = await follower(t);
    await follow(t, fan.token, fred.tipster.id);
    await publish(t, fred.token, fred.match.id, { bettingType: 3, selection: 'draw', price: 0 });
    await mailerFor(t).runOnce();
    const [mail] = await mailTo(t, fan.user.email, 'tip-alert');
    expect(mail.text).toMatch(/Pick: Draw/i);
  });
});

describe('safer gambling', () => {
  it('a follower in a time-out gets no alert email until it ends; the bell still lists the tip', async () => {
    const tess = await tipsterWithMatch(t, at(60), 'Tess Paused');
    const [paused, digest] = await Promise.all([follower(t), follower(t)]);
    for (const f of [paused, digest]) await follow(t, f.token, tess.tipster.id);
    await callOk(t, 'PUT', '/api/alerts/settings', digest.token, { mode: 'digest' });
    for (const f of [paused, digest]) {
      await callOk(t, 'POST', '/api/safer-gambling/time-out', f.token, { hours: 24 });
    }
    await publish(t, tess.token, tess.match.id);
    await mailerFor(t).runOnce();
    expect(await callOk(t, 'GET', '/api/notifications/unread-count', paused.token)).toEqual({ unread: 1 });
    t.clock.set(at(13));
    await mailerFor(t).runOnce();
    expect(await mailTo(t, paused.user.email, 'tip-alert')).toEqual([]);
    expect(await mailTo(t, digest.user.email, 'tip-digest')).toEqual([]);

    // After the time-out, the next tip is emailed again.
    t.clock.set(at(30));
    const later = await tipsterWithMatch(t, at(60), 'Tess Back');
    await follow(t, await tokenFor(t, paused.user), later.tipster.id);
    await publish(t, later.token, later.match.id);
    await mailerFor(t).runOnce();
    expect(await mailTo(t, paused.user.email, 'tip-alert')).toHaveLength(1);
  });
});

describe('no duplicates', () => {
  it('a follower of 20 tipsters who publish 3 tips each at once gets 60 emails, whatever the workers do', async () => {
    const fan = await follower(t);
    const digestFan = await follower(t);
    await callOk(t, 'PUT', '/api/alerts/settings', digestFan.token, { mode: 'digest' });
    const tipsters = await Promise.all(Array.from({ length: 20 }, (_, i) => tipsterWithMatch(t, at(20 + i))));
    for (const ts of tipsters) {
      await follow(t, fan.token, ts.tipster.id);
      await follow(t, digestFan.token, ts.tipster.id);
    }
    const published = await Promise.all(
      tipsters.flatMap((ts) =>
        [1, 2, 15].map((bettingType) => publish(t, ts.token, ts.match.id, { bettingType })),
      ),
    );
    expect(published).toHaveLength(60);
    await Promise.all([1, 2, 3].map(() => mailerFor(t).expandFanouts()));

    // Four workers at once, small batches, then again: each tip is mailed once.
    await Promise.all([1, 2, 3, 4].map(() => mailerFor(t, 7).runOnce()));
    await mailerFor(t, 7).runOnce();
    const mails = await alertMailsLike(t, `tip-alert:${fan.user.id}:`);
    expect(mails).toHaveLength(60);
    expect(new Set(mails.map((m) => m.dedupeKey)).size).toBe(60);

    t.clock.set(at(13));
    await Promise.all([1, 2, 3, 4].map(() => mailerFor(t, 7).sendDueDigests()));
    const digests = await alertMailsLike(t, `tip-digest:${digestFan.user.id}:`);
    expect(digests).toHaveLength(1);
    expect(digests[0].text.split('\n').filter((line) => line.includes(' vs '))).toHaveLength(60);
  });

  it('publishing to 3,000 followers queues one row; the mailer gives each one notification', async () => {
    const big = await tipsterWithMatch(t, at(6));
    const db = t.database.db;
    await db.execute(sql`insert into users (username, email, password_hash, first_name, last_name, phone, country,
        age_confirmed_at, terms_accepted_at)
      select 'bulk' || g || ${big.tipster.id}, 'bulk' || g || '-' || ${big.tipster.id} || '@example.test', 'x', 'B', 'F', '+1', 'UK', now(), now()
      from generate_series(1, 3000) g`);
    await db.execute(sql`insert into follows (user_id, tipster_id)
      select id, ${big.tipster.id} from users where username like ${`bulk%${big.tipster.id}`}`);
    const tip = await publish(t, big.token, big.match.id);
    const [{ queued }] = await db
      .select({ queued: sql<number>`count(*)::int` })
      .from(tipAlertFanouts)
      .where(eq(tipAlertFanouts.tipId, tip.id));
    expect(queued).toBe(1);
    await mailerFor(t).runOnce();
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tipNotifications)
      .where(eq(tipNotifications.tipId, tip.id));
    expect(n).toBe(3000);
  });
});

describe('one-click unsubscribe', () => {
  it('turns one tipster’s emails off from the signed link (RFC 8058 POST), idempotently, without a login', async () => {
    const una = await tipsterWithMatch(t, at(8), 'Una Subscribe');
    const fan = await follower(t);
    await follow(t, fan.token, una.tipster.id);
    await publish(t, una.token, una.match.id, { bettingType: 1 });
    await mailerFor(t).runOnce();
    const [mail] = await mailTo(t, fan.user.email, 'tip-alert');
    const token = unsubscribeUrl(mail.text);

    for (let i = 0; i < 2; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/alerts/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        scope: 'tipster',
        tipsterName: 'Una Subscribe',
        message: ALERT_MESSAGES.unsubscribedTipster('Una Subscribe'),
      });
    }
    expect(await followModeOf(t, fan.user.id, una.tipster.id)).toBe('off');

    // The next tip still rings the bell, but sends no email.
    await publish(t, una.token, una.match.id, { bettingType: 2 });
    await mailerFor(t).runOnce();
    expect(await mailTo(t, fan.user.email, 'tip-alert')).toHaveLength(1);
    expect(await callOk(t, 'GET', '/api/notifications/unread-count', fan.token)).toEqual({ unread: 2 });

    // A person who opens the link is sent to the page that asks; the GET changes nothing.
    const opened = await t.app.inject({ method: 'GET', url: `/api/alerts/unsubscribe?token=${token}` });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`${t.config.publicUrl}/unsubscribe?token=${token}`);
  });

  it('refuses forged and altered links with the contract’s message', async () => {
    const fan = await follower(t);
    const forged = `${fan.user.id}.0.AAAAAAAAAAAAAAAAAAAAAA`;
    for (const token of [forged, 'not-a-token-at-all', `${fan.user.id}.0`]) {
      const response = await call(t, 'POST', `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([ALERT_MESSAGES.invalidUnsubscribeLink]);
    }
    expect((await call(t, 'POST', '/api/alerts/unsubscribe')).statusCode).toBe(400);
  });

  it('the digest’s link turns every alert email off', async () => {
    const dee = await tipsterWithMatch(t, at(40));
    const fan = await follower(t);
    await follow(t, fan.token, dee.tipster.id);
    await callOk(t, 'PUT', '/api/alerts/settings', fan.token, { mode: 'digest' });
    await publish(t, dee.token, dee.match.id);
    t.clock.set(at(13));
    await mailerFor(t).runOnce();
    const [digest] = await mailTo(t, fan.user.email, 'tip-digest');
    const response = await call(t, 'POST', `/api/alerts/unsubscribe?token=${unsubscribeUrl(digest.text)}`);
    expect(response.json()).toMatchObject({ scope: 'all', message: ALERT_MESSAGES.unsubscribedAll });
    const token = await tokenFor(t, fan.user);
    expect(await callOk(t, 'GET', '/api/alerts/settings', token)).toMatchObject({ mode: 'off' });
  });
});

// Issue 29.7 (decision 113): a link is bound to the settings it changes and to its age, so an
// old email's link does not turn alerts off again after the member turned them back on.
describe('unsubscribe links expire', () => {
  async function linkFromAlert(name: string) {
    const tipster = await tipsterWithMatch(t, at(30), name);
    const fan = await follower(t);
    await follow(t, fan.token, tipster.tipster.id);
    t.clock.advance(1000);
    await publish(t, tipster.token, tipster.match.id, { bettingType: 1 });
    await mailerFor(t).runOnce();
    const [mail] = await mailTo(t, fan.user.email, 'tip-alert');
    return { tipster, fan, token: unsubscribeUrl(mail.text) };
  }
  const useLink = (token: string) =>
    call(t, 'POST', `/api/alerts/unsubscribe?token=${encodeURIComponent(token)}`);

  it('an old link does not work again after the member re-subscribes; a new email’s link does', async () => {
    const { tipster, fan, token } = await linkFromAlert('Rhea Subscribe');
    expect((await useLink(token)).statusCode).toBe(200);
    expect(await followModeOf(t, fan.user.id, tipster.tipster.id)).toBe('off');

    t.clock.advance(60_000);
    await callOk(t, 'PUT', `/api/alerts/settings/tipsters/${tipster.tipster.id}`, fan.token, {
      mode: 'instant',
    });
    t.clock.advance(60_000);
    const replayed = await useLink(token);
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().errors).toEqual([ALERT_MESSAGES.unsubscribeLinkExpired]);
    expect(await followModeOf(t, fan.user.id, tipster.tipster.id)).toBe('instant');

    await publish(t, tipster.token, tipster.match.id, { bettingType: 2 });
    await mailerFor(t).runOnce();
    const [, fresh] = await mailTo(t, fan.user.email, 'tip-alert');
    expect((await useLink(unsubscribeUrl(fresh.text))).statusCode).toBe(200);
    expect(await followModeOf(t, fan.user.id, tipster.tipster.id)).toBe('off');
  });

  it('a change of the default setting after the email undoes its links too', async () => {
    const { tipster, fan, token } = await linkFromAlert('Dora Default');
    t.clock.advance(60_000);
    await callOk(t, 'PUT', '/api/alerts/settings', fan.token, { mode: 'digest' });
    expect((await useLink(token)).json().errors).toEqual([ALERT_MESSAGES.unsubscribeLinkExpired]);
    expect(await followModeOf(t, fan.user.id, tipster.tipster.id)).toBe(null);
  });

  it('lives 60 days', async () => {
    const early = await linkFromAlert('Ella Early');
    t.clock.advance(59 * 24 * 3600_000);
    expect((await useLink(early.token)).statusCode).toBe(200);
    t.clock.set(NOW);
    const late = await linkFromAlert('Lars Late');
    t.clock.advance(60 * 24 * 3600_000 + 60_000);
    const refused = await useLink(late.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([ALERT_MESSAGES.unsubscribeLinkExpired]);
    expect(await followModeOf(t, late.fan.user.id, late.tipster.tipster.id)).toBe(null);
  });
});

describe('the bell and the settings', () => {
  it('marks one or all read; another user’s notification is not found', async () => {
    const tom = await tipsterWithMatch(t, at(9));
    const [fan, other] = await Promise.all([follower(t), follower(t)]);
    await follow(t, fan.token, tom.tipster.id);
    await publish(t, tom.token, tom.match.id, { bettingType: 1 });
    await publish(t, tom.token, tom.match.id, { bettingType: 2 });
    await mailerFor(t).runOnce();
    const page = await callOk<{ data: Array<{ id: number }> }>(t, 'GET', '/api/notifications', fan.token);
    expect(page.data).toHaveLength(2);
    const [first] = page.data;
    expect(
      (await call(t, 'POST', `/api/notifications/${first.id}/read`, { token: other.token })).statusCode,
    ).toBe(404);
    await callOk(t, 'POST', `/api/notifications/${first.id}/read`, fan.token);
    expect(await callOk(t, 'GET', '/api/notifications/unread-count', fan.token)).toEqual({ unread: 1 });
    await callOk(t, 'POST', '/api/notifications/read-all', fan.token);
    expect(await callOk(t, 'GET', '/api/notifications/unread-count', fan.token)).toEqual({ unread: 0 });
    expect((await call(t, 'POST', '/api/notifications/abc/read', { token: fan.token })).statusCode).toBe(400);
    expect(
      (await call(t, 'POST', '/api/notifications/99999999999/read', { token: fan.token })).statusCode,
    ).toBe(404);
    for (const url of ['/api/notifications', '/api/notifications/unread-count', '/api/alerts/settings']) {
      expect((await call(t, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('lists followed tipsters with their own mode, refuses bad modes and tipsters not followed', async () => {
    const sam = await tipsterWithMatch(t, at(9), 'Sam Settings');
    const fan = await follower(t);
    await follow(t, fan.token, sam.tipster.id);
    expect(await callOk(t, 'GET', '/api/alerts/settings', fan.token)).toEqual({
      mode: 'instant',
      tipsters: [{ tipsterId: sam.tipster.id, tipsterName: 'Sam Settings', mode: null }],
    });
    const set = await callOk(t, 'PUT', `/api/alerts/settings/tipsters/${sam.tipster.id}`, fan.token, {
      mode: 'digest',
    });
    expect(set).toMatchObject({ tipsters: [{ tipsterId: sam.tipster.id, mode: 'digest' }] });
    const bad = await call(t, 'PUT', '/api/alerts/settings', { token: fan.token, body: { mode: 'hourly' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([ALERT_MESSAGES.invalidMode]);
    const notFollowed = await call(t, 'PUT', '/api/alerts/settings/tipsters/999999', {
      token: fan.token,
      body: { mode: 'off' },
    });
    expect(notFollowed.statusCode).toBe(404);
    expect(notFollowed.json().errors).toEqual([ALERT_MESSAGES.notFollowing]);
  });
});
