import {
  EarningEntryPageSchema,
  EarningsBreakdownResponseSchema,
  EarningsEntriesQuerySchema,
  PayoutAccountBodySchema,
  PayoutAccountResponseSchema,
  PayoutPageSchema,
  PayoutRequestBodySchema,
  PayoutResponseSchema,
  PayoutsQuerySchema,
  StatementQuerySchema,
  TipsterEarningsResponseSchema,
  toCents,
} from '@tips/contract';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../../app-types';
import { backofficeErrors, tipsterDocs } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import type { PayoutsService } from '../payouts/payouts.service';
import type { EarningsReads } from './earnings.service';

/** A tipster's earnings and payouts under /api/tipster (decisions 170, 171). */
export async function tipsterEarningsRoutes(app: AppInstance, reads: EarningsReads, payouts: PayoutsService) {
  app.get(
    '/earnings',
    {
      schema: {
        ...tipsterDocs,
        summary: 'My earnings: pending, available and paid out (dollars), share and payout terms',
        response: { 200: TipsterEarningsResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({ data: await reads.summary(authUser(request).id) }),
  );

  app.get(
    '/earnings/entries',
    {
      schema: {
        ...tipsterDocs,
        summary: 'My earnings entries (sales, take-backs, payouts), newest first, paged',
        querystring: EarningsEntriesQuerySchema,
        response: { 200: EarningEntryPageSchema, ...backofficeErrors },
      },
    },
    async (request) => reads.entries(authUser(request).id, request.query),
  );

  app.get(
    '/earnings/breakdown',
    {
      schema: {
        ...tipsterDocs,
        summary: 'My net earnings by month and by tip',
        response: { 200: EarningsBreakdownResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({ data: await reads.breakdown(authUser(request).id) }),
  );

  app.get(
    '/earnings/statement',
    {
      schema: {
        ...tipsterDocs,
        summary: "A month's earnings statement as CSV",
        querystring: StatementQuerySchema,
        response: {
          200: { description: 'The statement', content: { 'text/csv': { schema: z.string() } } },
          ...backofficeErrors,
        },
      },
    },
    async (request, reply) => {
      const { filename, csv } = await reads.statementCsv(authUser(request).id, request.query.month);
      const raw = reply as unknown as FastifyReply;
      return raw
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(csv);
    },
  );

  app.put(
    '/payout-account',
    {
      schema: {
        ...tipsterDocs,
        summary: 'Set the PayPal address my payouts go to',
        body: PayoutAccountBodySchema,
        response: { 200: PayoutAccountResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({
      data: await payouts.setPayoutAccount(authUser(request).id, request.body.paypalEmail),
    }),
  );

  app.post(
    '/payouts',
    {
      schema: {
        ...tipsterDocs,
        summary: 'Request a payout of available earnings to my PayPal address',
        body: PayoutRequestBodySchema,
        response: { 201: PayoutResponseSchema, ...backofficeErrors },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await payouts.requestPayout(authUser(request).id, toCents(request.body.amount)) }),
  );

  app.get(
    '/payouts',
    {
      schema: {
        ...tipsterDocs,
        summary: 'My payouts, newest first, paged',
        querystring: PayoutsQuerySchema,
        response: { 200: PayoutPageSchema, ...backofficeErrors },
      },
    },
    async (request) => payouts.listOwnPayouts(authUser(request).id, request.query),
  );
}
