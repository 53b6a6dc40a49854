import path from 'node:path';
import { AI_PLANS } from '@tips/contract/categories';
import { AI_TIPSTER_LOCATION, aiTipsterBio } from '@tips/contract/rules';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { withRecordBackfill } from '../../features/records/record-chain.repo';
import { closeTips } from '../../features/tips/closing/closing-prices.repo';
import { closingOf } from '../../features/tips/closing/closing-prices.service';
import { describeFixtureScore } from '../../features/tips/settlement/grading/fixture-outcome';
import { gradeOutcome, type Outcome } from '../../features/tips/settlement/grading/grade-outcome';
import { createSettleTipRepo } from '../../features/tips/settlement/settle-tip.repo';
import { backfillTipsterRecords } from '../../features/tips/tipster-record.repo';
import type { Database, DbOrTx, Tx } from '../client';
import { aiPicks, follows, tips, tipsters, users } from '../schema';
import { writeAiAvatar, writeInitialsAvatar } from './avatars';
import {
  ALL_COMPETITIONS,
  type DemoFixture,
  finishedFixtures,
  leaguesByTipster,
  openTipFixtures,
  scheduledFixtures,
  scoreDistributions,
} from './demo-fixtures';
import { FIRST_NAMES, LAST_NAMES, LOCATIONS } from './demo-people';
import { createUser, grantCredits } from './factories';
import { MIN_SAMPLE, oddsForSelection, type WeightedScore } from './fair-odds';
import { createHouseReferences } from './house-reference';
import { createRandom, type Random } from './random';
import { modelHistoryPicks } from './seed-ai-history';
import { pickSelection } from './selections';

/**
 * The embedded demo (decision 063), seeded on the fixtures the football feed wrote (at first
 * start, the replay of a real season on today's calendar). Every tip is on a fixture and copies
 * its competition, teams and kick-off. The history is on replayed fixtures whose real results are
 * already shown, published before kick-off and settled from that result by the settlement's rules;
 * the picks are drawn by a seeded PRNG without looking at the result, and the odds are computed
 * from the competition's past scores (fair-odds.ts). No score, rate or record is invented.
 */

/** Demo sign-ins for the embedded mode only (SEED_DEMO); listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@tipsmarket.local', username: 'admin', password: 'DemoAdmin#2025' },
  tipster: { email: 'tipster@tipsmarket.local', username: 'tipster', password: 'DemoTipster#2025' },
  user: { email: 'demo@tipsmarket.local', username: 'demo', password: 'DemoUser#2025' },
} as const;

const PEOPLE_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 113];
/** The demo's tipsters do not pick long shots: selections offered above 20.00 are drawn again. */
const MAX_ODDS_HUNDREDTHS = 2000;
/** The replay keeps eight weeks of replayed past (football-replay.ts historyWeeks). */
const HISTORY_WEEKS = 8;
const UPCOMING_DAYS = 3;
const HOUR = 3600_000;
const DAY = 86_400_000;
/** History tips are published 2 to 30 hours before kick-off. */
const MAX_LEAD_HOURS = 30;

/** An AI tip is sold as its plan, at the plan's price. */
function planPriceCents(planId: number): number {
  return AI_PLANS.find((plan) => plan.id === planId)?.priceCents ?? 0;
}

type TipsterRow = typeof tipsters.$inferSelect;
type TipInsert = typeof tips.$inferInsert;

/** The plan an AI tier publishes into (the high model's tips feed the weekly and the monthly plan). */
const AI_PLAN_OF: Record<string, number> = { 'Low AI Model': 1, 'Medium AI Model': 2, 'High AI Model': 3 };

interface Person {
  row: TipsterRow;
  /** Competition names this tipster publishes on. */
  leagues: Set<string>;
}

export interface SeedOptions {
  now: Date;
  /** Where generated avatars go (DATA_DIR); skipped when absent. */
  dataDir?: string;
  log: (msg: string) => void;
  /** Tips of history per human tipster (30 by default). */
  historyPerTipster?: number;
}

/** Whether the demo was seeded (it has tipsters). */
export async function isDemoSeeded(database: Database): Promise<boolean> {
  const [{ n }] = await database.db.select({ n: count() }).from(tipsters);
  return n > 0;
}

export async function seedDemoIfEmpty(database: Database, opts: SeedOptions): Promise<boolean> {
  if (await isDemoSeeded(database)) return false;
  await seedDemo(database, opts);
  return true;
}

function priceFor(rnd: Random, category: string): number {
  if (category === 'PREMIUM') return rnd.pick([2500, 3500, 4900, 7500, 9900, 12500, 14900]);
  if (rnd.chance(0.12)) return 0;
  return rnd.pick([500, 700, 900, 1250, 1500, 1900, 2500]);
}

/**
 * The score distribution a fixture's odds come from: its competition's, or every competition's
 * together when the competition has fewer than MIN_SAMPLE results (a cup with a short history).
 */
function distributionFor(fixture: DemoFixture, distributions: Map<number, WeightedScore[]>): WeightedScore[] {
  const own = distributions.get(fixture.competitionId) ?? [];
  if (own.reduce((n, s) => n + s.weight, 0) >= MIN_SAMPLE) return own;
  return distributions.get(ALL_COMPETITIONS) ?? [];
}

/** A market and selection drawn by the PRNG, priced from past scores (fair-odds.ts). */
function pickOn(
  rnd: Random,
  fixture: DemoFixture,
  types: readonly number[],
  distributions: Map<number, WeightedScore[]>,
): { bettingType: number; selection: string; oddsHundredths: number } | null {
  const distribution = distributionFor(fixture, distributions);
  for (let attempt = 0; attempt < 10; attempt++) {
    const bettingType = rnd.pick(types);
    const selection = pickSelection(rnd, bettingType);
    const oddsHundredths = oddsForSelection(bettingType, selection, distribution);
    if (oddsHundredths !== null && oddsHundredths <= MAX_ODDS_HUNDREDTHS) {
      return { bettingType, selection, oddsHundredths };
    }
  }
  return null;
}

/** What a tip copies from its fixture at publication. */
/**
 * A varied stake history (1–10 units): some people stake flat, some by confidence (more on short
 * odds), some anywhere in the range. The style follows the tipster's id, so top-ups keep it.
 */
function stakeFor(rnd: Random, tipsterId: number, oddsHundredths: number): number {
  const style = tipsterId % 3;
  if (style === 0) return 1 + (tipsterId % 2);
  if (style === 1) return oddsHundredths < 200 ? rnd.int(3, 6) : oddsHundredths < 300 ? rnd.int(2, 4) : 1;
  return rnd.int(1, 10);
}

function onFixture(f: DemoFixture) {
  return {
    fixtureId: f.id,
    league: f.league,
    homeTeam: f.homeTeam,
    awayTeam: f.awayTeam,
    eventTime: f.kickoffAt,
  };
}

function shuffled<T>(rnd: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rnd.next() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

function bioOf(leagues: readonly string[]): string {
  const on = leagues.length > 0 ? ` Publishes on ${leagues.join(', ')}.` : '';
  return `Demo tipster.${on} Every pick is on a real match (the demo replays a past season on today's calendar) and is graded from its real result.`;
}

interface HistoryTip {
  tip: TipInsert;
  fixture: DemoFixture;
  outcome: Outcome;
  /** An AI pick's provenance (ai_picks), written with the tip. */
  aiPick?: { day: string; modelVersionId: number; hitProbability: number; modelEdge?: number };
  /** An AI pick's edge at the price it is taken at. */
  edgeAt?: (odds: number) => number;
  /** An AI pick's analysis at the price it is taken at. */
  reasoningAt?: (market: { odds: number; bookmaker: string }) => string;
}

/**
 * One transaction: a failure anywhere (a taken username, a crash, a kill) leaves no half-seeded
 * demo behind, so the next start, which seeds only when there are no tipsters, seeds again.
 */
export async function seedDemo(database: Database, opts: SeedOptions): Promise<void> {
  await database.db.transaction((tx) => seedDemoInTx(tx, opts));
}

async function seedDemoInTx(db: Tx, opts: SeedOptions): Promise<void> {
  const rnd = createRandom(20150101);
  const started = Date.now();
  const now = opts.now;
  const avatarDir = opts.dataDir ? path.join(opts.dataDir, 'profile-images') : null;

  // Tipsters: three AI tiers and 57 people across SENIOR and PREMIUM.
  const aiTiers = [
    { name: 'AI Model Low', category: 'Low AI Model', image: 'ai1.webp' },
    { name: 'AI Model Medium', category: 'Medium AI Model', image: 'ai2.webp' },
    { name: 'AI Model High', category: 'High AI Model', image: 'ai3.webp' },
  ] as const;
  const people = Array.from({ length: 57 }, (_, i) => {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]}`;
    const category = i % 2 === 0 ? ('SENIOR' as const) : ('PREMIUM' as const);
    return { name, category, location: rnd.pick(LOCATIONS) };
  });
  const aiRows = await db
    .insert(tipsters)
    .values(
      aiTiers.map((t) => ({
        name: t.name,
        category: t.category,
        location: AI_TIPSTER_LOCATION,
        bio: aiTipsterBio(t.category),
        profileImage: t.image,
      })),
    )
    .returning();
  const peopleRows = await db
    .insert(tipsters)
    .values(people.map((p) => ({ name: p.name, category: p.category, location: p.location })))
    .returning();
  if (avatarDir) {
    await Promise.all([1, 2, 3].map((n) => writeAiAvatar(avatarDir, n as 1 | 2 | 3)));
    for (const [i, row] of peopleRows.entries()) {
      const file = `tipster-${row.id}.webp`;
      await writeInitialsAvatar(avatarDir, file, row.name, i);
      await db.update(tipsters).set({ profileImage: file }).where(eq(tipsters.id, row.id));
    }
  }

  // The replayed past with its results, and what was known before the first history tip.
  const historyFrom = new Date(now.getTime() - HISTORY_WEEKS * 7 * DAY);
  const played = await finishedFixtures(db, historyFrom, now, now);
  const pastScores = await scoreDistributions(db, new Date(historyFrom.getTime() - MAX_LEAD_HOURS * HOUR));
  const upcoming = await scheduledFixtures(
    db,
    new Date(now.getTime() + HOUR),
    new Date(now.getTime() + UPCOMING_DAYS * DAY),
  );
  const allLeagues = [...new Set([...played, ...upcoming].map((f) => f.league))].sort();

  // Each person follows three or four competitions.
  const persons: Person[] = peopleRows.map((row) => ({
    row,
    leagues: new Set(shuffled(rnd, allLeagues).slice(0, rnd.int(3, 4))),
  }));

  const history: HistoryTip[] = [];
  const taken = new Set<string>();
  const addHistory = (
    tip: Omit<TipInsert, 'fixtureId' | 'league' | 'homeTeam' | 'awayTeam' | 'eventTime'>,
    f: DemoFixture,
    aiPick?: HistoryTip['aiPick'],
    reasoningAt?: HistoryTip['reasoningAt'],
    edgeAt?: HistoryTip['edgeAt'],
  ) => {
    const key = `${tip.tipsterId}:${f.id}`;
    if (taken.has(key)) return;
    // A half-time market on a match the source has no half-time score for cannot be graded.
    const outcome = gradeOutcome(tip.bettingType, tip.selection, {
      home: f.ftHome as number,
      away: f.ftAway as number,
      htHome: f.htHome,
      htAway: f.htAway,
    });
    if (!outcome) return;
    taken.add(key);
    history.push({ tip: { ...tip, ...onFixture(f) }, fixture: f, outcome, aiPick, reasoningAt, edgeAt });
  };

  // Enough that most people pass the leaderboards' minimum sample (LEADERBOARD_MIN_SETTLED = 30)
  // and a few stay below it, as on a real site.
  const perTipster = opts.historyPerTipster ?? 42;
  for (const person of persons) {
    const candidates = shuffled(
      rnd,
      played.filter((f) => person.leagues.has(f.league)),
    ).slice(0, perTipster);
    for (const f of candidates) {
      const pick = pickOn(rnd, f, PEOPLE_TYPES, pastScores);
      if (!pick) continue;
      addHistory(
        {
          tipsterId: person.row.id,
          tipsType: person.row.category,
          ...pick,
          stake: stakeFor(rnd, person.row.id, pick.oddsHundredths),
          priceCents: priceFor(rnd, person.row.category),
          publishedAt: new Date(f.kickoffAt.getTime() - rnd.int(2, MAX_LEAD_HOURS) * HOUR),
        },
        f,
      );
    }
  }
  // The AI tiers' history: the model's own daily picks on the replayed past (seed-ai-history.ts).
  const playedById = new Map(played.map((f) => [f.id, f]));
  const aiStarted = Date.now();
  const aiHistory = await modelHistoryPicks(db, now, HISTORY_WEEKS * 7);
  opts.log(
    `demo data: ${aiHistory.length} AI model picks on the replayed past in ${Date.now() - aiStarted} ms`,
  );
  for (const pick of aiHistory) {
    const f = playedById.get(pick.fixtureId);
    const plan = AI_PLAN_OF[pick.category];
    if (!f || plan === undefined) continue;
    addHistory(
      {
        tipsterId: pick.tipsterId,
        tipsType: pick.category as TipsterRow['category'],
        bettingType: pick.bettingType,
        selection: pick.selection,
        // Replaced by the house book's price below, with the analysis at that price.
        oddsHundredths: 200,
        priceCents: planPriceCents(plan),
        aiPlanId: plan,
        reasoning: '',
        publishedAt: pick.publishedAt,
      },
      f,
      { day: pick.day, modelVersionId: pick.modelVersionId, hitProbability: pick.hitProbability },
      pick.reasoningAt,
      pick.edgeAt,
    );
  }
  // Every history tip is taken at the house book's price of its selection at its publication
  // (decision 150), so the demo's figures follow the rule live tips do; a selection the house does
  // not offer then is left out.
  const { referenceOf, housePriceOf } = createHouseReferences(db);
  const priced: HistoryTip[] = [];
  for (const h of history) {
    const reference = await referenceOf(
      h.fixture,
      h.tip.bettingType,
      h.tip.selection,
      h.tip.publishedAt as Date,
    );
    if (!reference) continue;
    const market = { odds: reference.oddsHundredths / 100, bookmaker: reference.referenceBookmaker };
    const reasoning = h.reasoningAt ? h.reasoningAt(market) : h.tip.reasoning;
    const aiPick = h.aiPick && h.edgeAt ? { ...h.aiPick, modelEdge: h.edgeAt(market.odds) } : h.aiPick;
    priced.push({ ...h, aiPick, tip: { ...h.tip, ...reference, reasoning } });
  }
  history.length = 0;
  history.push(...priced);
  history.sort((a, b) => a.fixture.kickoffAt.getTime() - b.fixture.kickoffAt.getTime());

  // Settled from the real results through the settlement path (statistics and last results).
  // Their record chains are written once at the end, in time order: publication, then
  // settlement, as it happened (decision 077), rather than in the order of the batches.
  const settledAt = (f: DemoFixture) => new Date(Math.min(f.kickoffAt.getTime() + 2 * HOUR, now.getTime()));
  const tipIds: number[] = [];
  const chains = await withRecordBackfill(db, async () => {
    for (let i = 0; i < history.length; i += 500) {
      const batch = history.slice(i, i + 500);
      const inserted = await db
        .insert(tips)
        .values(batch.map((h) => h.tip))
        .returning({ id: tips.id });
      tipIds.push(...inserted.map(({ id }) => id));
      const provenance = inserted.flatMap(({ id }, j) => {
        const { tip, aiPick } = batch[j];
        return aiPick ? [{ ...aiPick, tipId: id, tipsterId: tip.tipsterId }] : [];
      });
      if (provenance.length > 0) await db.insert(aiPicks).values(provenance);
      for (const [j, { id }] of inserted.entries()) {
        const { fixture, outcome } = batch[j];
        await createSettleTipRepo(db).settleTip({
          tipId: id,
          outcome,
          resultDetails: describeFixtureScore(fixture),
          settledBy: null,
          now: settledAt(fixture),
        });
      }
    }
  });
  // Each history tip's closing price: the house book's last price before its kick-off, by the
  // closing rule (decision 155), recorded now, as the closing worker records a tip it reaches late:
  // the 'closed' events follow the backfilled chain, in time order too (every closing is dated now).
  const closingStarted = Date.now();
  let closed = 0;
  for (let i = 0; i < history.length; i += 500) {
    const closings = [];
    for (const [j, h] of history.slice(i, i + 500).entries()) {
      const kickoff = h.fixture.kickoffAt;
      const price = await housePriceOf(h.fixture, h.tip.bettingType, h.tip.selection, kickoff);
      const closing = closingOf(h.tip.oddsHundredths, price && { ...price, checkedAt: kickoff }, kickoff);
      closings.push({ tipId: tipIds[i + j], closing });
    }
    closed += (await closeTips(db, closings, now)).length;
  }
  opts.log(`demo data: ${closed} closing prices in ${Date.now() - closingStarted} ms`);
  // Each tipster's runs, drawdown, units series and luck once, not once per settled tip.
  await backfillTipsterRecords(db);

  // Upcoming AI picks are the model's: the AI worker publishes each tier's pick of the day.
  const upcomingRows = await planUpcomingTips(
    db,
    rnd,
    now,
    {
      people: persons,
      taken: new Set(),
    },
    referenceOf,
  );
  if (upcomingRows.length > 0) await db.insert(tips).values(upcomingRows);

  // Bios name the competitions each person's tips are actually on.
  const leagues = await leaguesByTipster(db);
  for (const row of peopleRows) {
    await db
      .update(tipsters)
      .set({ bio: bioOf(leagues.get(row.id) ?? []) })
      .where(eq(tipsters.id, row.id));
  }

  await createDemoAccounts(
    db,
    peopleRows[0].id,
    peopleRows.slice(1, 5).map((t) => t.id),
  );
  opts.log(
    `demo data: ${peopleRows.length + aiRows.length} tipsters, ${history.length} settled tips on ${played.length} played fixtures, ` +
      `${upcomingRows.length} upcoming tips on ${upcoming.length} fixtures, in ${Date.now() - started} ms ` +
      `(record chains: ${chains.appended} events in ${chains.backfillMs} ms)`,
  );
}

/**
 * Tips published `now` on scheduled fixtures of the next three days (kick-off more than an hour
 * away): people on their competitions (one to three a day), each AI stream one a day. `taken`
 * holds open "tipster:fixture" pairs that must not be picked again.
 */
async function planUpcomingTips(
  db: DbOrTx,
  rnd: Random,
  now: Date,
  who: { people: Person[]; taken: Set<string> },
  referenceOf: ReturnType<typeof createHouseReferences>['referenceOf'] = createHouseReferences(
    db,
  ).referenceOf,
): Promise<TipInsert[]> {
  const from = now.getTime() + HOUR;
  const fixturesAhead = await scheduledFixtures(
    db,
    new Date(from),
    new Date(now.getTime() + UPCOMING_DAYS * DAY),
  );
  if (fixturesAhead.length === 0) return [];
  const scores = await scoreDistributions(db, now);
  const rows: TipInsert[] = [];
  const fixtureOf = new Map<number, DemoFixture>();
  const add = (
    tipster: TipsterRow,
    f: DemoFixture,
    types: readonly number[],
    priceCents: number,
    aiPlanId?: number,
  ): boolean => {
    const key = `${tipster.id}:${f.id}`;
    if (who.taken.has(key)) return false;
    const pick = pickOn(rnd, f, types, scores);
    if (!pick) return false;
    who.taken.add(key);
    fixtureOf.set(f.id, f);
    rows.push({
      tipsterId: tipster.id,
      tipsType: tipster.category,
      ...onFixture(f),
      ...pick,
      // An AI model stakes 1 unit on every pick (publishing.service.ts).
      stake: aiPlanId === undefined ? stakeFor(rnd, tipster.id, pick.oddsHundredths) : 1,
      priceCents,
      aiPlanId,
      publishedAt: now,
    });
    return true;
  };
  for (let d = 0; d < UPCOMING_DAYS; d++) {
    const dayFrom = now.getTime() + d * DAY;
    const ofDay = fixturesAhead.filter(
      (f) => f.kickoffAt.getTime() > dayFrom && f.kickoffAt.getTime() <= dayFrom + DAY,
    );
    if (ofDay.length === 0) continue;
    for (const person of who.people) {
      const theirs = ofDay.filter((f) => person.leagues.has(f.league));
      if (theirs.length === 0) continue;
      const n = rnd.int(1, 3);
      for (let k = 0; k < n; k++) {
        add(person.row, rnd.pick(theirs), PEOPLE_TYPES, priceFor(rnd, person.row.category));
      }
    }
  }
  // Taken at the house book's price now, as publishing would (decision 150).
  const priced: TipInsert[] = [];
  for (const row of rows) {
    const f = fixtureOf.get(row.fixtureId as number) as DemoFixture;
    const reference = await referenceOf(f, row.bettingType, row.selection, now);
    if (reference) priced.push({ ...row, ...reference });
  }
  return priced;
}

type DemoAccount = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];

/**
 * A demo account, or the account that already holds its email (ADMIN_EMAIL may name the demo
 * admin's address: that account is kept as it is). A username someone already took (the bootstrap
 * admin derives one from its email) gets a free variant: the demo signs in by email as well.
 */
async function demoAccount(
  db: DbOrTx,
  account: DemoAccount,
  values: Parameters<typeof createUser>[1],
): Promise<{ id: number; created: boolean }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${account.email.toLowerCase()}`);
  if (existing) return { id: existing.id, created: false };
  const user = await createUser(db, {
    ...values,
    username: await freeUsername(db, account.username),
    email: account.email,
    password: account.password,
  });
  return { id: user.id, created: true };
}

/** `base`, or `base2`, `base3`… whichever no account holds (usernames are unique ignoring case). */
export async function freeUsername(db: DbOrTx, base: string): Promise<string> {
  const taken = await db
    .select({ username: sql<string>`lower(${users.username})` })
    .from(users)
    .where(sql`lower(${users.username}) like ${`${base.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`}`);
  const names = new Set(taken.map((row) => row.username));
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}${n}`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}

async function createDemoAccounts(db: DbOrTx, tipsterId: number, followedIds: number[]) {
  const base = { firstName: 'Demo', phone: '+441234567890', country: 'United Kingdom', emailVerified: true };
  await demoAccount(db, DEMO_ACCOUNTS.admin, { ...base, lastName: 'Admin', roles: ['user', 'admin'] });
  const tipster = await demoAccount(db, DEMO_ACCOUNTS.tipster, {
    ...base,
    lastName: 'Tipster',
    roles: ['user', 'tipster'],
  });
  const user = await demoAccount(db, DEMO_ACCOUNTS.user, { ...base, lastName: 'User' });
  await db.update(tipsters).set({ userId: tipster.id }).where(eq(tipsters.id, tipsterId));
  if (user.created) {
    await grantCredits(db, user.id, 50_000, 'demo-welcome-credits');
    await db.insert(follows).values(followedIds.map((id) => ({ userId: user.id, tipsterId: id })));
  }
}

/**
 * Keeps an embedded demo alive: when fewer than MIN_OPEN tips are still ahead of kick-off (the
 * seed covers three days), publishes on the next days' scheduled fixtures, each tipster in the
 * competitions they already publish on (their bio names them), drawn from a PRNG seeded by the
 * date: a restart on the same day adds the same picks, and a pick already open is never added
 * again. Returns how many tips were added.
 */
export async function topUpDemoTips(database: Database, now: Date): Promise<number> {
  const MIN_OPEN = 40;
  const { db } = database;
  const [{ open }] = await db
    .select({ open: count() })
    .from(tips)
    .where(and(isNull(tips.result), gt(tips.eventTime, now)));
  if (open >= MIN_OPEN) return 0;
  const all = await db.select().from(tipsters).orderBy(asc(tipsters.id));
  const peopleRows = all.filter((t) => !t.category.includes('AI'));
  if (peopleRows.length === 0) return 0;
  const leagues = await leaguesByTipster(db);
  const rnd = createRandom(Number(now.toISOString().slice(0, 10).replaceAll('-', '')));
  const rows = await planUpcomingTips(db, rnd, now, {
    people: peopleRows.map((row) => ({ row, leagues: new Set(leagues.get(row.id) ?? []) })),
    taken: await openTipFixtures(db),
  });
  if (rows.length > 0) await db.insert(tips).values(rows);
  return rows.length;
}

/** For the CLI and tests: the first tipsters in id order. */
export async function listDemoTipsterIds(database: Database): Promise<number[]> {
  const rows = await database.db.select({ id: tipsters.id }).from(tipsters).orderBy(asc(tipsters.id));
  return rows.map((r) => r.id);
}
