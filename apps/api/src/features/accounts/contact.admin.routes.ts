import {
  AdminContactMessagePageSchema,
  AdminContactMessageResponseSchema,
  AdminContactMessagesQuerySchema,
  IdParamSchema,
} from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { adminDocs, backofficeErrors } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import type { AdminContactService } from './contact-admin.service';

export async function adminContactRoutes(app: AppInstance, contact: AdminContactService) {
  app.get(
    '/contact-messages',
    {
      schema: {
        ...adminDocs,
        summary: 'Contact-form messages (open ones by default)',
        querystring: AdminContactMessagesQuerySchema,
        response: { 200: AdminContactMessagePageSchema, ...backofficeErrors },
      },
    },
    async (request) => contact.list(request.query),
  );

  app.post(
    '/contact-messages/:id/handle',
    {
      schema: {
        ...adminDocs,
        summary: 'Mark a message handled',
        params: IdParamSchema,
        response: { 200: AdminContactMessageResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({ data: await contact.markHandled(authUser(request).id, request.params.id) }),
  );
}
