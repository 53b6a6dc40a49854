import type { FixtureStatus } from '@tips/contract/rules';
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { competitions, fixtures, teams } from '../../db/schema';

/**
 * The football domain's public surface for publishing (docs/architecture.md): what a tip copies
 * from its fixture (league, teams, kick-off) and what decides whether it may still be published
 * (status, kick-off). Read in the publishing service, before its transaction.
 */
export interface FixtureForTip {
  id: number;
  competitionName: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: Date;
  status: FixtureStatus;
}

const home = alias(teams, 'home_team');
const away = alias(teams, 'away_team');

export async function findFixtureForTip(db: DbOrTx, id: number): Promise<FixtureForTip | undefined> {
  const [row] = await db
    .select({
      id: fixtures.id,
      competitionName: competitions.name,
      homeTeam: home.name,
      awayTeam: away.name,
      kickoffAt: fixtures.kickoffAt,
      status: fixtures.status,
    })
    .from(fixtures)
    .innerJoin(competitions, eq(competitions.id, fixtures.competitionId))
    .innerJoin(home, eq(home.id, fixtures.homeTeamId))
    .innerJoin(away, eq(away.id, fixtures.awayTeamId))
    .where(eq(fixtures.id, id))
    .limit(1);
  return row;
}
