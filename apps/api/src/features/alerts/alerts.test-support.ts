import { and, asc, eq, like } from 'drizzle-orm';
import { call, callOk, signedIn, signedInTipster } from '../../../test/backoffice.test-support';
import { offerPrice } from '../../../test/market-prices.test-support';
import type { TestApp } from '../../../test/test-app';
import { emailOutbox, follows } from '../../db/schema';
import { createFixture } from '../tips/settlement/settlement.test-support';
import { createAlertMailer } from './alert-mailer';
import { createUnsubscribeTokens } from './unsubscribe-token';

// Shared by the alerts' integration tests (never imported by the app).

export function mailerFor(t: TestApp, batchSize?: number) {
  return createAlertMailer({
    database: t.database,
    clock: t.clock,
    publicUrl: t.config.publicUrl,
    tokens: createUnsubscribeTokens(t.config.jwt.secret),
    log: { error: () => {} },
    batchSize,
  });
}

export async function follower(t: TestApp, language = 'en') {
  return signedIn(t, ['user'], { language });
}

export async function follow(t: TestApp, token: string, tipsterId: number) {
  await callOk(t, 'POST', `/api/tipsters/follow/${tipsterId}`, token);
}

export async function tipsterWithMatch(t: TestApp, kickoffAt: Date, name?: string) {
  const tipster = await signedInTipster(t, name ? { name } : {});
  const match = await createFixture(t.database.db, { kickoffAt });
  return { ...tipster, match };
}

export async function publish(
  t: TestApp,
  token: string,
  fixtureId: number,
  overrides: { selection?: string; price?: number; bettingType?: number } = {},
) {
  const bettingType = overrides.bettingType ?? 1;
  const selection = overrides.selection ?? SELECTION_OF_TYPE[bettingType];
  // Published at the market's price (decision 150).
  await offerPrice(t.database.db, t.clock.now(), { fixtureId, bettingType, selection, odds: 1.85 });
  const response = await call(t, 'POST', '/api/tipster/tips', {
    token,
    body: {
      fixtureId,
      bettingType,
      selection,
      odds: 1.85,
      price: overrides.price ?? 12.5,
      reasoning: 'Unbeaten at home since March.',
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`publish answered ${response.statusCode}: ${response.body}`);
  return response.json().data as { id: number };
}

/** A valid selection per betting type, so one match can carry several tips. */
const SELECTION_OF_TYPE: Record<number, string> = { 1: 'home -0.5', 2: 'over 2.5', 3: 'home', 15: 'odd' };

/** The outbox rows of a template sent to one address. */
export async function mailTo(t: TestApp, address: string, template: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.template, template)))
    .orderBy(asc(emailOutbox.id));
}

export async function alertMailsLike(t: TestApp, dedupePrefix: string) {
  return t.database.db
    .select()
    .from(emailOutbox)
    .where(like(emailOutbox.dedupeKey, `${dedupePrefix}%`));
}

export async function followModeOf(t: TestApp, userId: number, tipsterId: number) {
  const [row] = await t.database.db
    .select({ mode: follows.alertMode })
    .from(follows)
    .where(and(eq(follows.userId, userId), eq(follows.tipsterId, tipsterId)));
  return row?.mode;
}
