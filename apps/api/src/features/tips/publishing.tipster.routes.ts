import {
  PublishTipBodySchema,
  PublishTipResponseSchema,
  TipsterSummaryResponseSchema,
  TipsterTipPageSchema,
  TipsterTipsQuerySchema,
} from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { backofficeErrors, tipsterDocs } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import type { TipsterPortalService } from './publishing.service';

/**
 * The tipster portal under /api/tipster. Tips are published and never edited or deleted: there
 * is deliberately no PUT, PATCH or DELETE route (they answer 404).
 */
export async function tipsterPortalRoutes(app: AppInstance, portal: TipsterPortalService) {
  app.post(
    '/tips',
    {
      schema: {
        ...tipsterDocs,
        summary: 'Publish a tip (before kick-off; immutable afterwards)',
        body: PublishTipBodySchema,
        response: { 201: PublishTipResponseSchema, ...backofficeErrors },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await portal.publishTip(authUser(request).id, request.body) }),
  );

  app.get(
    '/tips',
    {
      schema: {
        ...tipsterDocs,
        summary: 'My tips, newest kick-off first, with sales count and earnings',
        querystring: TipsterTipsQuerySchema,
        response: { 200: TipsterTipPageSchema, ...backofficeErrors },
      },
    },
    async (request) => portal.listTips(authUser(request).id, request.query),
  );

  app.get(
    '/summary',
    {
      schema: {
        ...tipsterDocs,
        summary: 'My profile, record, sales and earnings',
        response: { 200: TipsterSummaryResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => portal.summary(authUser(request).id),
  );
}
