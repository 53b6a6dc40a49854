import { AI_PLANS, type AiModelFigures } from '@tips/contract';
import type { Db } from '../../db/client';
import { findAiTipsters, latestFitSummary, liveRecords } from './ai-model.repo';
import { type StoredBacktest, storedBacktest } from './stored-backtest';
import { TIER_CATEGORIES, type TierName } from './tiers';

const percent = (share: number | null) => (share === null ? null : Math.round(share * 10_000) / 100);
const metrics = (m: { n: number; accuracy: number; rps: number; logLoss: number; brier: number }) => ({
  n: m.n,
  accuracy: m.accuracy,
  rps: m.rps,
  logLoss: m.logLoss,
  brier: m.brier,
});

/** What /today-ai-tips and the AI profiles show: the recorded backtest beside the live record. */
export function createAiModelFiguresService(deps: { db: Db; backtest?: () => StoredBacktest }) {
  const backtestOf = deps.backtest ?? storedBacktest;
  async function figures(): Promise<AiModelFigures> {
    const bt = backtestOf();
    const [tipsters, live, latest] = await Promise.all([
      findAiTipsters(deps.db),
      liveRecords(deps.db),
      latestFitSummary(deps.db),
    ]);
    const tiers = (Object.keys(TIER_CATEGORIES) as TierName[]).map((tier) => {
      const category = TIER_CATEGORIES[tier];
      const tipster = tipsters.find((t) => t.category === category) ?? null;
      const record = tipster ? live.find((l) => l.tipsterId === tipster.id) : undefined;
      const stored = bt.tiers[tier];
      const decided = stored ? stored.hits + stored.misses : 0;
      const liveDecided = record ? record.wins + record.losses : 0;
      return {
        category,
        tipsterId: tipster?.id ?? null,
        advertisedRate: AI_PLANS.find((p) => p.category === category)?.winRate ?? 0,
        threshold: stored?.threshold ?? null,
        backtest: {
          picks: stored?.picks ?? 0,
          decided,
          hits: stored?.hits ?? 0,
          hitRate: decided > 0 ? percent((stored?.hits ?? 0) / decided) : null,
          averageOdds: stored?.averageOdds == null ? null : Math.round(stored.averageOdds * 100) / 100,
        },
        live: {
          decided: liveDecided,
          wins: record?.wins ?? 0,
          hitRate: liveDecided > 0 ? percent((record?.wins ?? 0) / liveDecided) : null,
          since: record?.since?.toISOString() ?? null,
        },
      };
    });
    return {
      backtest: {
        ...metrics(bt),
        from: bt.from,
        to: bt.to,
        seasons: bt.seasons,
        competitions: bt.competitions,
        calibration: bt.calibration,
        baselines: { poisson: metrics(bt.baselines.poisson), baseRates: metrics(bt.baselines.baseRates) },
      },
      tiers,
      latestFit: latest && {
        fittedAt: latest.fittedAt.toISOString(),
        dataCutoff: latest.dataCutoff.toISOString(),
        countries: latest.countries,
        matches: latest.matches,
      },
    };
  }
  return { figures };
}
