import {
  AdminPayoutHoldBodySchema,
  AdminPayoutIdParamSchema,
  AdminPayoutPageSchema,
  AdminPayoutResponseSchema,
  AdminPayoutsQuerySchema,
  PlatformRevenueResponseSchema,
} from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { adminDocs, backofficeErrors } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import type { EarningsReads } from '../earnings/earnings.service';
import type { PayoutsService } from './payouts.service';

/** The payout queue (hold with a reason, release; audited) and the platform's revenue by month. */
export async function adminPayoutsRoutes(app: AppInstance, payouts: PayoutsService, reads: EarningsReads) {
  app.get(
    '/payouts',
    {
      schema: {
        ...adminDocs,
        summary: 'Tipster payouts, newest first, optionally by status',
        querystring: AdminPayoutsQuerySchema,
        response: { 200: AdminPayoutPageSchema, ...backofficeErrors },
      },
    },
    async (request) => payouts.adminList(request.query),
  );

  app.post(
    '/payouts/:id/hold',
    {
      schema: {
        ...adminDocs,
        summary: 'Hold a payout that has not been sent, with a reason (audited)',
        params: AdminPayoutIdParamSchema,
        body: AdminPayoutHoldBodySchema,
        response: { 200: AdminPayoutResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({
      data: await payouts.hold(request.params.id, request.body.reason, authUser(request).id),
    }),
  );

  app.post(
    '/payouts/:id/release',
    {
      schema: {
        ...adminDocs,
        summary: 'Release a held payout to be sent (audited)',
        params: AdminPayoutIdParamSchema,
        response: { 200: AdminPayoutResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({ data: await payouts.release(request.params.id, authUser(request).id) }),
  );

  app.get(
    '/revenue',
    {
      schema: {
        ...adminDocs,
        summary: "The platform's revenue by month: paid by buyers, tipster shares, commission, refunds",
        response: { 200: PlatformRevenueResponseSchema, ...backofficeErrors },
      },
    },
    async () => ({ data: await reads.platformRevenue() }),
  );
}
