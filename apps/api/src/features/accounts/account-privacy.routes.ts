import { DeleteAccountBodySchema, OddsFormatBodySchema, OkResponseSchema } from '@tips/contract';
import { z } from 'zod';
import type { AppInstance } from '../../app-types';
import { authUser } from '../../plugins/auth';
import { accountRateLimit } from '../../plugins/rate-limit';
import type { AccountPrivacyService } from './account-privacy.service';
import { accountErrors } from './accounts.routes';

/**
 * Privacy rights and the odds-format preference:
 * GET /api/users/profile/data-export (one JSON file), POST /api/users/profile/delete (password),
 * PUT /api/users/profile/odds-format.
 */
export async function accountPrivacyRoutes(app: AppInstance, privacy: AccountPrivacyService): Promise<void> {
  const signedIn = { tags: ['users', 'privacy'], security: [{ bearerAuth: [] }] };
  const perUser = (name: string, max: number) =>
    accountRateLimit(app, { name, max, timeWindow: '1 hour', account: (request) => request.user?.id });

  app.get(
    '/users/profile/data-export',
    {
      preHandler: [app.requireUser, perUser('data-export', 20)],
      schema: {
        ...signedIn,
        summary: 'Everything held about the account, as one JSON file',
        response: { 200: z.record(z.string(), z.unknown()), 401: accountErrors[401] },
      },
    },
    async (request, reply) => {
      const file = await privacy.exportData(authUser(request).id);
      const day = file.exportedAt.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="tips-market-my-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(file);
    },
  );

  app.post(
    '/users/profile/delete',
    {
      preHandler: [app.requireUser, perUser('account-delete', 10)],
      schema: {
        ...signedIn,
        summary: 'Erases the account (password needed); orders and ledger entries stay, anonymised',
        body: DeleteAccountBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await privacy.deleteAccount(authUser(request).id, request.body.currentPassword);
      return { ok: true as const, message: 'Your account has been deleted.' };
    },
  );

  app.put(
    '/users/profile/odds-format',
    {
      preHandler: app.requireUser,
      schema: {
        ...signedIn,
        body: OddsFormatBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await privacy.setOddsFormat(authUser(request).id, request.body.oddsFormat);
      return { ok: true as const, message: 'Odds format saved.' };
    },
  );
}
