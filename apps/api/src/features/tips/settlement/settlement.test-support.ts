import { eq } from 'drizzle-orm';
import type { AppServices } from '../../../app-types';
import type { Db, DbOrTx } from '../../../db/client';
import { competitions, fixtures, seasons, teams } from '../../../db/schema';
import type { Clock } from '../../../lib/clock';
import type { PaypalPort } from '../../commerce/paypal/paypal.port';
import { createPaypalRefundWorkerOn } from '../../commerce/voided-tip-refunds/voided-tip-refunds.services';
import { createSettlement, type SettlementOptions } from './settlement-services';

let seq = 0;

export interface FixtureInput {
  kickoffAt: Date;
  status?: (typeof fixtures.$inferInsert)['status'];
  ft?: [number, number] | null;
  ht?: [number, number] | null;
}

/** A fixture of its own (competition, season and two teams of its own), inserted directly. */
export async function createFixture(db: DbOrTx, input: FixtureInput) {
  const n = `${process.pid}-${++seq}-${Math.random().toString(36).slice(2, 7)}`;
  const [competition] = await db
    .insert(competitions)
    .values({ code: `t.${n}`, name: `Test League ${n}`, country: 'en', timeZone: 'Europe/London', tier: 1 })
    .returning();
  const [season] = await db
    .insert(seasons)
    .values({ competitionId: competition.id, name: '2026-27' })
    .returning();
  const [home, away] = await db
    .insert(teams)
    .values([{ name: `Home FC ${n}` }, { name: `Away FC ${n}` }])
    .returning();
  const [fixture] = await db
    .insert(fixtures)
    .values({
      competitionId: competition.id,
      seasonId: season.id,
      homeTeamId: home.id,
      awayTeamId: away.id,
      kickoffAt: input.kickoffAt,
      status: input.status ?? 'scheduled',
      ftHome: input.ft?.[0] ?? null,
      ftAway: input.ft?.[1] ?? null,
      htHome: input.ht?.[0] ?? null,
      htAway: input.ht?.[1] ?? null,
      source: 'test',
      sourceId: n,
    })
    .returning();
  return { ...fixture, league: competition.name, homeTeam: home.name, awayTeam: away.name };
}

/** What a feed does when a result arrives (or the match is called off). */
export async function setFixtureResult(
  db: DbOrTx,
  fixtureId: number,
  input: Omit<FixtureInput, 'kickoffAt'> & { kickoffAt?: Date; resultAt?: Date },
) {
  await db
    .update(fixtures)
    .set({
      ...(input.status ? { status: input.status } : {}),
      ...(input.kickoffAt ? { kickoffAt: input.kickoffAt } : {}),
      ...(input.ft !== undefined ? { ftHome: input.ft?.[0] ?? null, ftAway: input.ft?.[1] ?? null } : {}),
      ...(input.ht !== undefined ? { htHome: input.ht?.[0] ?? null, htAway: input.ht?.[1] ?? null } : {}),
      resultAt: input.resultAt ?? new Date(),
    })
    .where(eq(fixtures.id, fixtureId));
}

/** What the automatic settlement's tests run on: the app's database, clock, config and services. */
export interface SweepSubject {
  database: { db: Db };
  clock: Clock;
  config: { publicUrl: string };
  services: Pick<AppServices, 'settlementHooks' | 'onCatalogueChanged' | 'paypal'>;
}

const quiet = { info() {}, warn() {}, error() {} };

/** The settlement side as the workers build it, on the test app's services (its hooks included). */
export function settlementOf(t: SweepSubject, opts: Partial<SettlementOptions> = {}) {
  return createSettlement(t.database.db, {
    clock: t.clock,
    publicUrl: t.config.publicUrl,
    hooks: t.services.settlementHooks,
    onCatalogueChanged: t.services.onCatalogueChanged,
    log: quiet,
    ...opts,
  });
}

/**
 * What one round of the workers does after results arrive: the settlement sweep, then the PayPal
 * refund worker's due refunds (through `paypal`, default the app's port). Returns the sweep's report.
 */
export async function sweepAndRefund(t: SweepSubject, paypal: PaypalPort = t.services.paypal) {
  const report = await settlementOf(t).sweep();
  await createPaypalRefundWorkerOn(t.database.db, {
    paypal,
    clock: t.clock,
    publicUrl: t.config.publicUrl,
    log: quiet,
  }).processDue();
  return report;
}
