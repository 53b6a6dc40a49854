import {
  FollowingTipsResponseSchema,
  RunningTipsResponseSchema,
  TipHistoryPageSchema,
  TipHistoryQuerySchema,
  type TipsterWithTips,
} from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { errorResponses } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import { viewerOf } from '../../tips/tip-view';
import { toTipDtos } from '../../tips/tip-view.repo';
import type { CommerceDeps } from '../commerce-deps';
import { findFollowedTipstersTips, findRunningTips, findTipHistory } from './buyer-lists.repo';

/**
 * The buyer's dashboard lists. Every tip goes through the one selection rule (toTipDtos): the
 * buyer sees the selections of what they bought, and only those.
 */
export async function buyerListsRoutes(app: AppInstance, { database, clock }: CommerceDeps): Promise<void> {
  const { db } = database;

  app.get(
    '/tips/running',
    {
      preHandler: app.requireUser,
      schema: { tags: ['buyer'], response: { 200: RunningTipsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const viewer = viewerOf(authUser(request));
      return { data: await toTipDtos(db, await findRunningTips(db, viewer.userId!), viewer) };
    },
  );

  app.get(
    '/tips/history',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['buyer'],
        querystring: TipHistoryQuerySchema,
        response: { 200: TipHistoryPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const viewer = viewerOf(authUser(request));
      const { pageNumber, pageSize } = request.query;
      const page = await findTipHistory(db, viewer.userId!, pageNumber, pageSize);
      return {
        currentPage: pageNumber,
        pageSize,
        totalItems: page.totalItems,
        totalPages: page.totalPages,
        data: await toTipDtos(db, page.rows, viewer),
      };
    },
  );

  app.get(
    '/tips/following',
    {
      preHandler: app.requireUser,
      schema: { tags: ['buyer'], response: { 200: FollowingTipsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      const viewer = viewerOf(authUser(request));
      const rows = await findFollowedTipstersTips(db, viewer.userId!, clock.now());
      const dtos = await toTipDtos(db, rows, viewer);
      const groups = new Map<number, TipsterWithTips>();
      for (const tip of dtos) {
        const { results: _results, ...tipster } = tip.tipster;
        const group = groups.get(tipster.id) ?? { tipster, tips: [] };
        group.tips.push(tip);
        groups.set(tipster.id, group);
      }
      return { data: [...groups.values()] };
    },
  );
}
