import underPressure, { type FastifyUnderPressureOptions } from '@fastify/under-pressure';
import { MESSAGES } from '@tips/contract';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { unavailable } from '../lib/app-error';

/**
 * Sheds load with 503 + Retry-After (in the one error body) when the event loop is saturated,
 * instead of queueing requests until everything times out. /api/health keeps answering: it says
 * whether the process lives, not whether it is busy.
 */

export const RETRY_AFTER_SECONDS = 10;

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
  maxEventLoopDelay: 1000,
  maxEventLoopUtilization: 0.98,
};

const underPressurePlugin: FastifyPluginAsync<UnderPressureSettings> = async (app, settings) => {
  await app.register(underPressure, {
    ...settings,
    retryAfter: RETRY_AFTER_SECONDS,
    pressureHandler: async (request) => {
      if (request.url === '/api/health' || request.url.startsWith('/api/health?')) return;
      throw unavailable(MESSAGES.unavailable, RETRY_AFTER_SECONDS);
    },
  });
};

export default fp(underPressurePlugin, { name: 'under-pressure', fastify: '5.x' });
