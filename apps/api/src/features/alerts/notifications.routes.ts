import {
  NotificationIdParamSchema,
  NotificationPageSchema,
  NotificationsQuerySchema,
  OkResponseSchema,
  UnreadCountResponseSchema,
} from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { errorResponses } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import type { NotificationsService } from './notifications.service';

const docs = { tags: ['notifications'], security: [{ bearerAuth: [] }] };

/** The bell: list, unread count, mark one or all read. Signed-in users, their own rows only. */
export async function notificationsRoutes(app: AppInstance, notifications: NotificationsService) {
  app.get(
    '/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        ...docs,
        querystring: NotificationsQuerySchema,
        response: { 200: NotificationPageSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => notifications.list(authUser(request).id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    {
      preHandler: app.requireUser,
      schema: { ...docs, response: { 200: UnreadCountResponseSchema, ...errorResponses(401) } },
    },
    async (request) => notifications.unreadCount(authUser(request).id),
  );

  app.post(
    '/notifications/:id/read',
    {
      preHandler: app.requireUser,
      schema: {
        ...docs,
        params: NotificationIdParamSchema,
        response: { 200: OkResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      await notifications.markRead(authUser(request).id, request.params.id);
      return { ok: true as const };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      preHandler: app.requireUser,
      schema: { ...docs, response: { 200: OkResponseSchema, ...errorResponses(401) } },
    },
    async (request) => {
      await notifications.markAllRead(authUser(request).id);
      return { ok: true as const };
    },
  );
}
