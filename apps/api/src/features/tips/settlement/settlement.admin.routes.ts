import {
  BackofficeTipPageSchema,
  CorrectTipBodySchema,
  IdParamSchema,
  SettleMatchBodySchema,
  SettleMatchResponseSchema,
  SettleTipBodySchema,
  SettleTipResponseSchema,
  SuggestResultBodySchema,
  SuggestResultResponseSchema,
  UnsettledMatchesResponseSchema,
  UnsettledTipsQuerySchema,
} from '@tips/contract';
import type { AppInstance } from '../../../app-types';
import { adminDocs, backofficeErrors } from '../../../lib/route-schemas';
import { authUser } from '../../../plugins/auth';
import type { AdminSettlementService } from './admin-settlement.service';

/** Settlement: one tip, a whole match, corrections, and what is waiting to be settled. */
export async function adminSettlementRoutes(app: AppInstance, settlement: AdminSettlementService) {
  app.get(
    '/tips/unsettled',
    {
      schema: {
        ...adminDocs,
        summary: 'Open tips whose match has kicked off',
        querystring: UnsettledTipsQuerySchema,
        response: { 200: BackofficeTipPageSchema, ...backofficeErrors },
      },
    },
    async (request) => settlement.listUnsettled(authUser(request).id, request.query),
  );

  app.get(
    '/matches/unsettled',
    {
      schema: {
        ...adminDocs,
        summary: 'Kicked-off matches with open tips',
        response: { 200: UnsettledMatchesResponseSchema, ...backofficeErrors },
      },
    },
    async () => ({ data: await settlement.listUnsettledMatches() }),
  );

  app.post(
    '/tips/:id/settle',
    {
      schema: {
        ...adminDocs,
        summary: 'Settle one tip with a result, or from the final score',
        params: IdParamSchema,
        body: SettleTipBodySchema,
        response: { 200: SettleTipResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => settlement.settleTip(authUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/tips/:id/suggest-result',
    {
      schema: {
        ...adminDocs,
        summary: 'The result a final score implies for this tip (nothing is settled)',
        params: IdParamSchema,
        body: SuggestResultBodySchema,
        response: { 200: SuggestResultResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => settlement.suggestResult(request.params.id, request.body.score),
  );

  app.post(
    '/tips/:id/correct',
    {
      schema: {
        ...adminDocs,
        summary: 'Correct a wrong settlement (audited, reason required)',
        params: IdParamSchema,
        body: CorrectTipBodySchema,
        response: { 200: SettleTipResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => settlement.correctTip(authUser(request).id, request.params.id, request.body),
  );

  app.post(
    '/matches/settle',
    {
      schema: {
        ...adminDocs,
        summary: 'Settle every open tip of a match from its final score',
        body: SettleMatchBodySchema,
        response: { 200: SettleMatchResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => settlement.settleMatch(authUser(request).id, request.body),
  );
}
