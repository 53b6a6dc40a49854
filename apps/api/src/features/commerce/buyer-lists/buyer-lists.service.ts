import {
  type AiSubscription,
  aiPlanLastPickAround,
  aiPlanSummary,
  type Tip,
  type TipsterWithTips,
} from '@tips/contract';
import type { Db } from '../../../db/client';
import type { Clock } from '../../../lib/clock';
import type { Viewer } from '../../tips/tip-view';
import { toTipDtos } from '../../tips/tip-view.repo';
import {
  findAiSubscriptions,
  findFollowedTipstersTips,
  findRunningTips,
  findTipHistory,
} from './buyer-lists.repo';

export interface BuyerListsDeps {
  db: Db;
  clock: Clock;
}

export type BuyerListsService = ReturnType<typeof createBuyerListsService>;

/**
 * The buyer's dashboard lists. Every tip goes through the one selection rule (toTipDtos): the
 * buyer sees the selections of what they bought, and only those.
 */
export function createBuyerListsService({ db, clock }: BuyerListsDeps) {
  return {
    async running(viewer: Viewer): Promise<Tip[]> {
      return toTipDtos(db, await findRunningTips(db, viewer.userId!), viewer);
    },

    /** The buyer's AI plans as plans (issue #30.4): picks delivered of all, the last one expected. */
    async aiSubscriptions(viewer: Viewer): Promise<AiSubscription[]> {
      const rows = await findAiSubscriptions(db, viewer.userId!);
      return rows.flatMap((row) => {
        const plan = aiPlanSummary(row.planId);
        if (!plan) return [];
        return [
          {
            id: row.id,
            plan,
            picksDelivered: row.tipsDelivered,
            picksTotal: row.tipsTotal,
            startedAt: row.createdAt.toISOString(),
            lastPickAt: row.lastPickAt?.toISOString() ?? null,
            lastPickAround: aiPlanLastPickAround(row.createdAt, row.tipsTotal).toISOString(),
            completedAt: row.completedAt?.toISOString() ?? null,
          },
        ];
      });
    },

    async history(viewer: Viewer, pageNumber: number, pageSize: number) {
      const page = await findTipHistory(db, viewer.userId!, pageNumber, pageSize);
      return {
        currentPage: pageNumber,
        pageSize,
        totalItems: page.totalItems,
        totalPages: page.totalPages,
        data: await toTipDtos(db, page.rows, viewer),
      };
    },

    /** Open tips of the tipsters the buyer follows, grouped by tipster. */
    async followedTipstersTips(viewer: Viewer): Promise<TipsterWithTips[]> {
      const rows = await findFollowedTipstersTips(db, viewer.userId!, clock.now());
      const dtos = await toTipDtos(db, rows, viewer);
      const groups = new Map<number, TipsterWithTips>();
      for (const tip of dtos) {
        const { results: _results, ...tipster } = tip.tipster;
        const group = groups.get(tipster.id) ?? { tipster, tips: [] };
        group.tips.push(tip);
        groups.set(tipster.id, group);
      }
      return [...groups.values()];
    },
  };
}
