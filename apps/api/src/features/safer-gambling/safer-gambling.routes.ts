import {
  IdParamSchema,
  SaferGamblingResponseSchema,
  SelfExcludeBodySchema,
  SetSpendingLimitBodySchema,
  StartTimeOutBodySchema,
} from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { errorResponses } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import type { SaferGamblingService } from './safer-gambling.service';

/** The signed-in user's safer-gambling tools under /api/safer-gambling. */
export async function saferGamblingRoutes(app: AppInstance, service: SaferGamblingService): Promise<void> {
  const tags = ['safer-gambling'];
  app.get(
    '/safer-gambling',
    {
      preHandler: app.requireUser,
      schema: { tags, response: { 200: SaferGamblingResponseSchema, ...errorResponses(401) } },
    },
    async (request) => ({ data: await service.stateOf(authUser(request).id) }),
  );

  app.put(
    '/safer-gambling/limits',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Sets a spending limit: a lower one applies at once, a higher one (or none) after 24 hours',
        body: SetSpendingLimitBodySchema,
        response: { 200: SaferGamblingResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      data: await service.setLimit(authUser(request).id, request.body.period, request.body.limit),
    }),
  );

  app.post(
    '/safer-gambling/time-out',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Starts a time-out (24 hours to 6 weeks): no purchase until it ends',
        body: StartTimeOutBodySchema,
        response: { 200: SaferGamblingResponseSchema, ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => ({ data: await service.startTimeOut(authUser(request).id, request.body.hours) }),
  );

  app.post(
    '/safer-gambling/self-exclusion',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Starts a self-exclusion (6 months to 5 years); nobody can lift it early',
        body: SelfExcludeBodySchema,
        response: { 200: SaferGamblingResponseSchema, ...errorResponses(400, 401, 422) },
      },
    },
    async (request) => ({ data: await service.selfExclude(authUser(request).id, request.body.months) }),
  );
}

/** Admins see a user's state (GET /api/admin/users/{id}/safer-gambling); there is no call to lift it. */
export async function saferGamblingAdminRoutes(
  app: AppInstance,
  service: SaferGamblingService,
): Promise<void> {
  app.get(
    '/users/:id/safer-gambling',
    {
      schema: {
        tags: ['admin', 'safer-gambling'],
        params: IdParamSchema,
        response: { 200: SaferGamblingResponseSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ data: await service.stateOf(request.params.id) }),
  );
}
