import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { tips, tipsterStats, tipsters } from '../../db/schema';
import { periodKeys } from './stat-periods';

type Result = 'WIN' | 'LOSS' | 'VOID';

export interface StatsDelta {
  tipsterId: number;
  category: (typeof tipsters.$inferSelect)['category'];
  eventTime: Date;
  oddsHundredths: number;
  result: Result;
  /** +1 applies a settlement, -1 takes one back (used by corrections). */
  sign: 1 | -1;
}

/**
 * Adds (or removes) one settled tip to the tipster's all-time, month and week aggregates, keyed by
 * the match's kick-off. The hit rate is kept in basis points so rankings read an index.
 */
export async function applyStatsDelta(tx: DbOrTx, d: StatsDelta): Promise<void> {
  const win = d.result === 'WIN' ? d.sign : 0;
  const loss = d.result === 'LOSS' ? d.sign : 0;
  const voided = d.result === 'VOID' ? d.sign : 0;
  const odds = d.oddsHundredths * d.sign;
  // One statement for all three periods: settlement is a hot path.
  await tx
    .insert(tipsterStats)
    .values(
      periodKeys(d.eventTime).map((key) => ({
        tipsterId: d.tipsterId,
        period: key.period,
        periodStart: key.periodStart,
        category: d.category,
        totalTips: d.sign,
        wins: win,
        losses: loss,
        voids: voided,
        oddsSumHundredths: odds,
        hitRateBp: win > 0 ? 10000 : 0,
      })),
    )
    .onConflictDoUpdate({
      target: [tipsterStats.tipsterId, tipsterStats.period, tipsterStats.periodStart],
      set: {
        totalTips: sql`${tipsterStats.totalTips} + excluded.total_tips`,
        wins: sql`${tipsterStats.wins} + excluded.wins`,
        losses: sql`${tipsterStats.losses} + excluded.losses`,
        voids: sql`${tipsterStats.voids} + excluded.voids`,
        oddsSumHundredths: sql`${tipsterStats.oddsSumHundredths} + excluded.odds_sum_hundredths`,
        hitRateBp: sql`case when ${tipsterStats.wins} + excluded.wins + ${tipsterStats.losses} + excluded.losses = 0 then 0
          else ((${tipsterStats.wins} + excluded.wins) * 10000) / (${tipsterStats.wins} + excluded.wins + ${tipsterStats.losses} + excluded.losses) end`,
        category: sql`excluded.category`,
      },
    });
}

/** Recomputes the last five results (newest kick-off first, voids skipped) from the index. */
export async function refreshLastResults(tx: DbOrTx, tipsterId: number): Promise<void> {
  const recent = await tx
    .select({ result: tips.result })
    .from(tips)
    .where(and(eq(tips.tipsterId, tipsterId), isNotNull(tips.result), sql`${tips.result} <> 'VOID'`))
    .orderBy(desc(tips.eventTime), desc(tips.id))
    .limit(5);
  await tx
    .update(tipsters)
    .set({ lastResults: recent.map((r) => r.result === 'WIN') })
    .where(eq(tipsters.id, tipsterId));
}
