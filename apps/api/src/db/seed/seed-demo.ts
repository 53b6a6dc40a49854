import path from 'node:path';
import { AI_PLANS } from '@tips/contract/categories';
import { and, asc, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { describeScore, gradeSelection, type Score } from '../../features/tips/grade-selection';
import { settleTipInTx } from '../../features/tips/settle-tip.repo';
import type { Database } from '../client';
import { follows, tips, tipsters } from '../schema';
import { writeAiAvatar, writeInitialsAvatar } from './avatars';
import { createUser, grantCredits } from './factories';
import { FIRST_NAMES, LAST_NAMES, LEAGUES, LOCATIONS, SPECIALITIES } from './football-data';
import { createRandom, type Random } from './random';
import { makeSelection } from './selections';

/** Demo sign-ins for the embedded mode only (SEED_DEMO); listed in the README. */
export const DEMO_ACCOUNTS = {
  admin: { email: 'admin@tipsmarket.local', username: 'admin', password: 'DemoAdmin#2025' },
  tipster: { email: 'tipster@tipsmarket.local', username: 'tipster', password: 'DemoTipster#2025' },
  user: { email: 'demo@tipsmarket.local', username: 'demo', password: 'DemoUser#2025' },
} as const;

const BETTING_TYPES = [1, 2, 3, 4, 5, 6, 7, 8, 14, 15, 113];

/** An AI tip is sold as its plan, at the plan's price. */
function planPriceCents(planId: number): number {
  return AI_PLANS.find((plan) => plan.id === planId)?.priceCents ?? 0;
}

/** Each plan's daily pick stream; the high model feeds the weekly and the monthly plan with separate picks. */
interface AiStream {
  row: TipsterRow;
  plan: number;
  skill: number;
}

function aiStreamsOf(aiRows: TipsterRow[]): AiStream[] {
  const byCategory = new Map(aiRows.map((r) => [r.category, r]));
  const streams: Array<[string, number, number]> = [
    ['Low AI Model', 1, 0.53],
    ['Medium AI Model', 2, 0.75],
    ['High AI Model', 3, 0.93],
    ['High AI Model', 4, 0.93],
  ];
  return streams.flatMap(([category, plan, skill]) => {
    const row = byCategory.get(category as TipsterRow['category']);
    return row ? [{ row, plan, skill }] : [];
  });
}
const HISTORY_DAYS = 183;
const UPCOMING_DAYS = 3;
const DAY = 86_400_000;

export interface SeedOptions {
  now: Date;
  /** Where generated avatars go (DATA_DIR); skipped when absent. */
  dataDir?: string;
  log: (msg: string) => void;
  /** Tips of history per human tipster (about one every three days by default). */
  historyPerTipster?: number;
}

export async function seedDemoIfEmpty(database: Database, opts: SeedOptions): Promise<boolean> {
  const [{ n }] = await database.db.select({ n: count() }).from(tipsters);
  if (n > 0) return false;
  await seedDemo(database, opts);
  return true;
}

interface MatchPlan {
  league: string;
  homeTeam: string;
  awayTeam: string;
}

function pickMatch(rnd: Random): MatchPlan {
  const league = rnd.pick(Object.keys(LEAGUES));
  const teams = LEAGUES[league];
  const homeTeam = rnd.pick(teams);
  let awayTeam = rnd.pick(teams);
  while (awayTeam === homeTeam) awayTeam = rnd.pick(teams);
  return { league, homeTeam, awayTeam };
}

function randomScore(rnd: Random): Score {
  const htHome = rnd.goals(0.7);
  const htAway = rnd.goals(0.55);
  return { htHome, htAway, home: htHome + rnd.goals(0.8), away: htAway + rnd.goals(0.65) };
}

/** A score that makes the selection come out as wanted, so every record follows from its match. */
function scoreFor(rnd: Random, bettingType: number, selection: string, wantWin: boolean) {
  let fallback: { score: Score; grade: 'WIN' | 'LOSS' | 'VOID' } | null = null;
  for (let i = 0; i < 200; i++) {
    const score = randomScore(rnd);
    const grade = gradeSelection(bettingType, selection, score) ?? 'LOSS';
    if ((grade === 'WIN') === wantWin && grade !== 'VOID') return { score, grade };
    fallback ??= { score, grade };
  }
  return fallback!;
}

function kickoff(rnd: Random, day: Date): Date {
  const d = new Date(
    Date.UTC(
      day.getUTCFullYear(),
      day.getUTCMonth(),
      day.getUTCDate(),
      rnd.pick([12, 14, 15, 17, 18, 19, 20]),
      rnd.pick([0, 30, 45]),
    ),
  );
  return d;
}

function priceFor(rnd: Random, category: string): number {
  if (category === 'PREMIUM') return rnd.pick([2500, 3500, 4900, 7500, 9900, 12500, 14900]);
  if (rnd.chance(0.12)) return 0;
  return rnd.pick([500, 700, 900, 1250, 1500, 1900, 2500]);
}

export async function seedDemo(database: Database, opts: SeedOptions): Promise<void> {
  const { db } = database;
  const rnd = createRandom(20150101);
  const started = Date.now();
  const now = opts.now;
  const avatarDir = opts.dataDir ? path.join(opts.dataDir, 'profile-images') : null;

  // Tipsters: three AI tiers and 57 people across SENIOR and PREMIUM.
  const aiTiers = [
    { name: 'AI Model Low', category: 'Low AI Model', image: 'ai1.webp', plan: 1, skill: 0.53 },
    { name: 'AI Model Medium', category: 'Medium AI Model', image: 'ai2.webp', plan: 2, skill: 0.75 },
    { name: 'AI Model High', category: 'High AI Model', image: 'ai3.webp', plan: 3, skill: 0.93 },
  ] as const;
  const people = Array.from({ length: 57 }, (_, i) => {
    const name = `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[(i * 7 + Math.floor(i / FIRST_NAMES.length)) % LAST_NAMES.length]}`;
    const category = i % 2 === 0 ? ('SENIOR' as const) : ('PREMIUM' as const);
    const skill = category === 'PREMIUM' ? 0.55 + rnd.next() * 0.2 : 0.45 + rnd.next() * 0.2;
    const speciality = rnd.pick(SPECIALITIES);
    const years = rnd.int(3, 12);
    const bio = `${name} has followed European football for ${years} years and specialises in ${speciality}. Every tip comes with a short reasoning built on team news, expected goals and market movement, and the full record stays public: wins, losses and voids alike.`;
    return { name, category, skill, location: rnd.pick(LOCATIONS), bio };
  });

  const aiRows = await db
    .insert(tipsters)
    .values(
      aiTiers.map((t) => ({
        name: t.name,
        category: t.category,
        location: 'Model server',
        bio: `Machine-learning model (${t.category}) trained on ten seasons of European league results. Published win rate ${Math.round(t.skill * 100)}%.`,
        profileImage: t.image,
      })),
    )
    .returning();
  const peopleRows = await db
    .insert(tipsters)
    .values(people.map((p) => ({ name: p.name, category: p.category, location: p.location, bio: p.bio })))
    .returning();
  if (avatarDir) {
    await Promise.all([1, 2, 3].map((n) => writeAiAvatar(avatarDir, n as 1 | 2 | 3)));
    for (const [i, row] of peopleRows.entries()) {
      const file = `tipster-${row.id}.webp`;
      await writeInitialsAvatar(avatarDir, file, row.name, i);
      await db.update(tipsters).set({ profileImage: file }).where(sql`id = ${row.id}`);
    }
  }

  // History: settled tips over six months, graded against generated scores.
  type Planned = typeof tips.$inferInsert & { wantWin: boolean };
  const history: Planned[] = [];
  const historyStart = new Date(now.getTime() - HISTORY_DAYS * DAY);
  const perTipster = opts.historyPerTipster ?? 60;
  for (const [i, row] of peopleRows.entries()) {
    for (let k = 0; k < perTipster; k++) {
      const day = new Date(historyStart.getTime() + rnd.next() * (HISTORY_DAYS - 1) * DAY);
      const eventTime = kickoff(rnd, day);
      if (eventTime.getTime() > now.getTime() - 3 * 3600_000) continue;
      const bettingType = rnd.pick(BETTING_TYPES);
      const { selection, oddsHundredths } = makeSelection(rnd, bettingType);
      history.push({
        tipsterId: row.id,
        tipsType: row.category,
        ...pickMatch(rnd),
        eventTime,
        bettingType,
        selection,
        oddsHundredths,
        priceCents: priceFor(rnd, row.category),
        publishedAt: new Date(eventTime.getTime() - rnd.int(2, 30) * 3600_000),
        wantWin: rnd.chance(people[i].skill),
      });
    }
  }
  const aiStreams = aiStreamsOf(aiRows);
  for (let d = HISTORY_DAYS; d >= 1; d--) {
    for (const tier of aiStreams) {
      const eventTime = kickoff(rnd, new Date(now.getTime() - d * DAY));
      const bettingType = rnd.pick([2, 3, 113]);
      const { selection, oddsHundredths } = makeSelection(rnd, bettingType);
      history.push({
        tipsterId: tier.row.id,
        tipsType: tier.row.category,
        ...pickMatch(rnd),
        eventTime,
        bettingType,
        selection,
        oddsHundredths,
        priceCents: planPriceCents(tier.plan),
        aiPlanId: tier.plan,
        publishedAt: new Date(eventTime.getTime() - 12 * 3600_000),
        wantWin: rnd.chance(tier.skill),
      });
    }
  }
  history.sort((a, b) => (a.eventTime as Date).getTime() - (b.eventTime as Date).getTime());

  await db.transaction(async (tx) => {
    for (let i = 0; i < history.length; i += 500) {
      const batch = history.slice(i, i + 500);
      const inserted = await tx
        .insert(tips)
        .values(batch.map(({ wantWin: _w, ...t }) => t))
        .returning({ id: tips.id });
      for (const [j, { id }] of inserted.entries()) {
        const plan = batch[j];
        const { score, grade } = scoreFor(rnd, plan.bettingType, plan.selection, plan.wantWin);
        await settleTipInTx(tx, {
          tipId: id,
          result: grade,
          resultDetails: describeScore(score),
          settledBy: null,
          now: new Date((plan.eventTime as Date).getTime() + 2 * 3600_000),
        });
      }
    }
  });

  await insertUpcomingTips(database, rnd, now, aiStreams, peopleRows);
  await createDemoAccounts(
    database,
    peopleRows[0].id,
    peopleRows.slice(1, 5).map((t) => t.id),
  );
  opts.log(
    `demo data: ${peopleRows.length + aiRows.length} tipsters, ${history.length} settled tips, in ${Date.now() - started} ms`,
  );
}

type TipsterRow = typeof tipsters.$inferSelect;

async function insertUpcomingTips(
  database: Database,
  rnd: Random,
  now: Date,
  aiStreams: AiStream[],
  peopleRows: TipsterRow[],
) {
  const rows: Array<typeof tips.$inferInsert> = [];
  for (let d = 0; d < UPCOMING_DAYS; d++) {
    const day = new Date(now.getTime() + d * DAY);
    for (const row of peopleRows) {
      const n = rnd.int(0, 2);
      for (let k = 0; k < n; k++) {
        let eventTime = kickoff(rnd, day);
        if (eventTime.getTime() <= now.getTime() + 3600_000)
          eventTime = new Date(now.getTime() + rnd.int(2, 30) * 3600_000);
        const bettingType = rnd.pick(BETTING_TYPES);
        rows.push({
          tipsterId: row.id,
          tipsType: row.category,
          ...pickMatch(rnd),
          eventTime,
          bettingType,
          ...makeSelection(rnd, bettingType),
          priceCents: priceFor(rnd, row.category),
          publishedAt: now,
        });
      }
    }
    for (const tier of aiStreams) {
      const eventTime = new Date(now.getTime() + (d * 24 + rnd.int(3, 20)) * 3600_000);
      const bettingType = rnd.pick([2, 3, 113]);
      rows.push({
        tipsterId: tier.row.id,
        tipsType: tier.row.category,
        ...pickMatch(rnd),
        eventTime,
        bettingType,
        ...makeSelection(rnd, bettingType),
        priceCents: planPriceCents(tier.plan),
        aiPlanId: tier.plan,
        publishedAt: now,
      });
    }
  }
  await database.db.insert(tips).values(rows);
}

async function createDemoAccounts(database: Database, tipsterId: number, followedIds: number[]) {
  const { db } = database;
  const base = { firstName: 'Demo', phone: '+441234567890', country: 'United Kingdom', emailVerified: true };
  const admin = await createUser(db, {
    ...base,
    lastName: 'Admin',
    username: DEMO_ACCOUNTS.admin.username,
    email: DEMO_ACCOUNTS.admin.email,
    password: DEMO_ACCOUNTS.admin.password,
    roles: ['user', 'admin'],
  });
  const tipster = await createUser(db, {
    ...base,
    lastName: 'Tipster',
    username: DEMO_ACCOUNTS.tipster.username,
    email: DEMO_ACCOUNTS.tipster.email,
    password: DEMO_ACCOUNTS.tipster.password,
    roles: ['user', 'tipster'],
  });
  const user = await createUser(db, {
    ...base,
    lastName: 'User',
    username: DEMO_ACCOUNTS.user.username,
    email: DEMO_ACCOUNTS.user.email,
    password: DEMO_ACCOUNTS.user.password,
  });
  await db.update(tipsters).set({ userId: tipster.id }).where(sql`id = ${tipsterId}`);
  await grantCredits(db, user.id, 50_000, 'demo-welcome-credits');
  await db.insert(follows).values(followedIds.map((id) => ({ userId: user.id, tipsterId: id })));
  void admin;
}

/**
 * Keeps an embedded demo alive: when fewer than MIN_OPEN tips are still ahead of kick-off (the
 * seed covers three days), adds the next days' fixtures, drawn from a PRNG seeded by the date so a
 * restart on the same day adds the same ones. Returns how many tips were added.
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
  const aiRows = all.filter((t) => t.category.includes('AI'));
  const peopleRows = all.filter((t) => !t.category.includes('AI'));
  if (peopleRows.length === 0) return 0;
  const rnd = createRandom(Number(now.toISOString().slice(0, 10).replaceAll('-', '')));
  const [{ before }] = await db.select({ before: count() }).from(tips);
  await insertUpcomingTips(database, rnd, now, aiStreamsOf(aiRows), peopleRows);
  const [{ after }] = await db.select({ after: count() }).from(tips).where(eq(sql`1`, 1));
  return after - before;
}

/** For the CLI and tests: the first tipsters in id order. */
export async function listDemoTipsterIds(database: Database): Promise<number[]> {
  const rows = await database.db.select({ id: tipsters.id }).from(tipsters).orderBy(asc(tipsters.id));
  return rows.map((r) => r.id);
}
