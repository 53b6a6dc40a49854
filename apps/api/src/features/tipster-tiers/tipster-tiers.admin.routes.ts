import { IdParamSchema, TipsterTierBodySchema, TipsterTierResponseSchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import { adminDocs, backofficeErrors } from '../../lib/route-schemas';
import { authUser } from '../../plugins/auth';
import type { TipsterTiersService } from './tipster-tiers.service';

/** An admin moves a tipster to another tier, with a reason (decision 165). */
export async function adminTipsterTierRoutes(app: AppInstance, tiers: TipsterTiersService) {
  app.post(
    '/tipsters/:id/tier',
    {
      schema: {
        ...adminDocs,
        summary:
          'Move a tipster to another tier (NOVICE, SENIOR or PREMIUM) with a reason, audited and emailed',
        params: IdParamSchema,
        body: TipsterTierBodySchema,
        response: { 200: TipsterTierResponseSchema, ...backofficeErrors },
      },
    },
    async (request) => ({
      data: await tiers.setTier(authUser(request).id, request.params.id, request.body),
    }),
  );
}
