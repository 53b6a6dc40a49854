import {
  AiTipsResponseSchema,
  CartQuerySchema,
  CartResponseSchema,
  IdParamSchema,
  RecordPageSchema,
  RecordsQuerySchema,
  StatisticsResponseSchema,
  TipListQuerySchema,
  TipPageSchema,
  TipsterListQuerySchema,
  TipsterPageSchema,
  TipsterProfileSchema,
} from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { errorResponses } from '../../lib/route-schemas';
import { viewerOf } from '../tips/tip-view';
import type { CachedResponses } from './cached-responses';
import { replyWith } from './encoded-json';
import type { StatisticsService } from './statistics.service';
import type { TipsCatalogueService } from './tips-catalogue.service';
import type { TipstersService } from './tipsters.service';

export interface CatalogueRoutesDeps {
  tips: TipsCatalogueService;
  tipsters: TipstersService;
  statistics: StatisticsService;
  responses: CachedResponses;
}

// Every catalogue route is public; a valid bearer token adds the caller's view (owned, followed).
const errors = errorResponses(400, 401);
const withNotFound = errorResponses(400, 401, 404);
const tipsTag = { tags: ['tips'] };
const tipstersTag = { tags: ['tipsters'] };

/**
 * The public catalogue: schemas in, one service call, DTO out; or, for what every caller sees
 * alike, the JSON the cache encoded with the same response schema (encoded-json.ts).
 */
export async function catalogueRoutes(
  app: AppInstance,
  { tips, tipsters, statistics, responses }: CatalogueRoutesDeps,
) {
  app.get(
    '/tips',
    { schema: { ...tipsTag, querystring: TipListQuerySchema, response: { 200: TipPageSchema, ...errors } } },
    async (request, reply) =>
      replyWith(reply, await tips.listTips(request.query, viewerOf(request.user)), responses),
  );

  app.get(
    '/tips/ai',
    { schema: { ...tipsTag, response: { 200: AiTipsResponseSchema, ...errors } } },
    async (request, reply) => replyWith(reply, await tips.aiTips(viewerOf(request.user)), responses),
  );

  app.get(
    '/tips/cart',
    {
      schema: { ...tipsTag, querystring: CartQuerySchema, response: { 200: CartResponseSchema, ...errors } },
    },
    (request) => tips.cart(request.query, viewerOf(request.user)),
  );

  app.get(
    '/tipsters',
    {
      schema: {
        ...tipstersTag,
        querystring: TipsterListQuerySchema,
        response: { 200: TipsterPageSchema, ...errors },
      },
    },
    async (request, reply) =>
      replyWith(reply, await tipsters.listTipsters(request.query, viewerOf(request.user)), responses),
  );

  app.get(
    '/tipsters/profile/:id',
    {
      schema: {
        ...tipstersTag,
        params: IdParamSchema,
        response: { 200: TipsterProfileSchema, ...withNotFound },
      },
    },
    async (request, reply) =>
      replyWith(reply, await tipsters.profile(request.params.id, viewerOf(request.user)), responses),
  );

  app.get(
    '/tipsters/records/:id',
    {
      schema: {
        ...tipstersTag,
        params: IdParamSchema,
        querystring: RecordsQuerySchema,
        response: { 200: RecordPageSchema, ...withNotFound },
      },
    },
    async (request, reply) =>
      replyWith(reply, await tipsters.records(request.params.id, request.query), responses),
  );

  app.get(
    '/tipsters/statistics',
    { schema: { ...tipstersTag, response: { 200: StatisticsResponseSchema, ...errors } } },
    async (_request, reply) => replyWith(reply, await statistics.statistics(), responses),
  );
}
