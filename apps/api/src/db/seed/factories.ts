import { hash } from '@node-rs/argon2';
import { sql } from 'drizzle-orm';
import { createSettleTipRepo, type TipResult } from '../../features/tips/settlement/settle-tip.repo';
import { refreshTipsterRecord } from '../../features/tips/tipster-record.repo';
import type { Db, DbOrTx } from '../client';
import { ledgerEntries, tips, tipsters, users } from '../schema';

/**
 * One set of factories for the tests and the demo seed. Each takes overrides and fills the rest
 * with valid values, so a test states only what it is about.
 */
type NewUser = typeof users.$inferInsert;
type NewTipster = typeof tipsters.$inferInsert;
type NewTip = typeof tips.$inferInsert;

export const DEFAULT_TEST_PASSWORD = 'correct-horse-battery';

const hashCache = new Map<string, Promise<string>>();
/** Hashing is deliberately slow, so factories hash each distinct password once per process. */
export function hashForFactory(password: string): Promise<string> {
  let h = hashCache.get(password);
  if (!h) {
    h = hash(password);
    hashCache.set(password, h);
  }
  return h;
}

let sequence = 0;
const nextSeq = () => `${process.pid}${Date.now().toString(36)}${(sequence++).toString(36)}`;

export async function createUser(
  db: DbOrTx,
  overrides: Partial<NewUser> & { password?: string } = {},
): Promise<typeof users.$inferSelect> {
  const { password, creditBalance, ...rest } = overrides;
  const n = nextSeq();
  const [user] = await db
    .insert(users)
    .values({
      username: `user${n}`,
      email: `user${n}@example.test`,
      passwordHash: await hashForFactory(password ?? DEFAULT_TEST_PASSWORD),
      firstName: 'Alex',
      lastName: 'Tester',
      phone: '+441234567890',
      country: 'United Kingdom',
      emailVerified: true,
      ageConfirmedAt: new Date(),
      termsAcceptedAt: new Date(),
      ...rest,
    })
    .returning();
  if (creditBalance) return grantCredits(db, user.id, creditBalance, `factory-${n}`);
  return user;
}

/** Credits go through the ledger like everywhere else, so the balance invariant holds in tests. */
export async function grantCredits(db: DbOrTx, userId: number, amountCents: number, key: string) {
  await db.insert(ledgerEntries).values({ userId, amountCents, reason: 'bonus', idempotencyKey: key });
  const [user] = await db
    .update(users)
    .set({ creditBalance: sql`${users.creditBalance} + ${amountCents}` })
    .where(sql`${users.id} = ${userId}`)
    .returning();
  return user;
}

export async function createTipster(db: DbOrTx, overrides: Partial<NewTipster> = {}) {
  const [tipster] = await db
    .insert(tipsters)
    .values({
      name: `Tipster ${nextSeq()}`,
      category: 'SENIOR',
      location: 'London, UK',
      bio: 'Form and value.',
      ...overrides,
    })
    .returning();
  return tipster;
}

/** An open tip, kicking off in two hours unless told otherwise. */
export async function createTip(
  db: DbOrTx,
  overrides: Partial<NewTip> & { tipsterId: number; now?: Date },
): Promise<typeof tips.$inferSelect> {
  const { now = new Date(), ...rest } = overrides;
  const eventTime = rest.eventTime ?? new Date(now.getTime() + 2 * 3600_000);
  const [tipster] = await db
    .select({ category: tipsters.category })
    .from(tipsters)
    .where(sql`id = ${rest.tipsterId}`);
  const [tip] = await db
    .insert(tips)
    .values({
      tipsType: tipster.category,
      league: 'England Premier League',
      homeTeam: 'Arsenal',
      awayTeam: 'Chelsea',
      bettingType: 1,
      selection: 'Home -0.5',
      oddsHundredths: 190,
      priceCents: 1250,
      publishedAt: new Date(Math.min(now.getTime(), eventTime.getTime() - 60_000)),
      ...rest,
      eventTime,
    })
    .returning();
  return tip;
}

/** A tip whose match is over, settled through the same code path as an admin's settlement. */
export async function createSettledTip(
  db: Db,
  overrides: Partial<NewTip> & {
    tipsterId: number;
    result: TipResult;
    eventTime: Date;
    resultDetails?: string;
  },
) {
  const { result, resultDetails, ...rest } = overrides;
  const publishedAt = new Date(rest.eventTime.getTime() - 6 * 3600_000);
  const settled = await db.transaction(async (tx) => {
    const tip = await createTip(tx, { publishedAt, now: publishedAt, ...rest });
    return createSettleTipRepo(tx).settleTip({
      tipId: tip.id,
      result,
      resultDetails: resultDetails ?? 'FT 1-0 (HT 0-0)',
      settledBy: null,
      now: new Date(rest.eventTime.getTime() + 2 * 3600_000),
    });
  });
  // After the commit, as the settling services do (decision 107).
  await refreshTipsterRecord(db, settled.tipsterId);
  return settled;
}
