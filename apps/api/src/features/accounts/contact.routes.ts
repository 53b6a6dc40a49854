import { ContactBodySchema, MESSAGES, OkResponseSchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { routeRateLimit } from '../../plugins/rate-limit';
import { accountErrors } from './accounts.routes';
import type { createContactService } from './contact.service';

export const CONTACT_RATE_LIMIT = routeRateLimit(5, '1 hour');

/** POST /users/contact: the contact page's form; open to visitors, rate limited per IP. */
export async function contactRoutes(app: AppInstance, contact: ReturnType<typeof createContactService>) {
  app.post(
    '/users/contact',
    {
      config: { rateLimit: CONTACT_RATE_LIMIT },
      schema: {
        tags: ['users'],
        body: ContactBodySchema,
        response: { 200: OkResponseSchema, ...accountErrors },
      },
    },
    async (request) => {
      await contact.sendContactMessage(request.body, request.user?.id ?? null);
      return { ok: true as const, message: MESSAGES.contactSent };
    },
  );
}
