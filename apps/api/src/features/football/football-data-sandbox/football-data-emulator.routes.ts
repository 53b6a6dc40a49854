import { z } from 'zod';
import type { AppInstance, FeatureDeps } from '../../../app-types';
import {
  createFootballDataEmulator,
  FOOTBALL_DATA_SANDBOX_PREFIX,
  SANDBOX_FOOTBALL_DATA_TOKEN,
  type SandboxMatch,
} from './football-data-emulator';

/**
 * A local stand-in for football-data.org v4 (served only when FOOTBALL_DATA_TOKEN is unset, like
 * the PayPal emulator): GET /v4/competitions/{code}/matches with the token check and the minute
 * quota headers, so the REST adapter and its back-off run against it. Tests and developers script
 * it: PUT a match (v4 JSON) to add or change it (score, status), DELETE to start over, PUT the
 * quota to provoke 429s.
 */

const ROUTE = { ignoreAccessToken: true } as const;
const JsonSchema = z.looseObject({});
const DaySchema = z.iso.date({ error: 'Expected a date YYYY-MM-DD' });
const TAG = ['football-data-sandbox'];

const MatchBodySchema = z.looseObject({
  id: z.number().int().positive(),
  utcDate: z.iso.datetime({ offset: true }),
  competition: z.looseObject({ code: z.string().min(1) }),
});

export async function footballDataEmulatorRoutes(app: AppInstance, { clock }: FeatureDeps): Promise<void> {
  const emulator = createFootballDataEmulator(clock);

  app.get(
    `${FOOTBALL_DATA_SANDBOX_PREFIX}/v4/competitions/:code/matches`,
    {
      config: ROUTE,
      schema: {
        tags: TAG,
        params: z.object({ code: z.string().regex(/^[A-Z0-9]{2,5}$/) }),
        querystring: z.object({ dateFrom: DaySchema, dateTo: DaySchema }),
        response: { 200: JsonSchema, 400: JsonSchema, 403: JsonSchema, 429: JsonSchema },
      },
    },
    async (request, reply) => {
      const token = request.headers['x-auth-token'];
      reply.header('x-api-version', 'v4');
      if (token !== SANDBOX_FOOTBALL_DATA_TOKEN) {
        return reply.code(400).send({ message: 'Your API token is invalid.', errorCode: 400 });
      }
      const quota = emulator.takeQuota(token);
      reply.header('x-authenticated-client', 'sandbox-local');
      reply.header('x-requests-available-minute', String(quota.available));
      reply.header('x-requestcounter-reset', String(quota.resetSeconds));
      if (!quota.allowed) {
        return reply.code(429).send({
          message: `You reached your request limit. Wait ${quota.resetSeconds} seconds.`,
          errorCode: 429,
        });
      }
      const { code } = request.params;
      const { dateFrom, dateTo } = request.query;
      const matches = emulator.listMatches(code, dateFrom, dateTo);
      return {
        filters: { dateFrom, dateTo, permission: 'TIER_ONE' },
        resultSet: {
          count: matches.length,
          first: matches[0]?.utcDate.slice(0, 10) ?? null,
          last: matches.at(-1)?.utcDate.slice(0, 10) ?? null,
          played: matches.filter((m) => m.status === 'FINISHED').length,
        },
        competition: { code },
        matches,
      };
    },
  );

  app.put(
    `${FOOTBALL_DATA_SANDBOX_PREFIX}/matches/:id`,
    {
      config: ROUTE,
      schema: {
        tags: TAG,
        params: z.object({ id: z.coerce.number().int().positive() }),
        body: MatchBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      emulator.putMatch({ ...request.body, id: request.params.id } as SandboxMatch);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    `${FOOTBALL_DATA_SANDBOX_PREFIX}/matches`,
    { config: ROUTE, schema: { tags: TAG, response: { 204: z.null() } } },
    async (_request, reply) => {
      emulator.reset();
      return reply.code(204).send(null);
    },
  );

  app.put(
    `${FOOTBALL_DATA_SANDBOX_PREFIX}/quota`,
    {
      config: ROUTE,
      schema: {
        tags: TAG,
        body: z.object({ requestsPerMinute: z.number().int().min(0).max(10_000) }),
        response: { 200: z.object({ requestsPerMinute: z.number(), requestCount: z.number() }) },
      },
    },
    async (request) => {
      emulator.setRequestsPerMinute(request.body.requestsPerMinute);
      return { requestsPerMinute: request.body.requestsPerMinute, requestCount: emulator.requestCount() };
    },
  );
}

/** The football-data.org emulator, mounted only when no token is configured. */
export async function footballDataSandboxFeature(app: AppInstance, deps: FeatureDeps): Promise<void> {
  if (deps.config.footballData.token) return;
  await footballDataEmulatorRoutes(app, deps);
}
