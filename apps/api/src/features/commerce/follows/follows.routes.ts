import { FollowedTipstersResponseSchema, IdParamSchema, MESSAGES, OkResponseSchema } from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { notFound, unprocessable } from '../../../lib/app-error';
import { errorResponses } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import type { CommerceDeps } from '../commerce-deps';
import { deleteFollow, findTipster, insertFollow, listFollowedTipsters } from './follows.repo';

/** GET /tipsters/following, POST and DELETE /tipsters/follow/{id}: idempotent, signed-in only. */
export async function followsRoutes(app: AppInstance, { database, clock }: CommerceDeps): Promise<void> {
  const { db } = database;

  app.get(
    '/tipsters/following',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['follows'],
        response: { 200: FollowedTipstersResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await listFollowedTipsters(db, authUser(request).id) }),
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
      const userId = authUser(request).id;
      const tipster = await findTipster(db, request.params.id);
      if (!tipster) throw notFound(MESSAGES.tipsterNotFound);
      if (tipster.userId === userId) throw unprocessable(MESSAGES.cannotFollowSelf);
      await insertFollow(db, userId, tipster.id, clock.now());
      return { ok: true as const, message: MESSAGES.followed(tipster.name) };
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
      const tipster = await findTipster(db, request.params.id);
      if (!tipster) throw notFound(MESSAGES.tipsterNotFound);
      await deleteFollow(db, authUser(request).id, tipster.id);
      return { ok: true as const, message: MESSAGES.unfollowed(tipster.name) };
    },
  );
}
