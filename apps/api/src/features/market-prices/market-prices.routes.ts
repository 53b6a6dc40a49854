import { ErrorBodySchema, FixtureOddsParamsSchema, FixtureOddsResponseSchema } from '@tips/contract';
import type { AppInstance } from '../../app-types';
import type { MarketPricesService } from './market-prices.service';

/** GET /fixtures/{id}/odds: public, the best current price of every selection of a match to come. */
export async function marketPricesRoutes(app: AppInstance, service: MarketPricesService) {
  app.get(
    '/fixtures/:id/odds',
    {
      config: { ignoreAccessToken: true },
      schema: {
        tags: ['fixtures'],
        summary:
          "The market's current prices of an upcoming match: the best price of each selection across bookmakers (source 'house-book' = demo prices from a rating model, not a bookmaker's); empty once the match has kicked off",
        params: FixtureOddsParamsSchema,
        response: { 200: FixtureOddsResponseSchema, 400: ErrorBodySchema, 404: ErrorBodySchema },
      },
    },
    async (request) => ({ data: await service.fixtureOdds(request.params.id) }),
  );
}
