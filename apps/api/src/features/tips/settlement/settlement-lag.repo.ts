import { and, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { fixtures, tips } from '../../../db/schema';

export interface SettlementLag {
  /** Open tips on fixtures whose result is known. */
  openTips: number;
  /** Seconds since the oldest such result became known; 0 when every known result is settled. */
  oldestResultAgeSeconds: number;
}

/**
 * For metrics: how far settlement is behind the results (result known → tips settled). Reads
 * only open tips (the partial open-tips index) joined to their fixture.
 */
export async function readSettlementLag(db: DbOrTx, now: Date): Promise<SettlementLag> {
  const [row] = await db
    .select({
      openTips: sql<number>`count(*)::int`,
      oldest: sql<string | null>`min(${fixtures.resultAt})`,
    })
    .from(tips)
    .innerJoin(fixtures, sql`${fixtures.id} = ${tips.fixtureId}`)
    .where(and(isNull(tips.result), isNotNull(fixtures.resultAt)));
  const oldest = row?.oldest ? new Date(row.oldest).getTime() : null;
  return {
    openTips: row?.openTips ?? 0,
    oldestResultAgeSeconds: oldest !== null ? Math.max(0, (now.getTime() - oldest) / 1000) : 0,
  };
}
