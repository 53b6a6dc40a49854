import { ErrorBodySchema } from '@tips/contract';
import { z } from 'zod';
import type { AppInstance, FeatureDeps } from '../../app-types';
import { unavailable } from '../../lib/app-error';

export const DATABASE_UNAVAILABLE = 'Database unavailable';
const PING_TIMEOUT_MS = 3000;

const HealthSchema = z.object({ status: z.literal('ok') });
const ReadySchema = z.object({ status: z.literal('ready') });

/** GET /api/health: the process is alive. GET /api/ready: it can reach its database right now. */
export async function healthRoutes(app: AppInstance, { database }: FeatureDeps): Promise<void> {
  app.get(
    '/health',
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: HealthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    { logLevel: 'warn', schema: { tags: ['health'], response: { 200: ReadySchema, 503: ErrorBodySchema } } },
    async (request) => {
      try {
        await withTimeout(database.ping(), PING_TIMEOUT_MS);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check: database ping failed');
        throw unavailable(DATABASE_UNAVAILABLE, 5);
      }
      return { status: 'ready' as const };
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
