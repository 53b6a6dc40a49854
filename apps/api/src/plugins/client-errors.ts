import { textInput } from '@tips/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorReporter } from '../infra/error-reporting/error-reporter';
import { routeRateLimit } from './rate-limit';

/**
 * POST /api/client-errors: the web app's uncaught errors (apps/web/src/lib/report-errors.ts),
 * relayed to the error-reporting endpoint (decision 118). Relayed rather than sent by the browser
 * itself: the DSN stays on the server, the CSP needs no third-party origin, and a visitor's
 * browser talks to nobody else. Answers 204 whether or not reporting is configured; bounded per
 * client (rate limit) and per report (sizes).
 */
const ClientErrorBody = z.object({
  message: textInput().trim().min(1).max(1000),
  name: textInput().max(100).optional(),
  stack: textInput().max(8000).optional(),
  /** The page's path (no query: it may carry codes and tokens). */
  page: textInput().max(500).optional(),
});

export const clientErrorsPlugin = fp(
  async (app: FastifyInstance, opts: { reporter: ErrorReporter }) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/api/client-errors',
      {
        config: { rateLimit: routeRateLimit(10, '1 minute') },
        schema: {
          tags: ['ops'],
          summary: 'Reports an uncaught error of the web app (relayed to error reporting); 204',
          body: ClientErrorBody,
        },
      },
      async (request, reply) => {
        const { message, name, stack, page } = request.body;
        const error = new Error(message);
        error.name = name ?? 'Error';
        opts.reporter.report({
          error,
          platform: 'javascript',
          stack: stack ? `${error.name}: ${message}\n${stack}` : undefined,
          tags: { source: 'browser', request_id: request.id },
          request: { url: page?.split('?', 1)[0], method: 'GET' },
        });
        request.log.warn({ clientError: { name: error.name, message, page } }, 'browser error');
        return reply.code(204).send();
      },
    );
  },
  { name: 'client-errors' },
);
