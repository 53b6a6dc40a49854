import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { MESSAGES } from '@tips/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config/env';
import type { Database } from '../db/client';
import { unavailable } from '../lib/app-error';
import { errorBody } from './error-handler';

/**
 * Sheds load with 503 + Retry-After (in the one error body) when the process is overloaded,
 * instead of queueing requests until everything times out. /api/health keeps answering: it says
 * whether the process lives, not whether it is busy.
 *
 * Overloaded means requests wait: the event loop's mean delay over a second passes
 * SHED_MAX_EVENT_LOOP_DELAY_MS (default 250 ms). Event-loop utilisation is off by default: a
 * process serving 50 connections at full speed is 100 % busy and healthy, and shedding it then
 * only turns answers into errors (docs/performance.md has the figures).
 *
 * A shed request is answered from here, not thrown: under overload, an error log line with a
 * stack per rejected request would add work exactly when there is none to spare. One summary
 * line per 10 s says that shedding happens.
 */

export const RETRY_AFTER_SECONDS = 10;
const LOG_EVERY_MS = 10_000;

export type UnderPressureSettings = Pick<
  FastifyUnderPressureOptions,
  | 'maxEventLoopDelay'
  | 'maxEventLoopUtilization'
  | 'maxHeapUsedBytes'
  | 'maxRssBytes'
  | 'sampleInterval'
  | 'healthCheck'
  | 'healthCheckInterval'
>;

export const DEFAULT_UNDER_PRESSURE: UnderPressureSettings = {
  maxEventLoopDelay: 250,
};

/** How often the in-process database's queue is read (SHED_MAX_DB_WAIT_MS). */
const DATABASE_WAIT_CHECK_MS = 100;

/**
 * The thresholds from the environment (0 turns a check off, as @fastify/under-pressure reads it).
 * With PGlite (`oldestWaitMs`), requests also wait for the in-process database: its calls take
 * turns with the event loop (db/pglite-turns.ts), so a saturated database shows as calls waiting
 * longer than SHED_MAX_DB_WAIT_MS rather than as event-loop delay (decision 104).
 */
export function underPressureSettings(
  config: Pick<AppConfig, 'underPressure'>,
  database?: Pick<Database, 'oldestWaitMs'>,
): UnderPressureSettings {
  const { maxEventLoopDelayMs, maxEventLoopUtilization, maxDatabaseWaitMs } = config.underPressure;
  const oldestWaitMs = database?.oldestWaitMs;
  const databaseCheck =
    oldestWaitMs && maxDatabaseWaitMs > 0
      ? {
          healthCheck: async () => oldestWaitMs() <= maxDatabaseWaitMs,
          healthCheckInterval: DATABASE_WAIT_CHECK_MS,
        }
      : {};
  return { maxEventLoopDelay: maxEventLoopDelayMs, maxEventLoopUtilization, ...databaseCheck };
}

/**
 * @fastify/under-pressure samples event-loop delay once a second (its default sampleInterval), so
 * the first sample after listen() still holds the start-up's own work (migrations, the demo seed,
 * the AI model's fit, the warm-up): not load, and no visitor caused it. Event-loop pressure is
 * therefore not acted on before the server listens nor during the first full sample after it
 * (decision 104). The database-wait check and health checks apply at once.
 */
const START_GRACE_MS = 1_100;
const EVENT_LOOP_TYPES = new Set(['eventLoopDelay', 'eventLoopUtilization']);

const underPressurePlugin: FastifyPluginAsync<UnderPressureSettings> = async (app, settings) => {
  let shed = 0;
  let lastLog = 0;
  let listenedAt: number | null = null;
  app.addHook('onListen', async () => {
    listenedAt = performance.now();
  });
  const startingUp = () => listenedAt === null || performance.now() - listenedAt < START_GRACE_MS;
  await app.register(underPressure, {
    ...settings,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async (request, reply, type, value) => {
      if (request.url === '/api/health' || request.url.startsWith('/api/health?')) return;
      if (EVENT_LOOP_TYPES.has(type) && startingUp()) return;
      shed++;
      const now = Date.now();
      if (now - lastLog >= LOG_EVERY_MS) {
        app.log.warn({ type, value, shedSinceLastLog: shed }, 'under pressure: shedding requests with 503');
        shed = 0;
        lastLog = now;
      }
      const error = unavailable(MESSAGES.unavailable, RETRY_AFTER_SECONDS);
      for (const [name, headerValue] of Object.entries(error.headers ?? {})) reply.header(name, headerValue);
      // Awaiting the reply waits until it is sent, so no later hook or handler runs for it.
      await reply
        .code(error.status)
        .type('application/json; charset=utf-8')
        .send(errorBody(error, request.id));
    },
  });
};

export default fp(underPressurePlugin, { name: 'under-pressure', fastify: '5.x' });
