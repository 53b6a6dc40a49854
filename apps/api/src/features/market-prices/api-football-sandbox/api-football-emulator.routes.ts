import { z } from 'zod';
import type { AppInstance, FeatureDeps } from '../../../app-types';
import {
  API_FOOTBALL_SANDBOX_PREFIX,
  createApiFootballEmulator,
  SANDBOX_API_FOOTBALL_KEY,
  type SandboxOddsFixture,
} from './api-football-emulator';

/**
 * A local stand-in for API-Football v3 (served only when ODDS_API_KEY is unset, like the PayPal and
 * football-data emulators): GET /fixtures and /odds by league, season and date, with the key check,
 * the minute quota (429 with `errors.requests`, as the real API words it) and paging. Tests and
 * developers script it: PUT a fixture with its bookmakers' odds, DELETE to start over, PUT the
 * quota, GET the calls it answered.
 */

const ROUTE = { ignoreAccessToken: true } as const;
const JsonSchema = z.looseObject({});
const TAG = ['api-football-sandbox'];
const LeagueDayQuery = z.object({
  league: z.coerce.number().int().positive(),
  season: z.coerce.number().int().min(1900).max(3000),
  date: z.iso.date({ error: 'Expected a date YYYY-MM-DD' }),
});

const FixtureBodySchema = z.object({
  league: z.number().int().positive(),
  season: z.number().int(),
  date: z.iso.datetime({ offset: true }),
  home: z.string().min(1).max(100),
  away: z.string().min(1).max(100),
  bookmakers: z.array(
    z.object({
      id: z.number().int(),
      name: z.string().min(1).max(100),
      bets: z.array(
        z.object({
          id: z.number().int(),
          name: z.string().min(1).max(100),
          values: z.array(z.object({ value: z.union([z.string(), z.number()]), odd: z.string() })),
        }),
      ),
    }),
  ),
});

export async function apiFootballEmulatorRoutes(app: AppInstance, { clock }: FeatureDeps): Promise<void> {
  const emulator = createApiFootballEmulator(clock);

  /**
   * The key check and the quota, answered as API-Football does (200 with `errors`, or 429 with
   * Retry-After: the seconds until the minute's quota resets).
   */
  function admit(headers: Record<string, unknown>, call: string) {
    const key = headers['x-apisports-key'];
    if (key !== SANDBOX_API_FOOTBALL_KEY) {
      return {
        status: 200 as const,
        body: {
          errors: {
            token:
              'Error/Missing application key. Go to https://www.api-football.com/documentation-v3 to learn how to get your API application key.',
          },
          results: 0,
          response: [],
        },
      };
    }
    const quota = emulator.takeQuota(key, call);
    if (!quota.allowed) {
      return {
        status: 429 as const,
        retryAfter: quota.resetSeconds,
        body: {
          errors: { rateLimit: 'Too many requests. Your rate limit is 10 requests per minute.' },
          results: 0,
          response: [],
        },
        remaining: 0,
      };
    }
    return { status: 200 as const, body: null, remaining: quota.remaining };
  }

  app.get(
    `${API_FOOTBALL_SANDBOX_PREFIX}/fixtures`,
    {
      config: ROUTE,
      schema: { tags: TAG, querystring: LeagueDayQuery, response: { 200: JsonSchema, 429: JsonSchema } },
    },
    async (request, reply) => {
      const q = request.query;
      const admitted = admit(
        request.headers,
        `/fixtures?league=${q.league}&season=${q.season}&date=${q.date}`,
      );
      if (admitted.remaining !== undefined) reply.header('x-ratelimit-remaining', String(admitted.remaining));
      if ('retryAfter' in admitted) reply.header('retry-after', String(admitted.retryAfter));
      if (admitted.body)
        return reply.code(admitted.status).send({ get: 'fixtures', parameters: q, ...admitted.body });
      const response = emulator.fixturesOf(q);
      return {
        get: 'fixtures',
        parameters: q,
        errors: [],
        results: response.length,
        paging: { current: 1, total: 1 },
        response,
      };
    },
  );

  app.get(
    `${API_FOOTBALL_SANDBOX_PREFIX}/odds`,
    {
      config: ROUTE,
      schema: {
        tags: TAG,
        querystring: LeagueDayQuery.extend({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
        response: { 200: JsonSchema, 429: JsonSchema },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const admitted = admit(
        request.headers,
        `/odds?league=${q.league}&season=${q.season}&date=${q.date}&page=${q.page}`,
      );
      if (admitted.remaining !== undefined) reply.header('x-ratelimit-remaining', String(admitted.remaining));
      if ('retryAfter' in admitted) reply.header('retry-after', String(admitted.retryAfter));
      if (admitted.body)
        return reply.code(admitted.status).send({ get: 'odds', parameters: q, ...admitted.body });
      const { total, response } = emulator.oddsOf(q);
      return {
        get: 'odds',
        parameters: q,
        errors: [],
        results: response.length,
        paging: { current: q.page, total },
        response,
      };
    },
  );

  app.put(
    `${API_FOOTBALL_SANDBOX_PREFIX}/fixtures/:id`,
    {
      config: ROUTE,
      schema: {
        tags: TAG,
        params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }),
        body: FixtureBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      emulator.putFixture({ ...request.body, id: request.params.id } satisfies SandboxOddsFixture);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `${API_FOOTBALL_SANDBOX_PREFIX}/fixtures`,
    { config: ROUTE, schema: { tags: TAG, response: { 204: z.null() } } },
    async (_request, reply) => {
      emulator.reset();
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${API_FOOTBALL_SANDBOX_PREFIX}/quota`,
    {
      config: ROUTE,
      schema: {
        tags: TAG,
        body: z.object({ requestsPerMinute: z.number().int().min(0).max(10_000) }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      emulator.setRequestsPerMinute(request.body.requestsPerMinute);
      return reply.code(204).send(null);
    },
  );

  app.get(
    `${API_FOOTBALL_SANDBOX_PREFIX}/calls`,
    { config: ROUTE, schema: { tags: TAG, response: { 200: z.object({ calls: z.array(z.string()) }) } } },
    async () => ({ calls: emulator.calls() }),
  );
}

/** The API-Football emulator, mounted only when no ODDS_API_KEY is configured. */
export async function apiFootballSandboxFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  if (deps.config.marketPrices.apiKey) return;
  await apiFootballEmulatorRoutes(app, deps);
}
