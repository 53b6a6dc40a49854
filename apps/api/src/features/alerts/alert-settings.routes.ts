import {
  AlertSettingsResponseSchema,
  IdParamSchema,
  UnsubscribeQuerySchema,
  UnsubscribeResponseSchema,
  UpdateAlertModeBodySchema,
  UpdateTipsterAlertBodySchema,
} from '@tips/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { errorResponses } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import type { AlertSettingsService } from './alert-settings.service';

const docs = { tags: ['alerts'], security: [{ bearerAuth: [] }] };

/**
 * GET/PUT /alerts/settings, PUT /alerts/settings/tipsters/{id} (signed in), and the signed
 * unsubscribe link: POST is RFC 8058's one-click (a mail client posts `List-Unsubscribe=One-Click`
 * as a form) and the web page's button; GET never changes anything (link scanners open links), it
 * sends a person to the page that asks.
 */
export async function alertSettingsRoutes(app: AppInstance, alerts: AlertSettingsService, publicUrl: string) {
  app.get(
    '/alerts/settings',
    {
      preHandler: app.requireUser,
      schema: { ...docs, response: { 200: AlertSettingsResponseSchema, ...errorResponses(401) } },
    },
    async (request) => alerts.settings(authUser(request).id),
  );

  app.put(
    '/alerts/settings',
    {
      preHandler: app.requireUser,
      schema: {
        ...docs,
        body: UpdateAlertModeBodySchema,
        response: { 200: AlertSettingsResponseSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => alerts.setDefaultMode(authUser(request).id, request.body.mode),
  );

  app.put(
    '/alerts/settings/tipsters/:id',
    {
      preHandler: app.requireUser,
      schema: {
        ...docs,
        params: IdParamSchema,
        body: UpdateTipsterAlertBodySchema,
        response: { 200: AlertSettingsResponseSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => alerts.setTipsterMode(authUser(request).id, request.params.id, request.body.mode),
  );

  app.post(
    '/alerts/unsubscribe',
    {
      schema: {
        tags: ['alerts'],
        querystring: UnsubscribeQuerySchema,
        response: { 200: UnsubscribeResponseSchema, ...errorResponses(400) },
      },
    },
    async (request) => alerts.unsubscribe(request.query.token),
  );

  app.get(
    '/alerts/unsubscribe',
    {
      schema: {
        tags: ['alerts'],
        querystring: UnsubscribeQuerySchema,
        response: { 302: z.null(), ...errorResponses(400) },
      },
    },
    async (request, reply) =>
      reply.redirect(`${publicUrl}/unsubscribe?token=${encodeURIComponent(request.query.token)}`, 302),
  );
}
