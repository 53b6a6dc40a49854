import {
  AiSubscriptionsResponseSchema,
  FollowingTipsResponseSchema,
  RunningTipsResponseSchema,
  TipHistoryPageSchema,
  TipHistoryQuerySchema,
} from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { errorResponses } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import { viewerOf } from '../../tips/tip-view';
import type { CommerceDeps } from '../commerce-deps';

/** The buyer's dashboard lists (buyer-lists.service.ts applies the selection rule). */
export async function buyerListsRoutes(app: AppInstance, { buyerLists }: CommerceDeps): Promise<void> {
  app.get(
    '/tips/running',
    {
      preHandler: app.requireUser,
      schema: { tags: ['buyer'], response: { 200: RunningTipsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({ data: await buyerLists.running(viewerOf(authUser(request))) }),
  );

  app.get(
    '/tips/ai/subscriptions',
    {
      preHandler: app.requireUser,
      schema: { tags: ['buyer'], response: { 200: AiSubscriptionsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({ data: await buyerLists.aiSubscriptions(viewerOf(authUser(request))) }),
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
      const { pageNumber, pageSize } = request.query;
      return buyerLists.history(viewerOf(authUser(request)), pageNumber, pageSize);
    },
  );

  app.get(
    '/tips/following',
    {
      preHandler: app.requireUser,
      schema: { tags: ['buyer'], response: { 200: FollowingTipsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({ data: await buyerLists.followedTipstersTips(viewerOf(authUser(request))) }),
  );
}
