import { TipsterApplicationBodySchema, TipsterApplicationResponseSchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { errorResponses } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import { accountKey } from '../../plugins/rate-limit';
import type { TipsterApplicationsService } from './tipster-applications.service';

/** Per account: an application is one click, but nobody needs more than a few tries an hour. */
export const TIPSTER_APPLICATION_RATE_LIMIT = {
  max: 10,
  timeWindow: '1 hour',
  hook: 'preHandler' as const,
  keyGenerator: accountKey('tipster-application', (request) => request.user?.id),
};

/** POST /tipster-applications: a verified member becomes a trial (Novice) tipster (decision 140). */
export async function tipsterApplicationRoutes(app: AppInstance, applications: TipsterApplicationsService) {
  app.post(
    '/tipster-applications',
    {
      config: { rateLimit: TIPSTER_APPLICATION_RATE_LIMIT },
      // Checked before the body is read: a visitor gets 401 and an unverified member 403, whatever they sent.
      onRequest: [app.requireUser, app.requireVerifiedEmail],
      schema: {
        tags: ['users'],
        summary: 'Apply to become a tipster: the caller is a Novice (trial) tipster at once',
        body: TipsterApplicationBodySchema,
        response: { 201: TipsterApplicationResponseSchema, ...errorResponses(400, 401, 403, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await applications.apply(authUser(request).id, request.body) }),
  );
}
