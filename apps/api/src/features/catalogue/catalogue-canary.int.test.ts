import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { createSettledTip, createTip, createTipster } from '../../db/seed/factories';
import { createSettleTipRepo } from '../tips/settlement/settle-tip.repo';
import { createSignedInUser, follow, freshCatalogue, get, grantTip } from './catalogue.test-support';

/**
 * The canary sweep (QUALITY.md "Paid content"): tips whose selection is a unique marker, every
 * catalogue endpoint called as every kind of caller, cold and warm cache: a paid selection shows
 * only for its buyer, its tipster and an admin; free and finalized ones show for everyone.
 */

const NOW = new Date('2025-06-01T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (hours: number) => new Date(NOW.getTime() + hours * HOUR);
const marker = (kind: string) => `CANARY-${kind}-${randomBytes(6).toString('hex')}`;

const IDENTITIES = [
  'anonymous',
  'nonBuyer',
  'follower',
  'buyerOfOther',
  'buyer',
  'tipster',
  'admin',
] as const;
type Identity = (typeof IDENTITIES)[number];

const MARKERS = {
  paid: marker('PAID'),
  other: marker('OTHER'),
  ai: marker('AI'),
  free: marker('FREE'),
  settled: marker('SETTLED'),
};
type MarkerKind = keyof typeof MARKERS;

const EVERYONE = new Set<Identity>(IDENTITIES);
const SEES: Record<MarkerKind, Set<Identity>> = {
  paid: new Set(['buyer', 'tipster', 'admin']),
  other: new Set(['buyerOfOther', 'tipster', 'admin']),
  // The AI model is nobody's account: only its subscriber and admins.
  ai: new Set(['buyer', 'admin']),
  free: EVERYONE,
  settled: EVERYONE,
};

let t: TestApp;
const tokens = {} as Record<Identity, string | null>;
let tipsterId: number;
let aiTipsterId: number;
const ids = {} as Record<MarkerKind, number>;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(NOW);
  const db = t.database.db;
  const users = {
    nonBuyer: await createSignedInUser(t),
    follower: await createSignedInUser(t),
    buyerOfOther: await createSignedInUser(t),
    buyer: await createSignedInUser(t),
    tipster: await createSignedInUser(t, ['user', 'tipster']),
    admin: await createSignedInUser(t, ['user', 'admin']),
  };
  tokens.anonymous = null;
  for (const [name, { token }] of Object.entries(users)) tokens[name as Identity] = token;

  const tipster = await createTipster(db, { category: 'PREMIUM', userId: users.tipster.user.id });
  tipsterId = tipster.id;
  const ai = await createTipster(db, { name: 'AI Model Medium', category: 'Medium AI Model' });
  aiTipsterId = ai.id;
  const open = (selection: string, hours: number, extra: Partial<Parameters<typeof createTip>[1]> = {}) =>
    createTip(db, { tipsterId, now: NOW, eventTime: at(hours), selection, priceCents: 2500, ...extra });
  ids.paid = (await open(MARKERS.paid, 2)).id;
  ids.other = (await open(MARKERS.other, 3, { bettingType: 2 })).id;
  ids.free = (await open(MARKERS.free, 4, { priceCents: 0 })).id;
  ids.ai = (await open(MARKERS.ai, 5, { tipsterId: ai.id, aiPlanId: 2, priceCents: 9900 })).id;
  ids.settled = (
    await createSettledTip(db, { tipsterId, result: 'WIN', eventTime: at(-48), selection: MARKERS.settled })
  ).id;
  // Enough history for the rankings to list the tipster.
  for (let i = 0; i < 10; i++) {
    await createSettledTip(db, { tipsterId, result: i % 3 ? 'WIN' : 'LOSS', eventTime: at(-72 - i * 24) });
  }

  await follow(db, users.follower.user.id, tipsterId);
  await grantTip(db, users.buyerOfOther.user.id, ids.other);
  await grantTip(db, users.buyer.user.id, ids.paid);
  await grantTip(db, users.buyer.user.id, ids.ai);
});

afterAll(() => t.close());

function endpoints(): string[] {
  const all = Object.values(ids).join(',');
  return [
    '/api/tips',
    '/api/tips?pageSize=50',
    '/api/tips?random=true&pageSize=50',
    '/api/tips?category=premium&filters=1,2&minPrice=1&maxPrice=100',
    `/api/tips?selection=${MARKERS.paid}&sort=selection`,
    '/api/tips/ai',
    `/api/tips/cart?tipIds=${all}`,
    `/api/tips/cart?tipIds=${ids.paid}`,
    '/api/tipsters',
    '/api/tipsters?random=true&pageSize=50',
    `/api/tipsters/profile/${tipsterId}`,
    `/api/tipsters/profile/${aiTipsterId}`,
    `/api/tipsters/records/${tipsterId}?pageSize=50`,
    `/api/tipsters/records/${tipsterId}?month=1`,
    `/api/tipsters/records/${aiTipsterId}`,
    '/api/tipsters/statistics',
    // The verifiable record (decision 077): commitments at once, picks from kick-off.
    `/api/tipsters/${tipsterId}/record`,
    `/api/tipsters/${tipsterId}/record?format=csv`,
    `/api/tipsters/${aiTipsterId}/record`,
    '/api/records/anchors',
    // Error paths about these tips must not reveal anything either.
    `/api/tips/cart?tipIds=${ids.paid},x`,
    `/api/tips?filters=999&pageNumber=${ids.paid}`,
    '/api/tipsters/profile/987654',
    `/api/tipsters/records/${tipsterId}?bettingType=99`,
    `/api/tipsters/${tipsterId}/record?format=xml`,
    '/api/tipsters/987654/record',
  ];
}

/** Everything one identity can read from the catalogue, as one string. */
async function readEverything(identity: Identity): Promise<string> {
  const bodies: string[] = [];
  for (const url of endpoints()) {
    const response = await get(t, url, tokens[identity]);
    expect(response.statusCode, `${identity} ${url}`).toBeLessThan(500);
    bodies.push(response.body, JSON.stringify(response.headers));
  }
  return bodies.join('\n');
}

async function sweep(order: readonly Identity[]) {
  const seen = {} as Record<Identity, string>;
  for (const identity of order) seen[identity] = await readEverything(identity);
  for (const identity of IDENTITIES) {
    for (const kind of Object.keys(MARKERS) as MarkerKind[]) {
      expect(seen[identity].includes(MARKERS[kind]), `${kind} marker as ${identity}`).toBe(
        SEES[kind].has(identity),
      );
    }
  }
}

describe('canary sweep over every catalogue endpoint', () => {
  it('covers every catalogue route', () => {
    const hit = new Set(endpoints().map((url) => url.split('?')[0].replace(/\/\d+(?=\/|$)/g, '/{id}')));
    expect([...hit].sort()).toEqual(
      [
        '/api/tips',
        '/api/tips/ai',
        '/api/records/anchors',
        '/api/tips/cart',
        '/api/tipsters',
        '/api/tipsters/{id}/record',
        '/api/tipsters/profile/{id}',
        '/api/tipsters/records/{id}',
        '/api/tipsters/statistics',
      ].sort(),
    );
  });

  it('shows each marker to exactly the identities allowed, cold cache', async () => {
    await freshCatalogue(t);
    await sweep(IDENTITIES);
  });

  it('and warm, whoever filled the cache', async () => {
    await sweep(IDENTITIES);
    await freshCatalogue(t);
    await sweep([...IDENTITIES].reverse());
  });

  it('shows a paid selection to everyone once the tip is finalized', async () => {
    await t.database.db.transaction((tx) =>
      createSettleTipRepo(tx).settleTip({
        tipId: ids.paid,
        result: 'LOSS',
        resultDetails: 'FT 0-1',
        settledBy: null,
        now: at(3),
      }),
    );
    await freshCatalogue(t);
    for (const identity of IDENTITIES) {
      expect((await readEverything(identity)).includes(MARKERS.paid), identity).toBe(true);
    }
  });
});
