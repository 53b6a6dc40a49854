import {
  AdminOrderIdParamSchema,
  AdminOrderPageSchema,
  AdminOrderResponseSchema,
  AdminOrdersQuerySchema,
  RejectOrderBodySchema,
} from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { adminDocs, backofficeErrors } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import type { AdminOrdersService } from './orders-admin.service';

/** Manual payment requests: the queue, confirmation (grants once) and rejection with a reason. */
export async function adminOrdersRoutes(app: AppInstance, orders: AdminOrdersService) {
  app.get(
    '/orders',
    {
      schema: {
        ...adminDocs,
        summary: 'Orders by status (PENDING manual requests by default), with method and contact details',
        querystring: AdminOrdersQuerySchema,
        response: { 200: AdminOrderPageSchema, ...backofficeErrors },
      },
    },
    async (request) => orders.list(request.query),
  );

  app.post(
    '/orders/:id/confirm',
    {
      schema: {
        ...adminDocs,
        summary: 'Confirm a manual request: grants its tips or credits exactly once and emails the buyer',
        params: AdminOrderIdParamSchema,
        response: { 200: AdminOrderResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({ data: await orders.confirm(authUser(request).id, request.params.id) }),
  );

  app.post(
    '/orders/:id/reject',
    {
      schema: {
        ...adminDocs,
        summary: 'Reject a manual request with a reason',
        params: AdminOrderIdParamSchema,
        body: RejectOrderBodySchema,
        response: { 200: AdminOrderResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({
      data: await orders.reject(authUser(request).id, request.params.id, request.body.reason),
    }),
  );
}
