import { FollowedTipstersResponseSchema, IdParamSchema, MESSAGES, OkResponseSchema } from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { errorResponses } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import type { CommerceDeps } from '../commerce-deps';

/** GET /tipsters/following, POST and DELETE /tipsters/follow/{id}: idempotent, signed-in only. */
export async function followsRoutes(app: AppInstance, { follows }: CommerceDeps): Promise<void> {
  app.get(
    '/tipsters/following',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['follows'],
        response: { 200: FollowedTipstersResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await follows.listFollowed(authUser(request).id) }),
  );

  app.post(
    '/tipsters/follow/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['follows'],
        params: IdParamSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request) => {
      const name = await follows.follow(authUser(request).id, request.params.id);
      return { ok: true as const, message: MESSAGES.followed(name) };
    },
  );

  app.delete(
    '/tipsters/follow/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['follows'],
        params: IdParamSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const name = await follows.unfollow(authUser(request).id, request.params.id);
      return { ok: true as const, message: MESSAGES.unfollowed(name) };
    },
  );
}
