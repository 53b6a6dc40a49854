import {
  AdjustCreditsBodySchema,
  AdjustCreditsResponseSchema,
  AdminUserDetailResponseSchema,
  AdminUserPageSchema,
  AdminUserResponseSchema,
  AdminUsersQuerySchema,
  IdParamSchema,
  LinkTipsterBodySchema,
  SetRolesBodySchema,
} from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { adminDocs, backofficeErrors } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import type { AdminUsersService } from './users-admin.service';

/** Users: search, details with orders and ledger, roles, tipster link, credit adjustments. */
export async function adminUsersRoutes(app: AppInstance, users: AdminUsersService) {
  app.get(
    '/users',
    {
      schema: {
        ...adminDocs,
        summary: 'Search users by username, email or name',
        querystring: AdminUsersQuerySchema,
        response: { 200: AdminUserPageSchema, ...backofficeErrors },
      },
    },
    async (request) => users.search(request.query),
  );

  app.get(
    '/users/:id',
    {
      schema: {
        ...adminDocs,
        summary: 'A user with their latest orders and ledger entries',
        params: IdParamSchema,
        response: { 200: AdminUserDetailResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({ data: await users.detail(request.params.id) }),
  );

  app.put(
    '/users/:id/roles',
    {
      schema: {
        ...adminDocs,
        summary: "Replace a user's roles ('user' is always kept)",
        params: IdParamSchema,
        body: SetRolesBodySchema,
        response: { 200: AdminUserResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({
      data: await users.setRoles(authUser(request).id, request.params.id, request.body.roles),
    }),
  );

  app.put(
    '/users/:id/tipster',
    {
      schema: {
        ...adminDocs,
        summary: 'Link the user to a tipster profile, or unlink with null',
        params: IdParamSchema,
        body: LinkTipsterBodySchema,
        response: { 200: AdminUserResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({
      data: await users.linkTipster(authUser(request).id, request.params.id, request.body.tipsterId),
    }),
  );

  app.post(
    '/users/:id/credits',
    {
      schema: {
        ...adminDocs,
        summary: 'Adjust credits: a ledger entry with a required reason, never an edit',
        params: IdParamSchema,
        body: AdjustCreditsBodySchema,
        response: { 200: AdjustCreditsResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => users.adjustCredits(authUser(request).id, request.params.id, request.body),
  );
}
