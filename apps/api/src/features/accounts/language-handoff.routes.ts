import { LoginResponseSchema, RedeemHandoffBodySchema, SessionHandoffResponseSchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { errorResponses } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import { routeRateLimit } from '../../plugins/rate-limit';
import type { LanguageHandoffService } from './language-handoff.service';

const handoffErrors = errorResponses(400, 401, 429);

/** The session's move to another language's subdomain (see language-handoff.service.ts). */
export async function languageHandoffRoutes(app: AppInstance, handoff: LanguageHandoffService) {
  app.post(
    '/users/handoff',
    {
      preHandler: app.requireUser,
      config: { rateLimit: routeRateLimit(30, '15 minutes') },
      schema: {
        tags: ['users'],
        summary: 'A one-time code (60 s) that signs this user in on another language subdomain',
        security: [{ bearerAuth: [] }],
        response: { 200: SessionHandoffResponseSchema, ...handoffErrors },
      },
    },
    async (request) => {
      const user = authUser(request);
      return handoff.createHandoff(user.id, user.sessionId);
    },
  );

  app.post(
    '/users/handoff/redeem',
    {
      config: { ignoreAccessToken: true, rateLimit: routeRateLimit(30, '15 minutes') },
      schema: {
        tags: ['users'],
        summary: 'Exchange a language hand-off code for a session (once)',
        body: RedeemHandoffBodySchema,
        response: { 200: LoginResponseSchema, ...handoffErrors },
      },
    },
    async (request) => {
      const pair = await handoff.redeemHandoff(request.body.code);
      return { Tokens: { access_token: pair.accessToken, refresh_token: pair.refreshToken } };
    },
  );
}
